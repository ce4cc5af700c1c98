import { bus } from '@demo/core';

export function renderDocument(doc) {
	console.log('document', doc);
}

export function mountApp() {
	bus.on('change', renderDocument);
}
