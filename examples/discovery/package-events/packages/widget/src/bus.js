// The widget's own bus: the web app bundles the widget (a devDependency) but never imports it,
// so this `change` is heard only inside the widget.
export class WidgetBus {
	listeners = {};

	on(event, fn) {
		(this.listeners[event] ??= []).push(fn);
	}

	emit(event, payload) {
		for (const fn of this.listeners[event] ?? []) fn(payload);
	}
}

export const bus = new WidgetBus();

export function toggleWidget(open) {
	bus.emit('change', open);
}
