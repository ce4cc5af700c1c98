/** The path search's graph: its candidates, their hops to one another, bridges between them, and point-to-point keys' far ends. */
import type { DefRow, EdgeRow } from "../../index/types.js";
import { isAuxiliaryPath } from "../auxiliary-code.js";
import { lineHop } from "./hops.js";
import { innerStepEdge } from "./inner-step.js";
import type { Edge, PathIndex } from "./types.js";

export const STEP_KINDS = new Set(["call", "new", "jsx", "implementation"]);

/** A key with more handlers than this is a hub: "dispatches X, handled by one of 30" is no path. */
export const MAX_KEY_HANDLERS = 12;

/** Bridges looked at per candidate, and the fan-in above which a definition is a shared helper, no bridge. */
const MAX_BRIDGES = 30;

const BRIDGE_FAN_IN = 40;

export const FAR_HANDLERS = 1;

/** Definitions a path may go through: code with a body in a source file (no tests, types or modules). */
export function pathCandidates(ranked: readonly DefRow[], max: number): DefRow[] {
	const out: DefRow[] = [];
	const seen = new Set<number>();
	for (const d of ranked) {
		if (out.length >= max) break;
		if (seen.has(d.id) || !d.file || d.startLine === null || isAuxiliaryPath(d.file)) continue;
		if (d.kind === "module" || d.kind === "type" || d.kind === "dispatch-key") continue;
		seen.add(d.id);
		out.push(d);
	}
	return out;
}

/** The hops from `def` to other candidates: direct steps, and dispatch keys to their handlers. */
export function hopsFrom(index: PathIndex, def: DefRow, byId: ReadonlyMap<number, DefRow>): Edge[] {
	const out: Edge[] = [];
	const seen = new Set<number>();
	const edges = index.edgesFrom(def.id);
	// A call on a dispatch line is the dispatch mechanism (`callbacks.run('key', …)`): the hop is the key's.
	const dispatchLines = new Set(edges.filter((e) => e.kind === "dispatch").map((e) => e.line));
	for (const edge of edges) {
		const e = innerStepEdge(index, def, edge) ?? edge;
		if (STEP_KINDS.has(e.kind)) {
			if (e.kind === "call" && dispatchLines.has(e.line)) continue;
			if (!byId.has(e.dst) || e.dst === def.id || seen.has(e.dst)) continue;
			const to = byId.get(e.dst) as DefRow;
			seen.add(e.dst);
			out.push({ to: e.dst, hop: lineHop(index, e, def, to, null) });
			continue;
		}
		// A dispatch: the key's handlers run next. (A register site is no hop from here: whoever
		// dispatches the key runs the handler, so the flow goes from the dispatcher.)
		const far = keyHandlers(index, e, MAX_KEY_HANDLERS);
		if (!far) continue;
		const { key, handlers } = far;
		for (const h of handlers) {
			if (!byId.has(h.dst) || h.dst === def.id || seen.has(h.dst)) continue;
			seen.add(h.dst);
			out.push({ to: h.dst, hop: lineHop(index, e, def, byId.get(h.dst) as DefRow, key) });
		}
	}
	return out;
}

/** A dispatch edge's key and the key's handler edges, or null (not a dispatch, or more than `max` handlers). */
function keyHandlers(index: PathIndex, e: EdgeRow, max: number): { key: DefRow; handlers: EdgeRow[] } | null {
	if (e.kind !== "dispatch") return null;
	const key = index.defById(e.dst);
	if (key?.kind !== "dispatch-key") return null;
	const handlers = index.edgesFrom(key.id).filter((h) => h.kind === "handler");
	return handlers.length > max ? null : { key, handlers };
}

/** The one handler of a point-to-point key, the dispatch edge to the key, and the key. */
export interface TrunkEnd {
	def: DefRow;
	edge: EdgeRow;
	key: DefRow;
}

/** The handlers of the point-to-point keys a definition dispatches: code that runs on the far side. */
export function trunkEndsFrom(index: PathIndex, def: DefRow): TrunkEnd[] {
	const out: TrunkEnd[] = [];
	const seen = new Set<number>();
	for (const e of index.edgesFrom(def.id)) {
		const far = keyHandlers(index, e, FAR_HANDLERS);
		if (!far) continue;
		const { key, handlers } = far;
		for (const h of handlers) {
			if (seen.has(h.dst)) continue;
			seen.add(h.dst);
			const x = index.defById(h.dst);
			if (!x?.file || x.startLine === null || isAuxiliaryPath(x.file)) continue;
			if (x.kind === "module" || x.kind === "type" || x.kind === "interface") continue;
			out.push({ def: x, edge: e, key });
		}
	}
	return out;
}

/** Bridge candidates: what a definition calls that is no candidate, not widely used, not a test. */
export function bridgesFrom(
	index: PathIndex,
	def: DefRow,
	candidates: ReadonlyMap<number, DefRow>,
): { def: DefRow; edge: EdgeRow }[] {
	const out: { def: DefRow; edge: EdgeRow }[] = [];
	const seen = new Set<number>();
	const edges = index.edgesFrom(def.id);
	const dispatchLines = new Set(edges.filter((e) => e.kind === "dispatch").map((e) => e.line));
	for (const edge of edges) {
		if (out.length >= MAX_BRIDGES) break;
		const e = innerStepEdge(index, def, edge) ?? edge;
		if (!STEP_KINDS.has(e.kind) || candidates.has(e.dst) || seen.has(e.dst)) continue;
		if (e.kind === "call" && dispatchLines.has(e.line)) continue;
		seen.add(e.dst);
		const x = index.defById(e.dst);
		if (!x?.file || x.startLine === null || isAuxiliaryPath(x.file) || x.fanIn > BRIDGE_FAN_IN) continue;
		if (x.kind === "module" || x.kind === "type" || x.kind === "interface") continue;
		out.push({ def: x, edge: e });
	}
	return out;
}
