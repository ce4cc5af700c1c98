import { ipcMain } from 'electron';

const recent = [];

export function trackRecentNotes() {
  ipcMain.on('main:note-added', (path) => recent.unshift(path));
  ipcMain.on('main:note-removed', (path) => recent.splice(recent.indexOf(path), 1));
}
