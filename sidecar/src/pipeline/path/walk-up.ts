/** The flow told from where it starts: the path walked up through the one caller the question's words pick. */
import type { DefRow, EdgeRow } from "../../index/types.js";
import { isAuxiliaryPath } from "../auxiliary-code.js";
import { type ConceptVector, questionShare } from "../concept-vector.js";
import { parseHandlerName } from "../labels.js";
import { isEntry, isRegisteredCallback } from "./entries.js";
import { handedInSite } from "./handed-in.js";
import { lineHop } from "./hops.js";
import { encloses } from "./site.js";
import type { PathIndex, PathStep } from "./types.js";
import { RANK_K } from "./worth.js";

/** Callers a step may have for the walk up to go on through it: more and it is a shared step of many flows. */
const WALK_CALLERS = 3;

/**
 * The flow told from where it starts (session 19): while the first step is no entry point and has
 * at most WALK_CALLERS callers (call or `new`; not the pages rendering a component), the path goes
 * up one caller, outside the candidates, whose name or path matches the question: the only one, or
 * the one the question's words and a ranked definition in its file pick (a tie stops the walk, as
 * does a candidate, which the search has weighed already). A flow found mid-way (a push gateway's
 * helper) is told from the queue worker that runs it. A lone best match is no flow: it stays alone. A first
 * step running a callback handed to it (the path's next step) is walked up only to the caller that handed it.
 */
export function walkUp(
	index: PathIndex,
	steps: PathStep[],
	concepts: ConceptVector,
	ranked: readonly DefRow[],
	maxSteps: number,
): void {
	if (steps.length < 2) return;
	const candidates = new Set(ranked.map((d) => d.id));
	// A caller in the file of a ranked definition ranks with it.
	const fileRank = new Map<string, number>();
	ranked.forEach((d, i) => {
		if (d.file && !fileRank.has(d.file)) fileRank.set(d.file, i);
	});
	while (steps.length < maxSteps) {
		const first = steps[0] as PathStep;
		if (isEntry(index, first.def)) return;
		const callers = new Map<number, { x: DefRow; e: EdgeRow }>();
		for (const e of index.edgesTo(first.def.id)) {
			if (e.kind !== "call" && e.kind !== "new") continue;
			const x = index.defById(e.src);
			if (x?.file && !isAuxiliaryPath(x.file) && !callers.has(x.id)) callers.set(x.id, { x, e });
		}
		if (callers.size === 0 || callers.size > WALK_CALLERS) return;
		// A first step running a callback handed to it (the next step) goes up to the caller that handed it only.
		const handed = steps[1] ? handedInSite(index, first.def, steps[1].def) : null;
		let pick: { x: DefRow; e: EdgeRow; score: number } | null = null;
		let tie = false;
		for (const { x, e } of callers.values()) {
			if (x.startLine === null || (x.kind !== "function" && x.kind !== "method")) continue;
			if (candidates.has(x.id) || steps.some((s) => s.def.id === x.id)) return;
			// A callback handed to a wrapper (`withSpan(name, () => this.worker())`) names nothing of its
			// own: the function it calls reads better as the start. One registered under a key stays.
			const callback = parseHandlerName(x, (id) => index.defById(id));
			if (
				callback &&
				callback.key !== null &&
				callback.member === null &&
				!isEntry(index, x) &&
				!isRegisteredCallback(index, x, concepts)
			)
				return;
			if (handed && !encloses(x, handed)) continue;
			const share = questionShare(concepts, x);
			if (share <= 0) continue;
			const r = fileRank.get(x.file as string);
			const score = share + (r === undefined ? 0 : 1 / (r + RANK_K));
			if (pick && Math.abs(score - pick.score) <= 1e-9) tie = true;
			else if (!pick || score > pick.score) {
				pick = { x, e, score };
				tie = false;
			}
		}
		if (!pick || tie) return;
		steps.unshift({ def: pick.x, hop: lineHop(index, pick.e, pick.x, first.def, null), walked: true });
	}
}
