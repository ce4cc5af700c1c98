import { trpc } from "./client";

declare function createMutation<T>(options: { mutationFn: (input: T) => unknown; onSuccess?: () => void }): unknown;

/** A query library handed the proxy's send, uncalled: it sends when the library calls it. */
export function removeButton() {
	return createMutation({ mutationFn: trpc.note.remove.mutate, onSuccess: () => undefined });
}

/** `this.items.changes.subscribe()`: one segment below a field is no procedure path. */
export class Feed {
	private readonly items = { changes: { subscribe: (f: () => void) => f } };

	watch() {
		return this.items.changes.subscribe(() => undefined);
	}
}
