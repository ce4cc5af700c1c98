/**
 * A bounded least-recently-used map for rows of an open index. An index file never changes while
 * it is open (a re-index writes a new file and renames it over the old one), so a row read once is
 * the row for the reader's whole life: the service, the benchmark and one question's stages ask for
 * the same definitions, edges and files again and again.
 *
 * Values are frozen (arrays and their rows): a caller that changed a cached row would silently
 * change every later answer, so it fails loudly instead.
 */
export class RowCache<K, V> {
	private readonly map = new Map<K, V>();

	constructor(private readonly limit: number) {}

	/** The cached value of `key`, or `load(key)` frozen and kept (undefined results are kept too). */
	get(key: K, load: (key: K) => V): V {
		const map = this.map;
		if (map.has(key)) {
			const hit = map.get(key) as V;
			// Most recently used last: Map iteration order is insertion order.
			map.delete(key);
			map.set(key, hit);
			return hit;
		}
		const value = freezeRows(load(key));
		if (map.size >= this.limit) {
			const oldest = map.keys().next();
			if (!oldest.done) map.delete(oldest.value);
		}
		map.set(key, value);
		return value;
	}

	get size(): number {
		return this.map.size;
	}
}

/** Freeze a row, or an array and its rows (one level: index rows hold only primitives). */
function freezeRows<V>(value: V): V {
	if (Array.isArray(value)) {
		for (const row of value) if (row && typeof row === "object") Object.freeze(row);
	}
	return value && typeof value === "object" ? Object.freeze(value) : value;
}
