import { contextBridge, ipcRenderer } from 'electron';

// The renderer reaches the main process only through this bridge: `window.ipcRenderer`.
contextBridge.exposeInMainWorld('ipcRenderer', {
  invoke: (channel, ...args) => ipcRenderer.invoke(channel, ...args),
  send: (channel, ...args) => ipcRenderer.send(channel, ...args),
  on: (channel, handler) => ipcRenderer.on(channel, (_event, ...args) => handler(...args))
});
