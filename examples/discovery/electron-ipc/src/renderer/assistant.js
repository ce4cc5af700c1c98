// The bridge taken apart once: every call below is on `window.ipcRenderer`.
const { ipcRenderer } = window;

export function ask(prompt) {
  ipcRenderer.send('renderer:ask-assistant', prompt);
  ipcRenderer.on('main:assistant-token', (token) => prompt.onToken(token));
}

export function stop(id) {
  ipcRenderer.send('renderer:stop-assistant', id);
}

export function rate(id, score) {
  ipcRenderer.send('renderer:rate-answer', id, score);
}

export function clear() {
  ipcRenderer.send('renderer:clear-assistant');
}
