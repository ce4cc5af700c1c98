/**
 * Matching a route key a question writes to the key the index holds for the same route, whatever
 * the spelling of its path parameters: docs write `GET /orders/{orderId}`, Express and the index
 * `:orderId`, Next.js file routes `[orderId]`, client code `${orderId}`. A route registered for
 * every method (`ALL /orders/:orderId`, a file-routed handler) answers a question's verb too.
 */

/** One path segment that is a parameter in any of the common spellings (`:id`, `:id?`, `{id}`, `[id]`, `[...slug]`, `${id}`). */
const PARAMETER_SEGMENT = /^(?::[\w$-]+\??|\{[\w$.-]+\}|\[\[?(?:\.\.\.)?[\w$-]+\]\]?|\$\{[^}]*\})$/;

/** `GET /orders/{orderId}/` → `GET /orders/:`: the verb and path with every parameter alike, names dropped. */
export function canonicalRouteKey(verb: string, path: string): string {
	const segments = path
		.replace(/\/+$/, "")
		.split("/")
		.map((s) => (PARAMETER_SEGMENT.test(s) ? ":" : s));
	return `${verb} ${segments.join("/") || "/"}`;
}

const ROUTE_KEY = /^([A-Z]+) (\/.*)$/;

/**
 * A lookup of the index's route key for `verb path`: the key as written when the index has it, else
 * the key with the same path up to parameter spelling under that verb, else under `ALL`. `hasKey`
 * answers exact keys; `indexKeys` lists the index's route keys, read only when a key misses.
 */
export function routeKeyFinder(
	hasKey: (key: string) => boolean,
	indexKeys: () => Iterable<string>,
): (verb: string, path: string) => string | undefined {
	let byCanonical: Map<string, string> | undefined;
	const canonicalIndex = () => {
		if (!byCanonical) {
			byCanonical = new Map();
			for (const key of [...indexKeys()].sort()) {
				const m = ROUTE_KEY.exec(key);
				const canonical = m ? canonicalRouteKey(m[1] as string, m[2] as string) : undefined;
				if (canonical && !byCanonical.has(canonical)) byCanonical.set(canonical, key);
			}
		}
		return byCanonical;
	};
	const under = (verb: string, path: string): string | undefined => {
		const written = `${verb} ${path}`;
		if (hasKey(written)) return written;
		const alike = canonicalIndex().get(canonicalRouteKey(verb, path));
		return alike && hasKey(alike) ? alike : undefined;
	};
	return (verb, path) => under(verb, path) ?? (verb === "ALL" ? undefined : under("ALL", path));
}
