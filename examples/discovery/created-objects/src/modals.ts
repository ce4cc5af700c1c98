import { Emitter } from './emitter';

export function renderModals() {
	console.log('modals');
}

class ModalStore extends Emitter {
	stack: string[] = [];

	open(modal: string) {
		this.stack = [modal];
		this.emit('update');
	}

	watch() {
		this.on('update', renderModals);
	}
}

export const modals = new ModalStore();
