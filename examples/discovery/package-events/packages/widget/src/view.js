import { bus } from './bus.js';

export function renderWidget(open) {
	console.log('widget', open);
}

export function mountWidget() {
	bus.on('change', renderWidget);
}
