/** A tiny memoiser with a clear(), the shape of the `mem` package. */
const caches = new WeakMap<object, Map<string, unknown>>();

export function memoize<A extends unknown[], R>(fn: (...args: A) => R, _options: { maxAge: number }): (...args: A) => R {
	const cache = new Map<string, unknown>();
	const wrapped = (...args: A): R => {
		const key = JSON.stringify(args);
		if (!cache.has(key)) cache.set(key, fn(...args));
		return cache.get(key) as R;
	};
	caches.set(wrapped, cache);
	return wrapped;
}

memoize.clear = (fn: object): void => {
	caches.get(fn)?.clear();
};
