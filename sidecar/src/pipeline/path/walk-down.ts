/** The path followed down into the call its last step returns or awaits last: where the flow goes on past the ranked places. */
import type { DefRow, EdgeRow } from "../../index/types.js";
import { isAuxiliaryPath } from "../auxiliary-code.js";
import { isAwaitedTail, isLastAwaited } from "../awaited-tail.js";
import { branchOf, isGuardCondition } from "../branch.js";
import { type ConceptVector, questionShare } from "../concept-vector.js";
import { implementationsOf } from "../families.js";
import { lastSegment } from "../verify.js";
import { lineHop } from "./hops.js";
import { HELPER_FAN_IN, type PathIndex, type PathStep } from "./types.js";

/**
 * Walk down (session 29, walk29): share of the question's concept weight a returned callee's name
 * and path must match (flow28's MIN_WORTH for "Where to look" continuations).
 */
const WALK_WORTH = 0.5;

/**
 * A class built on a base that this many classes or more extend is one of a generic family (data
 * models on one base, bridges): its method says how one store does it, not where the flow goes.
 * Without this stop the walk ended in model accessors (`MembershipStore.createForTeam`).
 */
const WALK_FAMILY = 12;

/**
 * Walk down: the path goes on from its last step while steps are left, into the call the step
 * returns (`return this.loginNewDirectoryUser(…)`: what the step's result is) when that callee is
 * the flow's own code: not on a side branch nor in a guard's condition, a function or method (its
 * own class's too), no shared helper, no plain function of a module holding one, no member of a
 * large class family (WALK_FAMILY), in a file no earlier step holds but its own, matching WALK_WORTH
 * of the question's concepts, and the only such call (two alike: the flow forks, the walk stops). A
 * contract's member is its one implementation; one with several stops the walk. A call the step
 * awaits last after checks only (isAwaitedTail) is its result too, and so is the last call it awaits
 * among its own statements, writes before it or not, with only returns, logging and `void` calls after
 * it (isLastAwaited: `await afterMessageSave(…)` after the insert). Any other call the step does not
 * return (a check, a clean-up in `finally`, a write before its hand-off) is a side step: walking into
 * the one matching the question best took `ldap.disconnect()` and model accessors.
 */
export function walkDown(
	index: PathIndex,
	steps: PathStep[],
	concepts: ConceptVector,
	maxSteps: number,
): void {
	if (steps.length < 2) return;
	const taken = new Set(steps.map((s) => s.def.id));
	const files = new Set(steps.map((s) => s.def.file));
	while (steps.length < maxSteps) {
		const last = steps.at(-1) as PathStep;
		const pick = returnedCallee(index, last.def, concepts, taken, files);
		if (!pick) return;
		last.hop = lineHop(index, pick.e, last.def, pick.x, null);
		steps.push({ def: pick.x, hop: null, walkedDown: true });
		taken.add(pick.x.id);
		files.add(pick.x.file);
	}
}

/** The callee walkDown goes on to from `def`, or null (none, or two alike). */
function returnedCallee(
	index: PathIndex,
	def: DefRow,
	concepts: ConceptVector,
	taken: ReadonlySet<number>,
	files: ReadonlySet<string | null>,
): { x: DefRow; e: EdgeRow } | null {
	if (!def.file) return null;
	const found: { x: DefRow; e: EdgeRow; share: number }[] = [];
	for (const e of index.edgesFrom(def.id)) {
		if (e.kind !== "call" || e.line === null || e.file !== def.file) continue;
		if (branchOf(index, def, e.line) || isGuardCondition(index, def, e.line)) continue;
		const called = index.defById(e.dst);
		if (
			!RETURNED.test(index.fileLines(def.file, e.line, e.line)?.[0] ?? "") &&
			!awaitedTail(index, def, e.line, called)
		)
			continue;
		const x = calledCode(index, called);
		if (!x?.file || x.startLine === null || taken.has(x.id) || found.some((f) => f.x.id === x.id)) continue;
		if (files.has(x.file) && x.file !== def.file) continue;
		if ((x.kind !== "function" && x.kind !== "method") || x.fanIn >= HELPER_FAN_IN || isAuxiliaryPath(x.file))
			continue;
		if (x.kind === "function" && index.defsInFile(x.file).some((d) => d.fanIn >= HELPER_FAN_IN)) continue;
		if (inLargeFamily(index, x)) continue;
		const share = questionShare(concepts, x);
		if (share >= WALK_WORTH) found.push({ x, e, share });
	}
	return found.length === 1 ? (found[0] as (typeof found)[number]) : null;
}

/** A line returning what it calls. */
const RETURNED = /^\s*return\b/;

/** Does line `line` of `def` await `called` as its tail call (see isAwaitedTail, isLastAwaited)? */
function awaitedTail(index: PathIndex, def: DefRow, line: number, called: DefRow | undefined): boolean {
	if (!called || !def.file || def.startLine === null || def.endLine === null) return false;
	const lines = index.fileLines(def.file, def.startLine, def.endLine) ?? [];
	const at = line - def.startLine;
	const name = lastSegment(called.name);
	return isAwaitedTail(lines, at, name) || isLastAwaited(lines, at, name);
}

/** Is `def` a member of a class whose base WALK_FAMILY classes or more extend (data models, bridges)? */
function inLargeFamily(index: PathIndex, def: DefRow): boolean {
	const cls = def.parentId == null ? undefined : index.defById(def.parentId);
	if (cls?.kind !== "class") return false;
	return index
		.edgesFrom(cls.id)
		.some(
			(e) =>
				e.kind === "extends" &&
				index.edgesTo(e.dst).filter((b) => b.kind === "extends").length >= WALK_FAMILY,
		);
}

/** The code a call reaches: a contract's member is its one implementation (none with several or none). */
function calledCode(index: PathIndex, def: DefRow | undefined): DefRow | undefined {
	const parent = def?.parentId == null ? undefined : index.defById(def.parentId);
	if (!def || (parent?.kind !== "interface" && parent?.kind !== "type")) return def;
	const impls = implementationsOf(index, def);
	return impls.length === 1 ? impls[0] : undefined;
}
