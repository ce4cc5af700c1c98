/**
 * A callback handed to a shared step by one of its callers (`createRoute({ fn })`, `withAuth(handler)`): the
 * shared step runs it, so the index links them, but only the caller that handed it over leads there. From
 * another caller, the hop goes up from the shared step into a sibling's handler and down its calls: a detour
 * into another flow, not this one (a route's file → the route wrapper → a sibling route's `fn` → that
 * route's query).
 */
import type { DefRow } from "../../index/types.js";
import { STEP_KINDS } from "./graph.js";
import { encloses, type Site } from "./site.js";
import type { Edge, Hop, PathIndex, PathStep } from "./types.js";

/**
 * Where `to` was handed to `from`, when `from`'s hop to it is written outside `from`'s body (at the caller
 * that handed `to` over), else null: a hop written in `from`'s own body is its own call.
 */
export function handedInSite(index: PathIndex, from: DefRow, to: DefRow): Site | null {
	let site: Site | null = null;
	for (const e of index.edgesFrom(from.id)) {
		if (e.dst !== to.id || !STEP_KINDS.has(e.kind) || e.kind === "implementation") continue;
		if (!e.file || e.line === null) continue;
		const at = { file: e.file, line: e.line };
		if (encloses(from, at)) return null;
		site ??= at;
	}
	return site;
}

/**
 * Marks each handed-in hop of the search's graph with its givers: the graph's definitions that call the hop's
 * source and enclose where the callback was handed to it. The search takes the hop only after one of them.
 */
export function markGivers(
	index: PathIndex,
	graph: ReadonlyMap<number, Edge[]>,
	byId: ReadonlyMap<number, DefRow>,
): void {
	const callers = new Map<number, number[]>();
	for (const [src, edges] of graph)
		for (const e of edges) callers.set(e.to, [...(callers.get(e.to) ?? []), src]);
	for (const [src, edges] of graph) {
		const from = byId.get(src);
		if (!from) continue;
		for (const e of edges) {
			const to = byId.get(e.to);
			const site = to ? handedInSite(index, from, to) : null;
			if (!site) continue;
			e.givers = new Set(
				(callers.get(src) ?? []).filter((c) => {
					const d = byId.get(c);
					return d !== undefined && encloses(d, site);
				}),
			);
		}
	}
}

/**
 * May the path `ids` (joined by `hops`) take `edge` on from its last step? A handed-in hop only when the step
 * that reached the last one (across an interface to its implementation, the step before that) is one of its
 * givers, or when the last step is the path's head (no caller on the path to turn away from).
 */
export function handedOn(ids: readonly number[], hops: readonly Hop[], edge: Edge): boolean {
	if (!edge.givers) return true;
	let i = ids.length - 2;
	while (i >= 0 && hops[i]?.kind === "implementation") i--;
	return i < 0 || edge.givers.has(ids[i] as number);
}

/**
 * Was a callback handed to `steps[at]` at `site` by the step that reached it on the path (across an interface to
 * its implementation, the step before that)? False at the path's head: which caller handed it is unknown there.
 */
export function handedByPath(steps: readonly PathStep[], at: number, site: Site): boolean {
	let i = at - 1;
	while (i >= 0 && steps[i]?.hop?.kind === "implementation") i--;
	const giver = steps[i];
	return giver !== undefined && encloses(giver.def, site);
}
