export async function openNote(id) {
  return window.ipcRenderer.invoke('renderer:read-note', id);
}

export async function saveNote(id, text) {
  await window.ipcRenderer.invoke('renderer:write-note', id, text);
}

export async function deleteNote(id) {
  const { ipcRenderer } = window;
  await ipcRenderer.invoke('renderer:remove-note', id);
}

export function watchNotes(onChange) {
  const { ipcRenderer } = window;
  ipcRenderer.on('main:note-changed', onChange);
  ipcRenderer.on('main:export-progress', (progress) => onChange(progress));
}
