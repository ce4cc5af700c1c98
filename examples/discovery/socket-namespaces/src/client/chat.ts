import { io } from 'socket.io-client';

const chatSocket = io('http://localhost:3000/chat');

export function say(text: string) {
  chatSocket.emit('message', text);
}

export function enterRoom(room: string) {
  chatSocket.emit('join', room);
}
