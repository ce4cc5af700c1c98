import { io } from 'socket.io-client';
import { action } from './state';

const socket = io('http://localhost:3000');
const timers = new Map<string, ReturnType<typeof setTimeout>>();

export function onNoteSaved(note: { id: string }) {
  console.log('note saved', note.id);
}

export function onNoteDeleted(note: { id: string }) {
  console.log('note deleted', note.id);
}

export function watchBoard(seen: string[]) {
  socket.on('notes.create', onNoteSaved);
  socket.on('notes.update', onNoteSaved);
  socket.on('notes.delete', onNoteDeleted);
  socket.on('boards.move', () => console.log('board moved'));
  socket.on('boards.archive', () => console.log('board archived'));
  // The listener wrapped by a state library's `action`: the arrow is the handler, not `watchBoard`.
  socket.on(
    'boards.pin',
    action((board: { id: string }) => {
      console.log('board pinned', board.id);
    }),
  );
  // A value computed by a callback, or a timer's handle, is no handler.
  socket.emit('boards.seen', seen.map((id) => id.trim()));
  timers.set('boards.seen', setTimeout(() => seen.splice(0), 1000));
}
