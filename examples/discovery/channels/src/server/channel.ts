type Listener = (...args: unknown[]) => void;

export class Channel {
	private listeners = new Map<string, Listener[]>();

	constructor(readonly name: string) {}

	on(event: string, fn: Listener): void {
		this.listeners.set(event, [...(this.listeners.get(event) ?? []), fn]);
	}

	emit(event: string, ...args: unknown[]): void {
		for (const fn of this.listeners.get(event) ?? []) fn(...args);
	}
}
