// A file several of the fused ranking's top files call, but from definitions other than their best
// question matches (the graph channel follows only those). A flow's shared step (a manager, a
// store, a service every handler ends in) is often called from the handlers' bodies, not from
// their best-named definition, so no single top file's reach finds it; several top files calling
// it is the evidence (benchmarks/answers.md, session 31 l2seed31).
import type { DefRow } from "../index/types.js";

/** A definition with its file: what the seed stage can make a candidate. */
export type FiledDef = DefRow & { file: string };

/**
 * The one edge kind counted: a direct call. A class several top files construct from their other
 * definitions (`new Callbacks()`) is shared machinery — a registry, an emitter — not the flow's
 * step, and it brings its own crowd of callers into the chains (one RC question lost two chain lines).
 */
export const CALLER_REACH_EDGE = "call";
/** Distinct top files that must call into the file: one or two callers make it their own detail. */
export const CALLER_REACH_MIN_FILES = 3;
/**
 * Share of each caller's score the file receives in the graph channel: below the direct links'
 * full score, so a file a top file's best definitions link keeps its place ahead of it.
 */
export const CALLER_REACH_WEIGHT = 0.3;

interface Reached {
	readonly callers: Map<string, number>;
	readonly defs: Map<number, FiledDef>;
}

/** Which top files call which files from their other definitions, and what they call there. */
export class CallerReach {
	private readonly reached = new Map<string, Reached>();

	add(callee: FiledDef, callerFile: string, callerScore: number): void {
		const calleeFile = callee.file;
		const r = this.reached.get(calleeFile) ?? { callers: new Map(), defs: new Map() };
		// Each caller counts once, with the first definition it reaches there.
		if (r.callers.has(callerFile)) return;
		r.callers.set(callerFile, callerScore);
		r.defs.set(callee.id, callee);
		this.reached.set(calleeFile, r);
	}

	/**
	 * Graph-channel scores (and the called definitions, to become candidates) of the files enough
	 * top files call, leaving out files the channel already links (those keep its full score).
	 */
	lifts(linked: ReadonlySet<string>): Map<string, { score: number; defs: FiledDef[] }> {
		const out = new Map<string, { score: number; defs: FiledDef[] }>();
		for (const [file, r] of this.reached) {
			if (linked.has(file) || r.callers.size < CALLER_REACH_MIN_FILES) continue;
			let score = 0;
			for (const s of r.callers.values()) score += CALLER_REACH_WEIGHT * s;
			out.set(file, { score, defs: [...r.defs.values()] });
		}
		return out;
	}
}
