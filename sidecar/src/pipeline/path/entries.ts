/** Where a flow is entered: a key's handler, or a callback registered under a key the question names. */
import type { DefRow } from "../../index/types.js";
import { type ConceptVector, namesAny } from "../concept-vector.js";
import { keyTrunk } from "../skeleton.js";
import { MAX_KEY_HANDLERS } from "./graph.js";
import type { PathIndex } from "./types.js";

/** A handler of a dispatch key that is no hub: where a route, method or event enters the code. */
export function isEntry(index: PathIndex, def: DefRow): boolean {
	return index
		.edgesTo(def.id)
		.some(
			(e) =>
				e.kind === "handler" &&
				index.edgesFrom(e.src).filter((h) => h.kind === "handler").length <= MAX_KEY_HANDLERS,
		);
}

/** A trunk's handlers at least this many before a word most of them carry is told apart as their kind's. */
const KIND_MIN_HANDLERS = 8;

/** A word carried by more than this share of a trunk's handlers (name or path) names their kind, not one of them. */
const KIND_SHARE = 0.5;

/**
 * Does the question name this entry point by a word of its own, not only by words most handlers of its
 * trunk carry? Every route an app declares in a `route()` method is `X.route.get(/…)`, all of them under the
 * server's folder: "routed" and "server" say what kind of way in a handler is, not which (session 50 ely50:
 * once a framework's chained routes were indexed, a route handler matching only such words took the entry
 * gain and led an architecture question about a message bus). A trunk of fewer handlers tells no such
 * words apart; without the index's sites every matching word counts.
 */
export function entryNamedBy(index: PathIndex, concepts: ConceptVector): (def: DefRow) => boolean {
	const kinds = new Map<string, readonly boolean[] | null>();
	const kindWords = (trunk: string): readonly boolean[] | null => {
		const known = kinds.get(trunk);
		if (known !== undefined) return known;
		let found: boolean[] | null = null;
		const handlers = new Set(
			(index.dispatchSites?.(trunk) ?? [])
				.filter((s) => s.side === "register" && s.handlerDefId !== null)
				.map((s) => s.handlerDefId as string),
		);
		if (handlers.size >= KIND_MIN_HANDLERS && index.def) {
			const counts: number[] = [];
			for (const id of handlers) {
				const h = index.def(id);
				if (h)
					concepts(h).forEach((x, i) => {
						counts[i] = (counts[i] ?? 0) + (x > 0 ? 1 : 0);
					});
			}
			found = concepts.words.map((_, i) => (counts[i] ?? 0) > KIND_SHARE * handlers.size);
		}
		kinds.set(trunk, found);
		return found;
	};
	const asked = namedTrunks(index, concepts);
	return (def) => {
		const trunks = new Set<string>();
		for (const e of index.edgesTo(def.id)) {
			if (e.kind !== "handler") continue;
			const key = index.defById(e.src);
			if (key) trunks.add(keyTrunk(key));
		}
		// The question names the way in it asks about (a GraphQL query): a handler of another trunk is not it.
		if (asked.size > 0 && trunks.size > 0 && ![...trunks].some((t) => asked.has(t))) return false;
		const kind = [...trunks].map(kindWords);
		const generic = (i: number) => kind.length > 0 && kind.every((k) => k?.[i] === true);
		return concepts(def).some((x, i) => x > 0 && !generic(i));
	};
}

/**
 * The trunks the question names: a word of it is a trunk's name (`graphql`) under which the index registers
 * handlers. Session 54 (elysia54): once undb's REST routes were indexed, a route handler on the table's words
 * took the entry gain from the GraphQL resolver a question about "which GraphQL query loads the table" asked for.
 */
function namedTrunks(index: PathIndex, concepts: ConceptVector): Set<string> {
	return new Set(
		concepts.words.filter((w) => (index.dispatchSites?.(w) ?? []).some((s) => s.side === "register")),
	);
}

/**
 * Entry points calling `def` for it to be shared by several ways in (a public API's controller and the
 * app's own, a queue job, a tool server's handler): then none of them is the one way in.
 */
export const SIDE_ENTRIES = 2;

/** The entry points of other files that call (or construct) `def` directly: the ways in it is shared by. */
export function entryCallers(index: PathIndex, def: DefRow): Set<number> {
	const ways = new Set<number>();
	for (const e of index.edgesTo(def.id)) {
		if (e.kind !== "call" && e.kind !== "new") continue;
		const x = index.defById(e.src);
		if (x?.file && x.file !== def.file && isEntry(index, x)) ways.add(x.id);
	}
	return ways;
}

/** The method of a registration call: a handler, listener or watcher is being added. */
const REGISTER_CALL = /^(on|once|register|add|watch|listen|subscribe)/i;

/**
 * A callback handed with a key to a registration call (`Accounts.addLoginHandler('ldap', …)`,
 * `settings.watch('Some_Setting', …)`, `emitter.on('event', …)`; the indexer names it
 * `….addLoginHandler(ldap)`) that no edge of the index reaches, and whose key names one of the
 * question's concepts: the framework calls it for the key asked about, so it is a way in like a
 * trunk key's handler (session 16: an LDAP login started at an interface method the OAuth flow calls,
 * one hop from the registered `ldap` login handler). A key the question does not name is a listener
 * of something else (a window `focus` listener for a local-storage question).
 */
export function isRegisteredCallback(index: PathIndex, def: DefRow, concepts: ConceptVector): boolean {
	const key = registeredKey(def);
	if (key === null || !namesAny(concepts, key)) return false;
	return index.edgesTo(def.id).every((e) => e.kind === "import");
}

/** The key a callback is registered with (`….addLoginHandler(ldap)` → `ldap`); null for any other definition. */
function registeredKey(def: DefRow): string | null {
	if (def.kind !== "function" && def.kind !== "method") return null;
	const call = /(?:^|\.)([\w$#]+)\(([^()]*)\)(?:~\d+)?$/.exec(def.qualifiedName);
	return call && REGISTER_CALL.test(call[1] as string) ? (call[2] as string) : null;
}

/**
 * A callback a feature registers on a hook of many handlers (`callbacks.add('afterSave', …)` in a
 * `translator/` module), no entry by `isEntry` (more than MAX_KEY_HANDLERS handlers): an entry when
 * the hook's key names the question and its own file names a question word the key does not, the feature
 * asked about hooking in (session 35 lead35/implz35, a session-35 record in benchmarks/answers.md: the flow starts at the
 * save hook, not at an on-demand route).
 */
export function isFeatureHook(index: PathIndex, def: DefRow, concepts: ConceptVector): boolean {
	const registered = registeredKey(def);
	if (registered === null || !def.file) return false;
	const key = concepts.text(registered);
	if (!key.some((x) => x > 0)) return false;
	const own = concepts.text(def.file);
	if (!own.some((x, i) => x > 0 && (key[i] ?? 0) === 0)) return false;
	return index.edgesTo(def.id).some((e) => e.kind === "handler");
}
