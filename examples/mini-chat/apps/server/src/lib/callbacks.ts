type Callback = (item: any, ...rest: any[]) => any;

/**
 * Named extension points. Features register with `callbacks.add('hook', fn)`; core code runs
 * them with `callbacks.run('hook', item)`.
 */
class Callbacks {
	readonly priority = { HIGH: -1000, MEDIUM: 0, LOW: 1000 };

	private readonly hooks = new Map<string, { fn: Callback; priority: number; id: string }[]>();

	add(hook: string, fn: Callback, priority = this.priority.MEDIUM, id = fn.name): void {
		const list = this.hooks.get(hook) ?? [];
		list.push({ fn, priority, id });
		list.sort((a, b) => a.priority - b.priority);
		this.hooks.set(hook, list);
	}

	run<T>(hook: string, item: T, ...rest: unknown[]): T {
		let result = item;
		for (const { fn } of this.hooks.get(hook) ?? []) {
			result = fn(result, ...rest) ?? result;
		}
		return result;
	}

	async runAsync<T>(hook: string, item: T, ...rest: unknown[]): Promise<T> {
		let result = item;
		for (const { fn } of this.hooks.get(hook) ?? []) {
			result = (await fn(result, ...rest)) ?? result;
		}
		return result;
	}
}

export const callbacks = new Callbacks();
