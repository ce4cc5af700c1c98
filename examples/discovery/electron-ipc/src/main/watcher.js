import { ipcMain } from 'electron';

// The notes folder's watcher tells the renderer what changed on disk, and the main process's own
// listeners (the recent-notes menu) through the same channels.
export function watchFolder(mainWindow, watcher) {
  watcher.on('add', (path) => mainWindow.webContents.send('main:note-added', path));
  watcher.on('unlink', (path) => mainWindow.webContents.send('main:note-removed', path));
  watcher.on('addDir', (path) => mainWindow.webContents.send('main:folder-added', path));
  watcher.on('unlinkDir', (path) => mainWindow.webContents.send('main:folder-removed', path));
  watcher.on('error', (error) => mainWindow.webContents.send('main:watch-error', String(error)));
  watcher.on('ready', () => mainWindow.webContents.send('main:watch-ready'));
  watcher.on('change', (path) => {
    ipcMain.emit('main:note-added', path);
    ipcMain.emit('main:note-removed', path);
  });
}
