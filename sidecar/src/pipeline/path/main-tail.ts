/** A path ending on a side branch (an error check, an early return) ends at the callee on the way through instead. */
import type { DefRow, EdgeRow } from "../../index/types.js";
import { isAuxiliaryPath } from "../auxiliary-code.js";
import { branchOf, isGuardCondition } from "../branch.js";
import { type ConceptVector, questionShare } from "../concept-vector.js";
import { lineHop } from "./hops.js";
import { inSpan, type LineSpan } from "./registration-span.js";
import { HELPER_FAN_IN, type Hop, type PathIndex, type PathStep } from "./types.js";

/**
 * Is the hop written on a side branch of `from` (a `catch`, an `if` block that returns or throws), or
 * in the condition of such an `if` (a check the flow passes; branch.ts)?
 */
function onSideBranch(index: PathIndex, from: DefRow, hop: Hop | null): boolean {
	return (
		!!hop &&
		hop.line !== null &&
		hop.file === from.file &&
		(branchOf(index, from, hop.line) !== null || isGuardCondition(index, from, hop.line))
	);
}

/**
 * A path whose last hop is written on a side branch of the step before (an error check, an early
 * return) ends instead at that step's callee on its way through which the question's words match
 * best (its name or path; a function or method, no shared helper, not already on the path): the
 * flow the question asks about goes on there. Session 18 blind readers: a test-runner flow ended at
 * `isInfraError`, called only when the script fails, beside the call that sets up what the test
 * counts. With no such callee the side step stays, worded as the side branch it is; so does a step the
 * question's words match better than that callee (the check asked about: "where is a message permission
 * checked?", the guard's `mayDeleteMessageAsync`, not the deletion it lets through).
 */
export function mainTail(index: PathIndex, steps: PathStep[], concepts: ConceptVector): void {
	const last = steps.at(-1);
	const before = steps.at(-2);
	if (!last || !before || !onSideBranch(index, before.def, before.hop)) return;
	const pick = mainCallee(index, before.def, concepts, new Set(steps.map((s) => s.def.id)));
	// A check the question's words match better than that callee is what the question asks about.
	if (!pick || questionShare(concepts, last.def) > pick.share + 1e-9) return;
	before.hop = lineHop(index, pick.e, before.def, pick.x, null);
	steps[steps.length - 1] = { def: pick.x, hop: null };
}

/**
 * The callee `def` goes on to on its way through (not on a side branch) that the question's words
 * match best by name or path: a function or method, no shared helper, none of `taken`; null when
 * none matches. Within `span` (a callback registered inline, registration-span.ts) only calls written
 * there count, and the branch that registered the callback is no side branch of what it runs.
 */
export function mainCallee(
	index: PathIndex,
	def: DefRow,
	concepts: ConceptVector,
	taken: ReadonlySet<number>,
	span: LineSpan | null = null,
): { x: DefRow; e: EdgeRow; share: number } | null {
	let pick: { x: DefRow; e: EdgeRow; share: number } | null = null;
	for (const e of index.edgesFrom(def.id)) {
		if (e.kind !== "call" && e.kind !== "new" && e.kind !== "jsx") continue;
		if (e.line === null || e.file !== def.file || !inSpan(e, span)) continue;
		if (!span && (branchOf(index, def, e.line) || isGuardCondition(index, def, e.line))) continue;
		const x = index.defById(e.dst);
		if (!x?.file || x.startLine === null || isAuxiliaryPath(x.file) || x.fanIn >= HELPER_FAN_IN) continue;
		if ((x.kind !== "function" && x.kind !== "method") || taken.has(x.id)) continue;
		const share = questionShare(concepts, x);
		if (share > (pick?.share ?? 0) + 1e-9) pick = { x, e, share };
	}
	return pick;
}
