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
