import { io } from 'socket.io-client';

const socket = io('http://localhost:3000');

export function onNoteSaved(note: { id: string }) {
  console.log('note saved', note.id);
}

export function onNoteDeleted(note: { id: string }) {
  console.log('note deleted', note.id);
}

export function watchBoard() {
  socket.on('notes.create', onNoteSaved);
  socket.on('notes.update', onNoteSaved);
  socket.on('notes.delete', onNoteDeleted);
  socket.on('boards.move', () => console.log('board moved'));
  socket.on('boards.archive', () => console.log('board archived'));
  socket.on('boards.pin', () => console.log('board pinned'));
}
