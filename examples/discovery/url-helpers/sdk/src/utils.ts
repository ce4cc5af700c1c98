export type Result<T> = { ok: true; data: T } | { ok: false; error: Error };

/** Runs a function that may throw, returning a result instead. */
export const wrapThrowsAsync =
	<T, A extends unknown[]>(fn: (...args: A) => Promise<T>) =>
	async (...args: A): Promise<Result<T>> => {
		try {
			return { ok: true, data: await fn(...args) };
		} catch (error) {
			return { ok: false, error: error as Error };
		}
	};
