type Handler<TArgs extends unknown[]> = (...args: TArgs) => void | Promise<void>;

/**
 * A typed registry for one hook, created with `Callbacks.create('hookName')`: features `add`
 * handlers, core code `run`s them. Separate from the string-keyed global `callbacks`.
 */
export class Callbacks<TArgs extends unknown[]> {
	private readonly handlers: Handler<TArgs>[] = [];

	private constructor(readonly hook: string) {}

	static create<TArgs extends unknown[]>(hook: string): Callbacks<TArgs> {
		return new Callbacks<TArgs>(hook);
	}

	add(handler: Handler<TArgs>): void {
		this.handlers.push(handler);
	}

	async run(...args: TArgs): Promise<void> {
		for (const handler of this.handlers) await handler(...args);
	}
}
