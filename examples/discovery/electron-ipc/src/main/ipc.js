import { ipcMain } from 'electron';
import { readNote, removeNote, writeNote } from './notes.js';

const streams = new Map();

function startExport(mainWindow, format) {
  mainWindow.webContents.send('main:export-progress', { format, done: 0 });
}

function cancelExport(mainWindow) {
  mainWindow.webContents.send('main:export-progress', { done: -1 });
}

function askAssistant(mainWindow, prompt) {
  streams.set(prompt.id, prompt);
  mainWindow.webContents.send('main:assistant-token', { id: prompt.id, token: '' });
}

function stopAssistant(id) {
  streams.delete(id);
}

export function registerNoteIpc(mainWindow, dir) {
  ipcMain.handle('renderer:read-note', async (_event, id) => readNote(dir, id));
  ipcMain.handle('renderer:write-note', async (_event, id, text) => {
    writeNote(dir, id, text);
    mainWindow.webContents.send('main:note-changed', { id });
  });
  ipcMain.handle('renderer:remove-note', async (_event, id) => removeNote(dir, id));

  ipcMain.on('renderer:start-export', (_event, format) => startExport(mainWindow, format));
  ipcMain.on('renderer:cancel-export', () => cancelExport(mainWindow));
  ipcMain.on('renderer:open-devtools', () => mainWindow.webContents.openDevTools());
  ipcMain.on('renderer:toggle-fullscreen', () => mainWindow.setFullScreen(!mainWindow.isFullScreen()));
  ipcMain.on('renderer:reload-window', () => mainWindow.reload());
  ipcMain.on('renderer:ask-assistant', (_event, prompt) => askAssistant(mainWindow, prompt));
  ipcMain.on('renderer:stop-assistant', (_event, id) => stopAssistant(id));
  ipcMain.on('renderer:rate-answer', (_event, id, score) => streams.set(id, { score }));
  ipcMain.on('renderer:clear-assistant', () => streams.clear());
}
