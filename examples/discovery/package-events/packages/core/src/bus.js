// The shared document bus: the web app imports it and listens to its `change`.
export class DocumentBus {
	listeners = {};

	on(event, fn) {
		(this.listeners[event] ??= []).push(fn);
	}

	emit(event, payload) {
		for (const fn of this.listeners[event] ?? []) fn(payload);
	}
}

export const bus = new DocumentBus();

export function saveDocument(doc) {
	bus.emit('change', doc);
}
