/**
 * The seed graph channel across a dispatch key. Keys have no file, so a best file's `dispatch` edge
 * (caller → key) or `handler` edge (key → handler) links it to no other file, and the code at the
 * key's other side (a workflow started from a service, a controller a page's request reaches) is
 * never lifted. A key is crossed only where it continues the question's flow to one place in
 * another part of the repository (benchmarks/answers.md, session 28).
 */
import type { DefRow, EdgeRow } from "../index/types.js";
import { conceptMatch, wordStems } from "./match.js";
import type { Concept } from "./query.js";

export interface KeyCrossingIndex {
	edgesFrom(defRowId: number): EdgeRow[];
	edgesTo(defRowId: number): EdgeRow[];
	defById(id: number): DefRow | null | undefined;
}

/**
 * The definition across `key` from `near` (linked to it by `edge`), or null when the key is not
 * crossed: a dispatcher reaches the key's handler, a handler the key's dispatcher, when
 * - that other side is one definition (a broadcast's listeners, or a handler many places call,
 *   name no one next step);
 * - the key's own words (split like identifiers: `autoPublishWorkflow`, `POST /autopost/:id`) meet
 *   one of `concepts` (the question's distinctive ones: a word used all over the repository, like
 *   "team" or "post", names every route of a family);
 * - the other side is in another package: within a package, calls, imports and words already link
 *   the two files; across one, the key is the flow's only link.
 */
export function keyFarEnd(
	index: KeyCrossingIndex,
	near: DefRow,
	key: DefRow,
	edge: EdgeRow,
	concepts: readonly Concept[],
): DefRow | null {
	let far: number[];
	if (edge.kind === "dispatch" && edge.src === near.id) {
		far = index.edgesFrom(key.id).flatMap((e) => (e.kind === "handler" ? [e.dst] : []));
	} else if (edge.kind === "handler" && edge.dst === near.id) {
		far = index.edgesTo(key.id).flatMap((e) => (e.kind === "dispatch" ? [e.src] : []));
	} else return null;
	const ids = new Set(far);
	if (ids.size !== 1) return null;
	const keyStems = wordStems(key.name);
	if (!concepts.some((c) => conceptMatch(c, keyStems) >= 1)) return null;
	const end = index.defById([...ids][0] as number);
	if (!end?.file || end.packageName === near.packageName) return null;
	return end;
}

/**
 * The definitions across the keys `near` itself dispatches: each key's handlers, when it has at
 * least one and at most `maxHandlers` (a broadcast's listeners name no one next step) and at most
 * `maxDispatchers` dispatch sites (a helper every module calls is no one flow's next step), and
 * `acceptKey` takes it (the caller's condition on the key's words). Unlike keyFarEnd this asks
 * nothing of packages: `near` is a seed, the key is in its own body, so the handler is the seed's
 * next step (a registry call `self.apos.doc.update()`, a command bus's `execute`). The handler's
 * own file is left out.
 */
export function dispatchedHandlers(
	index: KeyCrossingIndex,
	near: DefRow,
	maxHandlers: number,
	maxDispatchers: number,
	acceptKey: (key: DefRow) => boolean,
): DefRow[] {
	const out = new Map<number, DefRow>();
	for (const e of index.edgesFrom(near.id)) {
		if (e.kind !== "dispatch") continue;
		const key = index.defById(e.dst);
		if (key?.kind !== "dispatch-key" || key.file || !acceptKey(key)) continue;
		const handlers = new Set(index.edgesFrom(key.id).flatMap((h) => (h.kind === "handler" ? [h.dst] : [])));
		if (handlers.size === 0 || handlers.size > maxHandlers) continue;
		if (index.edgesTo(key.id).filter((d) => d.kind === "dispatch").length > maxDispatchers) continue;
		for (const id of handlers) {
			const end = index.defById(id);
			if (end?.file && end.file !== near.file) out.set(end.id, end);
		}
	}
	return [...out.values()];
}
