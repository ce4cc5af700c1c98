/** Where a flow is entered: a key's handler, or a callback registered under a key the question names. */
import type { DefRow } from "../../index/types.js";
import type { ConceptVector } from "../concept-vector.js";
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

/** The method of a registration call: a handler, listener or watcher is being added. */
const REGISTER_CALL = /^(on|once|register|add|watch|listen|subscribe)/i;

/**
 * A callback handed with a key to a registration call (`Accounts.registerLoginHandler('ldap', …)`,
 * `settings.watch('Some_Setting', …)`, `emitter.on('event', …)`; the indexer names it
 * `….registerLoginHandler(ldap)`) that no edge of the index reaches, and whose key names one of the
 * question's concepts: the framework calls it for the key asked about, so it is a way in like a
 * trunk key's handler (session 16: an LDAP login started at an interface method the OAuth flow calls,
 * one hop from the registered `ldap` login handler). A key the question does not name is a listener
 * of something else (a window `focus` listener for a local-storage question).
 */
export function isRegisteredCallback(index: PathIndex, def: DefRow, concepts: ConceptVector): boolean {
	if (def.kind !== "function" && def.kind !== "method") return false;
	const call = /(?:^|\.)([\w$#]+)\(([^()]*)\)(?:~\d+)?$/.exec(def.qualifiedName);
	if (!call || !REGISTER_CALL.test(call[1] as string)) return false;
	if (!concepts.text(call[2] as string).some((x) => x > 0)) return false;
	return index.edgesTo(def.id).every((e) => e.kind === "import");
}
