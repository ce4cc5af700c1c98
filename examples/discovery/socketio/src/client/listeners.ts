import { socket } from './socket';

export function showMessage(message: { from: string; text: string }) {
  console.log(message.from, message.text);
}

export function listen() {
  socket.on('message:new', showMessage);
  socket.on('room:joined', (who: { id: string }) => console.log('joined', who.id));
  socket.on('room:left', (who: { id: string }) => console.log('left', who.id));
}
