import { io } from 'socket.io-client';

const socket = io();

export function ping() {
  socket.emit('ping');
}
