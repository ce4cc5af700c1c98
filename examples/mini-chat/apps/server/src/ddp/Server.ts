type MethodFn = (this: { userId: string | null }, ...args: any[]) => unknown;

/** The DDP streamer's own server: a separate process that answers some methods without Meteor. */
export class Server {
	private readonly handlers = new Map<string, MethodFn>();

	methods(obj: Record<string, MethodFn>): void {
		for (const [name, fn] of Object.entries(obj)) {
			this.handlers.set(name, fn);
		}
	}

	async call(name: string, ...args: unknown[]): Promise<unknown> {
		return this.handlers.get(name)?.apply({ userId: null }, args);
	}
}
