import fs from 'node:fs';

export function readNote(dir, id) {
  return fs.readFileSync(`${dir}/${id}.md`, 'utf8');
}

export function writeNote(dir, id, text) {
  fs.writeFileSync(`${dir}/${id}.md`, text);
}

export function removeNote(dir, id) {
  fs.unlinkSync(`${dir}/${id}.md`);
}
