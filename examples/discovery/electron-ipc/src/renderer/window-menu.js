export function exportNotes(format) {
  window.ipcRenderer.send('renderer:start-export', format);
}

export function cancelNotesExport() {
  window.ipcRenderer.send('renderer:cancel-export');
}

export function openDevtools() {
  window.ipcRenderer.send('renderer:open-devtools');
}

export function toggleFullscreen() {
  window.ipcRenderer.send('renderer:toggle-fullscreen');
}

export function reloadWindow() {
  window.ipcRenderer.send('renderer:reload-window');
}
