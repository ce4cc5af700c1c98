type Ctor<T> = new (...args: never[]) => T;

export interface Subscription<T> {
	subscribe(handler: (event: T) => void): void;
}

/** Listeners select events by class; senders publish instances. */
export class EventBus {
	private readonly handlers: { type: Ctor<unknown>; handler: (event: unknown) => void }[] = [];

	publish(event: object): void {
		for (const h of this.handlers) if (event instanceof h.type) h.handler(event);
	}

	ofType<T>(type: Ctor<T>): Subscription<T> {
		return { subscribe: (handler) => this.handlers.push({ type, handler: handler as (e: unknown) => void }) };
	}
}
