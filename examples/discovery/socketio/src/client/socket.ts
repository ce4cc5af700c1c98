import { io } from 'socket.io-client';

export const socket = io('http://localhost:3000');

export function enter(room: string) {
  socket.emit('room:join', room);
}

export function exit(room: string) {
  socket.emit('room:leave', room);
}

export function say(room: string, text: string) {
  socket.emit('message:send', room, text);
}

export function startTyping(room: string) {
  socket.emit('typing:start', room);
}
