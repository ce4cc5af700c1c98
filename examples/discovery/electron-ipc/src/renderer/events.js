import { store } from './store.js';

export function listenToMain() {
  const { ipcRenderer } = window;
  ipcRenderer.on('main:note-added', (path) => store.add(path));
  ipcRenderer.on('main:note-removed', (path) => store.remove(path));
  ipcRenderer.on('main:folder-added', (path) => store.addFolder(path));
  ipcRenderer.on('main:folder-removed', (path) => store.removeFolder(path));
  ipcRenderer.on('main:watch-error', (message) => store.fail(message));
  ipcRenderer.on('main:watch-ready', () => store.ready());
}
