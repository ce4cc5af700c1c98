/**
 * Joint callers: code outside the path candidates that runs several of them one after another, the
 * fork above their flows. Bridges join two candidates forward (A → X → B); a joint caller is the code
 * upstream (X → A, then X → B) that the ranking passed by because its own name matched fewer of the
 * question's words (a job processor calling the parser and the writer; a client method calling the
 * crypto helper, then the route). Only a *sequence* counts: calls made in exclusive arms of one
 * switch, if / else chain, ternary or handler table are dispatch to one of several (an importer
 * creating a channel or a group by type), another feature's way in (session 36, reach36).
 */
import type { DefRow } from "../../index/types.js";
import { isAuxiliaryPath } from "../auxiliary-code.js";
import { oneRunCalls } from "../one-run.js";
import { hopsFrom, MAX_KEY_HANDLERS, STEP_KINDS } from "./graph.js";
import type { Edge, PathIndex } from "./types.js";

/** Distinct candidates a caller must run on one way through its body to join. */
export const JOINT_MIN = 3;

/** Joint callers taken at most, those running the most candidates first. */
export const JOINT_MAX = 6;

const CODE = new Set(["function", "method"]);

/** A joint caller and its hops to the candidates it runs in sequence. */
export interface JointCaller {
	def: DefRow;
	hops: Edge[];
	/** The candidates it runs that nothing else in the graph steps into: what it joins. */
	free: ReadonlySet<number>;
}

/**
 * Definitions outside `known` (candidates, bridges, far ends) that call, or dispatch a key (≤
 * MAX_KEY_HANDLERS handlers) handled by, at least JOINT_MIN distinct `cands` on one way through their
 * body (see oneRunCalls); each with its hops to those candidates only.
 */
export function jointCallers(
	index: PathIndex,
	cands: readonly DefRow[],
	known: ReadonlyMap<number, DefRow>,
	joined: (id: number) => boolean,
): JointCaller[] {
	const reached = new Map<number, Set<number>>();
	const note = (src: number, cand: number) => {
		if (known.has(src)) return;
		const s = reached.get(src) ?? new Set<number>();
		s.add(cand);
		reached.set(src, s);
	};
	for (const c of cands) {
		for (const e of index.edgesTo(c.id)) {
			if (STEP_KINDS.has(e.kind) && e.kind !== "implementation") note(e.src, c.id);
			if (e.kind !== "handler") continue;
			if (index.edgesFrom(e.src).filter((h) => h.kind === "handler").length > MAX_KEY_HANDLERS) continue;
			for (const d of index.edgesTo(e.src)) if (d.kind === "dispatch") note(d.src, c.id);
		}
	}
	const candIds = new Map(cands.map((c) => [c.id, c]));
	const out: (JointCaller & { n: number })[] = [];
	for (const [src, set] of reached) {
		if (set.size < JOINT_MIN) continue;
		const x = index.defById(src);
		if (
			!x?.file ||
			x.startLine === null ||
			x.endLine === null ||
			!CODE.has(x.kind) ||
			isAuxiliaryPath(x.file)
		)
			continue;
		const hops = hopsFrom(index, x, candIds);
		const lines = index.fileLines(x.file, x.startLine, x.endLine) ?? [];
		const seq = oneRunCalls(
			lines,
			x.startLine,
			hops.map((h) => ({ to: h.to, line: h.hop.line })),
		);
		// Only candidates nothing in the graph steps into yet count: one a candidate already calls is reached
		// (the caller is a sibling way in, another feature running the same helpers).
		const free = new Set([...seq].filter((id) => !joined(id)));
		if (free.size < JOINT_MIN) continue;
		out.push({ def: x, hops: hops.filter((h) => seq.has(h.to)), free, n: free.size });
	}
	return out
		.sort((a, b) => b.n - a.n || a.def.id - b.def.id)
		.slice(0, JOINT_MAX)
		.map(({ def, hops, free }) => ({ def, hops, free }));
}
