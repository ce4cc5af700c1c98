import { Emitter } from './emitter';

// A module's own emitter: its `update` is heard by its own subscribers only.
const emitter = new Emitter();
let uploads: string[] = [];

export function addUpload(name: string) {
	uploads = [...uploads, name];
	emitter.emit('update');
}

export function refreshUploads() {
	console.log(uploads);
}

export function watchUploads() {
	return emitter.on('update', refreshUploads);
}
