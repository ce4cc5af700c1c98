const notes = new Set();
const folders = new Set();

export const store = {
  add: (path) => notes.add(path),
  remove: (path) => notes.delete(path),
  addFolder: (path) => folders.add(path),
  removeFolder: (path) => folders.delete(path),
  fail: (message) => console.error(message),
  ready: () => console.info('watching', notes.size, folders.size)
};
