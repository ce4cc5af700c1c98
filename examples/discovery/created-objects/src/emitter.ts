// The repository's own emitter: a base, so it is no store's family.
export class Emitter {
	private listeners = new Map<string, ((payload?: unknown) => void)[]>();

	on(event: string, fn: (payload?: unknown) => void): () => void {
		this.listeners.set(event, [...(this.listeners.get(event) ?? []), fn]);
		return () => undefined;
	}

	emit(event: string, payload?: unknown): void {
		for (const fn of this.listeners.get(event) ?? []) fn(payload);
	}
}
