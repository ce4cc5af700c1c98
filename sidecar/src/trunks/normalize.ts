/** Key normalisation and `:param` path matching, driven by a trunk's `normalize` spec. */
import type { NormalizeSpec } from "./config.js";

export interface CompiledNormalize {
	spec: NormalizeSpec;
	prefixes: RegExp[];
}

export function compileNormalize(spec: NormalizeSpec): CompiledNormalize {
	return { spec, prefixes: spec.stripPrefixes.map((p) => new RegExp(p)) };
}

export function normalizeKey(raw: string, n: CompiledNormalize): string {
	let key = raw.trim();
	if (n.spec.stripQuery) key = key.replace(/[?#].*$/, "");
	if (n.spec.stripLeadingSlash) key = key.replace(/^\/+/, "");
	for (const re of n.prefixes) key = key.replace(re, "");
	if (n.spec.params) key = key.replace(/\/+$/, "");
	return key;
}

/**
 * The key a site is stored under: `raw` normalised (the trunk's rules, when it has a trunk), the
 * root path `/` never an empty key, and the method in front when it has one (`GET /users/:id`).
 */
export function siteKey(
	raw: string | null,
	n: CompiledNormalize | undefined,
	method?: string,
): string | null {
	let key = raw === null ? null : n ? normalizeKey(raw, n) : raw;
	// `router.get('/')`: the root path is '/', never an empty key.
	if (key === "" && raw?.startsWith("/")) key = "/";
	if (key !== null && method) key = `${method} /${key.replace(/^\/+/, "")}`;
	return key;
}

const isParam = (segment: string) => segment.startsWith(":");

/** True when a path pattern has `:param` segments. */
export function hasParams(key: string): boolean {
	return key.split("/").some(isParam);
}

/**
 * Does `key` (concrete, or itself a pattern) match the registered `pattern`? Segments must be
 * equal, or the pattern's segment is `:x`; a key's own `:y` segment only matches a parameter.
 */
export function matchesPattern(key: string, pattern: string): boolean {
	const a = key.split("/");
	const b = pattern.split("/");
	if (a.length !== b.length) return false;
	for (let i = 0; i < a.length; i++) {
		const seg = a[i] as string;
		const pat = b[i] as string;
		if (isParam(pat)) continue;
		if (isParam(seg) || seg !== pat) return false;
	}
	return true;
}

/**
 * Rewrite dispatch keys that are not registered verbatim onto the registered pattern they match
 * (`rooms/abc/info` or `rooms/:id/info` → `rooms/:rid/info`). Ambiguous matches prefer the pattern
 * with the fewest parameters, i.e. the most specific route.
 */
export function bindToPatterns(
	key: string,
	registered: ReadonlySet<string>,
	patterns: readonly string[],
): string {
	if (registered.has(key)) return key;
	let best: string | null = null;
	let bestParams = Number.POSITIVE_INFINITY;
	for (const p of patterns) {
		if (!matchesPattern(key, p)) continue;
		const n = p.split("/").filter(isParam).length;
		if (n < bestParams) {
			best = p;
			bestParams = n;
		}
	}
	return best ?? key;
}
