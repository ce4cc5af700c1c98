import { Server, type Socket } from 'socket.io';

const io = new Server(3000);

function joinRoom(socket: Socket, room: string) {
  socket.join(room);
  io.to(room).emit('room:joined', { id: socket.id });
}

function leaveRoom(socket: Socket, room: string) {
  socket.leave(room);
  io.to(room).emit('room:left', { id: socket.id });
}

io.on('connection', (socket) => {
  socket.on('room:join', (room: string) => joinRoom(socket, room));
  socket.on('room:leave', (room: string) => leaveRoom(socket, room));
  socket.on('message:send', (room: string, text: string) => {
    io.to(room).emit('message:new', { from: socket.id, text });
  });
  socket.on('typing:start', (room: string) => {
    socket.to(room).emit('typing', { id: socket.id });
  });
});
