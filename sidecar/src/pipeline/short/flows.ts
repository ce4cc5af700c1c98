/** Whether a runner-up flow is told beside the lead: close enough in worth and not joined to it. */
import type { FoundPaths, PathIndex, PathStep } from "../path/types.js";

/**
 * A runner-up flow worth at least this share of the best one is told too ("two flows match"): on the
 * dev sets, below it the best path is the right one far more often than the other.
 */
const CLOSE_FLOWS = 0.85;

/** Steps of the other flow named. */
const OTHER_STEPS = 3;

/**
 * The path that leads and, when another flow (through none of its files) is worth nearly as much,
 * that one too: the ranking cannot tell them apart, so the answer says so and names both rather
 * than telling one confidently. The best leads: letting the runner-up lead when its steps fire
 * keys naming more of the question (run 12, b6af591) fixed no judged answer and turned a right
 * one wrong (a user-save flow's `afterUserSave` outnamed a message edit's keys on "user").
 */
export function closeFlows(index: PathIndex, found: FoundPaths): { path: PathStep[]; other: PathStep[] } {
	const second = found.runnerUp;
	if (!second || second.steps.length === 0 || found.worth <= 0) return { path: found.steps, other: [] };
	// Two paths joined by an edge or a key (one sends what the other handles) are one flow, not alternatives.
	if (joined(index, found.steps, second.steps) || joined(index, second.steps, found.steps))
		return { path: found.steps, other: [] };
	if (second.worth < CLOSE_FLOWS * found.worth) return { path: found.steps, other: [] };
	// The other flow's last named step is cited at its head: its hop leads to a step not named.
	const other = second.steps
		.slice(0, OTHER_STEPS)
		.map((s, i, all) => (i === all.length - 1 ? { ...s, hop: null } : s));
	return { path: found.steps, other };
}

/** Does a step of `from` call, or dispatch a key handled by, a step of `to`? */
function joined(index: PathIndex, from: readonly PathStep[], to: readonly PathStep[]): boolean {
	const targets = new Set(to.map((s) => s.def.id));
	for (const { def } of from)
		for (const e of index.edgesFrom(def.id)) {
			if (targets.has(e.dst)) return true;
			if (e.kind !== "dispatch") continue;
			if (index.edgesFrom(e.dst).some((h) => h.kind === "handler" && targets.has(h.dst))) return true;
		}
	return false;
}
