/**
 * The base path a dispatcher's keys share (`v1/`, `api/`) that, stripped, joins the most keys of a
 * registry; cached per group, as every registry is tried against every dispatcher.
 */
import { COMMON_KEYS } from "./families.js";
import type { Group } from "./groups.js";

/** The path prefix of a dispatch group's keys (`v1/`, `api/`) that, stripped, makes the most keys join. */
export function bestPrefix(d: Group, registered: ReadonlySet<string>): string {
	const joins = (prefix: string) => {
		let n = 0;
		for (const k of keysBelow(d, prefix)) if (registered.has(k)) n++;
		return n;
	};
	let best = "";
	let bestJoins = joins("");
	for (const p of sharedPrefixes(d)) {
		const j = joins(p);
		if (j > bestJoins) {
			best = p;
			bestJoins = j;
		}
	}
	return best;
}

const sharedPrefixCache = new WeakMap<Group, string[]>();

const keysBelowCache = new WeakMap<Group, Map<string, string[]>>();

const distinctCache = new WeakMap<Group, Map<string, string[]>>();

/** A group's keys that start with `prefix`, with it stripped; once per group and prefix (every registry is tried against every dispatcher). */
function keysBelow(d: Group, prefix: string): string[] {
	const byPrefix = keysBelowCache.get(d) ?? new Map<string, string[]>();
	keysBelowCache.set(d, byPrefix);
	let keys = byPrefix.get(prefix);
	if (!keys) {
		keys = [];
		for (const k of d.keys.keys()) if (k.startsWith(prefix)) keys.push(k.slice(prefix.length));
		byPrefix.set(prefix, keys);
	}
	return keys;
}

/** A dispatcher's distinct keys with `prefix` stripped (and common words dropped), in key order; once per group and options. */
export function distinctKeys(d: Group, prefix: string, dropCommon: boolean): string[] {
	const byOptions = distinctCache.get(d) ?? new Map<string, string[]>();
	distinctCache.set(d, byOptions);
	const id = `${dropCommon ? 1 : 0}${prefix}`;
	let keys = byOptions.get(id);
	if (!keys) {
		const stripped = [...d.keys.keys()]
			.map((k) => strip(k, prefix))
			.filter((k) => !dropCommon || !COMMON_KEYS.has(k));
		keys = [...new Set(stripped)];
		byOptions.set(id, keys);
	}
	return keys;
}

/**
 * A dispatcher's candidate base paths, in key order: the first one or two segments of a key that
 * most of its keys share (`v1/`, `api/`), not one route's own segment. The same for every
 * registry it is paired with, so computed once per group (it counts over all keys per prefix).
 */
function sharedPrefixes(d: Group): string[] {
	const cached = sharedPrefixCache.get(d);
	if (cached) return cached;
	const counts = new Map<string, number>();
	for (const k of d.keys.keys()) {
		const segs = k.split("/");
		// A key starts with a prefix of n segments exactly when that is its own first n segments.
		for (let n = 1; n <= 2 && n < segs.length; n++) {
			const p = `${segs.slice(0, n).join("/")}/`;
			counts.set(p, (counts.get(p) ?? 0) + 1);
		}
	}
	const out: string[] = [];
	const tried = new Set<string>();
	for (const k of d.keys.keys()) {
		const segs = k.split("/");
		for (let n = 1; n <= 2 && n < segs.length; n++) {
			const p = `${segs.slice(0, n).join("/")}/`;
			if (tried.has(p)) continue;
			tried.add(p);
			if ((counts.get(p) ?? 0) * 2 >= d.keys.size) out.push(p);
		}
	}
	sharedPrefixCache.set(d, out);
	return out;
}

export const strip = (k: string, prefix: string) =>
	prefix && k.startsWith(prefix) ? k.slice(prefix.length) : k;
