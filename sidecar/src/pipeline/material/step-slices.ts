/**
 * The chain steps the bodies' shares had no room for, read in a few lines each instead of one
 * signature line: the head, then the lines where the step calls or dispatches onward (the hop to
 * the chain's next step), with the conditions deciding them, up to `MapReach.stepSliceLines`.
 * A step's gold line is mostly its call of the next step, which its signature does not show
 * (Session 38's census: "signature only" chain steps), and the map's key-hop lines cover only
 * string dispatches.
 */
import type { Assembly } from "./assembly.js";
import type { Candidate } from "./candidate.js";
import type { AssembleConfig, AssembleInput } from "./input.js";
import { addDefinition } from "./read-definition.js";

/** Roles of the definitions on a chain the first pass reached (not picks: they have shares of their own). */
const STEP_ROLES = new Set<Candidate["role"]>(["seed", "chain", "callee", "key-hop"]);

/**
 * Read the chain steps of `deferred` (on a selected chain, not read) in reading order, each whole
 * up to `lines` lines or in slices of as many, while the material is within `limit`; each read is
 * counted as its body.
 */
export function readStepSlices(
	a: Assembly,
	deferred: readonly Candidate[],
	input: AssembleInput,
	config: AssembleConfig,
	onChain: ReadonlySet<number>,
	lines: number,
	limit: number,
): void {
	if (lines <= 0) return;
	const stepConfig = { ...config, wholeDefLines: lines, sliceLines: lines };
	for (const c of deferred) {
		const d = c.node.def;
		if (!STEP_ROLES.has(c.role) || !onChain.has(d.id) || a.bodies.has(d.id)) continue;
		if (a.spent >= limit) break;
		if (addDefinition(a, c, input, stepConfig, onChain, limit)) a.markRead(d);
	}
}
