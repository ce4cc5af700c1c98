type Listener = (...args: unknown[]) => void;

/** A named publication that clients subscribe to with `useStream(name)`. */
export class Streamer {
	private readonly listeners = new Map<string, Listener[]>();

	constructor(readonly name: string) {}

	on(event: string, listener: Listener): void {
		this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
	}

	emit(event: string, ...args: unknown[]): void {
		for (const listener of this.listeners.get(event) ?? []) listener(...args);
	}
}

export const notifyRoomStream = new Streamer('room-messages');
export const notifyUserStream = new Streamer('user-status');
