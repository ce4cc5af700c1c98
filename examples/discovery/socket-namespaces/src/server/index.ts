// One socket.io server, two namespaces handling the same event names.
import { Server } from 'socket.io';
import { onChatMessage, onGameMessage } from './handlers';

const io = new Server(3000);
const chat = io.of('/chat');

chat.on('connection', (socket) => {
  socket.on('message', onChatMessage);
  socket.on('join', (room: string) => socket.join(room));
});

io.of('/game').on('connection', (socket) => {
  socket.on('message', onGameMessage);
  socket.on('join', (table: string) => {
    socket.join(table);
    io.of('/game').to(table).emit('seated', { id: socket.id });
  });
});

// The default namespace's own event.
io.on('connection', (socket) => {
  socket.on('ping', () => socket.emit('pong'));
});
