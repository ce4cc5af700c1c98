/** The path carried across a point-to-point key at its end (a job queued, an RPC called) to the code on the far side. */
import type { DefRow, EdgeRow } from "../../index/types.js";
import { branchOf } from "../branch.js";
import { type ConceptVector, namesAny, namesEnough } from "../concept-vector.js";
import { type TrunkEnd, trunkEndsFrom } from "./graph.js";
import { lineHop } from "./hops.js";
import { isOwnNested } from "./inner-step.js";
import { mainCallee } from "./main-tail.js";
import { inSpan, type LineSpan, registrationSpan } from "./registration-span.js";
import type { PathIndex, PathStep } from "./types.js";

/**
 * Carrying on (carryOn): a dispatch of a point-to-point key the question's words name, in one of
 * the path's last CARRY_TAIL steps, takes the path across the key and CARRY_STEPS steps on at most
 * (the handler, then its flow). A tail of 1 misses a dispatch followed by one more call (Hoppscotch: a
 * team request's service publishes its topic, then the path went on to a row lock); 3 changes
 * nothing. Steps, on the six sets: 2, 3 and 4 gain the same core file on Postiz, precision .325,
 * .321 and .308 (the Postiz digest path goes on through the email service into its own workflow).
 */
const CARRY_TAIL = 2;

const CARRY_STEPS = 2;

/**
 * Carry on across a point-to-point key at the path's end: when one of its last CARRY_TAIL steps
 * dispatches a key with one handler (an RPC or route called, a job queued, a workflow started, an
 * event only one listener takes) whose name matches as many of the question's words as a shared
 * helper's must (namesEnough: a hook named for one word of the question, `message.beforeSave` for
 * "how is a message sent", is a side concern, not where the flow asked about goes), the path
 * crosses the key to that handler (a step after the dispatching one gives way: the key the question
 * names is where its flow goes on) and follows it on, CARRY_STEPS steps at most: across a further
 * such key whose name matches any word of the question (a workflow's activity), else to the callee
 * the question's words match best (mainCallee). The search joins a far end only when it leads back
 * to a ranked place (joinFarEnds); a job's handler and what it runs are often ranked nowhere, and the
 * path stopped at the enqueue, the boundary the question asks across. A key with several handlers
 * (a broadcast topic) fans out: there is no one flow to carry on to. When no such key is found and the
 * path went into a closure (intoClosure), the path carries on from the step around the closure instead,
 * across a key that step dispatches after the closure whose name holds any word of the question (namesAny).
 */
export function carryOn(
	index: PathIndex,
	steps: PathStep[],
	concepts: ConceptVector,
	maxSteps: number,
): void {
	const taken = new Set(steps.map((s) => s.def.id));
	let at = -1;
	let next: { def: DefRow; edge: EdgeRow; key: DefRow | null } | null = null;
	const enough = (key: string) => namesEnough(concepts, key);
	for (let i = steps.length - 1; i >= Math.max(0, steps.length - CARRY_TAIL) && !next; i--) {
		const step = steps[i] as PathStep;
		// A caller prepended after the search says where the flow is entered: it does not replace what was found.
		if (step.leadIn || step.walked) break;
		next = carriedKey(index, step.def, concepts, taken, enough);
		at = i;
	}
	if (!next) {
		const closure = intoClosure(steps);
		if (closure !== null) {
			const outer = (steps[closure - 1] as PathStep).def;
			const after = (steps[closure] as PathStep).def.endLine;
			next = carriedKey(index, outer, concepts, taken, (key) => namesAny(concepts, key), null, after);
			at = closure - 1;
		}
	}
	if (!next) return;
	steps.splice(at + 1);
	for (let added = 0; next && added < CARRY_STEPS && steps.length < maxSteps; added++) {
		const from = steps.at(-1) as PathStep;
		from.hop = lineHop(index, next.edge, from.def, next.def, next.key);
		const x: DefRow = next.def;
		// Across a key, a handler registered inline in a larger definition goes on from its callback only.
		const span: LineSpan | null = next.key ? registrationSpan(index, next.key, x) : null;
		steps.push({ def: x, hop: null });
		taken.add(x.id);
		const key: TrunkEnd | null = carriedKey(index, x, concepts, taken, () => true, span);
		const call: ReturnType<typeof mainCallee> = key ? null : mainCallee(index, x, concepts, taken, span);
		next = key ?? (call && { def: call.x, edge: call.e, key: null });
	}
}

/**
 * The path's step (index) that is a function its predecessor defines in its own body (isOwnNested: a callback,
 * `const byId = batch.reduce((acc, e) => …)`), when the path went into one among its last CARRY_TAIL steps; null otherwise.
 * Such a closure is a detail of the step around it: what that step hands on after it runs (a batch sorted in a
 * reducer, then queued for the worker) is where the flow goes on, so a point-to-point key the outer step
 * dispatches after the closure carries the path on when its name holds any word of the question (Langfuse: the
 * ingestion handler's path went into the reducer and its helper, and never crossed the queue to the worker).
 */
function intoClosure(steps: readonly PathStep[]): number | null {
	for (let i = steps.length - 1; i >= Math.max(1, steps.length - CARRY_TAIL); i--) {
		const step = steps[i] as PathStep;
		const outer = steps[i - 1] as PathStep;
		if (step.leadIn || step.walked || outer.leadIn || outer.walked) return null;
		if (isOwnNested(step.def, outer.def)) return i;
	}
	return null;
}

/**
 * The point-to-point key `def` dispatches on its way through (not on a side branch) whose name
 * matches the question's words most (ties: the first written), with its one handler, not one of
 * `taken`; only keys whose name passes `named`, within `span` (an inline callback) only keys
 * dispatched there, and past line `after` only keys dispatched after it.
 */
function carriedKey(
	index: PathIndex,
	def: DefRow,
	concepts: ConceptVector,
	taken: ReadonlySet<number>,
	named: (key: string) => boolean,
	span: LineSpan | null = null,
	after: number | null = null,
): TrunkEnd | null {
	let pick: TrunkEnd | null = null;
	let best = 0;
	for (const end of trunkEndsFrom(index, def)) {
		const { edge } = end;
		if (taken.has(end.def.id) || edge.line === null || edge.file !== def.file || !inSpan(edge, span))
			continue;
		if (after !== null && edge.line <= after) continue;
		if ((!span && branchOf(index, def, edge.line)) || isLifecycleHook(end.key) || !named(end.key.name))
			continue;
		const share = concepts.text(end.key.name).reduce((n, x) => n + x, 0);
		if (share > best + 1e-9) {
			pick = end;
			best = share;
		}
	}
	return pick;
}

/**
 * A lifecycle hook: a key named for the moment it runs at (`beforeProjectCreate`, `afterMessageSave`,
 * `pre-save`; a service method's key names its service first, `billing.beforeProjectCreate`). The
 * code run there is a side concern the flow returns from (an encryption check on project creation), not where
 * the flow asked about goes on: carrying into one cut the rest of the flow (session 24, an RC answer read
 * slightly worse: "create a new channel" went into an E2E hook that acts on other room types only).
 */
const LIFECYCLE_KEY = /^(before|after|pre|post)([A-Z_-]|$)/;

function isLifecycleHook(key: DefRow): boolean {
	return LIFECYCLE_KEY.test(key.name.split(/[./:]/).at(-1) ?? key.name);
}
