import type { EventHandler } from './api';

/**
 * Base class of every service. Subclasses set `name` and subscribe to broker events in their
 * constructor with `this.onEvent`.
 */
export abstract class ServiceClass {
	protected abstract name: string;

	private readonly events = new Map<string, EventHandler[]>();

	getName(): string {
		return this.name;
	}

	/** Subscribe to an event sent with `api.broadcast(event, …)`. */
	protected onEvent(event: string, handler: EventHandler): void {
		const handlers = this.events.get(event) ?? [];
		handlers.push(handler);
		this.events.set(event, handlers);
	}

	/** Called by the broker for every broadcast event this service subscribed to. */
	async emit(event: string, ...args: unknown[]): Promise<void> {
		for (const handler of this.events.get(event) ?? []) {
			await handler(...args);
		}
	}

	async started(): Promise<void> {}
}
