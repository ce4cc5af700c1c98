/**
 * A bounded least-recently-used map for rows of an open index (lru-cache underneath). An index file
 * never changes while it is open (a re-index writes a new file and renames it over the old one), so
 * a row read once is the row for the reader's whole life: the service, the benchmark and one
 * question's stages ask for the same definitions, edges and files again and again.
 *
 * Values are frozen (arrays and their rows): a caller that changed a cached row would silently
 * change every later answer, so it fails loudly instead.
 */
import { LRUCache } from "lru-cache";

/** How many entries a cache keeps, or how much their values weigh together (`sizeOf` each, > 0). */
export type RowCacheBound<V> =
	| { entries: number }
	| { size: number; sizeOf: (value: NonNullable<V>) => number };

/** Stands for a missing row (a load that said undefined): lru-cache keeps no undefined, and misses are asked again and again too. */
const MISSING = Symbol("missing row");
/** What lru-cache holds: a value, MISSING, or null (lru-cache refuses only undefined; its types say non-null). */
type Kept = NonNullable<unknown>;

export class RowCache<K extends NonNullable<unknown>, V> {
	private readonly lru: LRUCache<K, Kept>;

	constructor(bound: RowCacheBound<V>) {
		this.lru =
			"entries" in bound
				? new LRUCache<K, Kept>({ max: bound.entries })
				: new LRUCache<K, Kept>({
						maxSize: bound.size,
						// null and a missing row weigh 1: lru-cache wants a positive size for every entry.
						sizeCalculation: (kept) =>
							kept === MISSING || kept === null ? 1 : Math.max(1, bound.sizeOf(kept as NonNullable<V>)),
					});
	}

	/** The cached value of `key`, or `load(key)` frozen and kept (undefined results are kept too). */
	get(key: K, load: (key: K) => V): V {
		const hit = this.lru.get(key);
		if (hit !== undefined) return (hit === MISSING ? undefined : hit) as V;
		const value = freezeRows(load(key));
		// A value heavier than the whole bound is not kept (lru-cache refuses it): it is loaded each time.
		this.lru.set(key, value === undefined ? MISSING : (value as Kept));
		return value;
	}

	/** Entries kept. */
	get size(): number {
		return this.lru.size;
	}
}

/** Freeze a row, or an array and its rows (one level: index rows hold only primitives). */
export function freezeRows<V>(value: V): V {
	if (Array.isArray(value)) {
		for (const row of value) if (row && typeof row === "object") Object.freeze(row);
	}
	return value && typeof value === "object" ? Object.freeze(value) : value;
}
