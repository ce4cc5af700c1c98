/**
 * Where the flow goes on: what the path's steps call in files the answer does not cite yet (the
 * checks a step runs, the hooks it calls after saving). A place one call on from a step is what a
 * reader opens next; a place that only shares the question's words is not. Callers of a step are
 * left out (other ways in, e.g. bridges calling the same function), and so are shared helpers
 * (HELPER_FAN_IN callers or more) and their modules, calls on a side branch, tests and definitions
 * written inside the step, and a callback handed to the step by a caller that is not the step before it.
 */
import type { DefRow } from "../index/types.js";
import { isAuxiliaryPath } from "./auxiliary-code.js";
import { branchOf } from "./branch.js";
import type { ConceptVector } from "./concept-vector.js";
import { implementationsOf } from "./families.js";
import { handedByPath } from "./path/handed-in.js";
import { encloses } from "./path/site.js";
import { HELPER_FAN_IN, type PathIndex, type PathStep } from "./path/types.js";

/**
 * Share of the question's concept weight a callee's name and path must match (session 28, flow28):
 * any match at all let a webhook answer's outgoing-hook adder (0.19) take the place of a core
 * file; 0.34 and 0.5 alike on the six sets.
 */
const MIN_WORTH = 0.5;

/** A definition a path step calls in another file. */
export interface Continuation {
	step: DefRow;
	callee: DefRow;
	/** The share of the question's concept weight the callee's name and path match. */
	worth: number;
}

/**
 * The path steps' callees in files outside `taken`, one per file, at most `max`: those matching
 * more of the question's concepts (by name and path) first, then by the citation ranking, then in
 * the path's order. Only callees matching MIN_WORTH of the question count: an unrelated callee (a
 * logger, a formatter) is not the flow's continuation the question asks about. A contract's member
 * counts as its one implementation; a member with several (or none) is left out.
 */
export function flowContinuations(
	index: PathIndex,
	path: readonly PathStep[],
	order: readonly DefRow[],
	concepts: ConceptVector | undefined,
	taken: ReadonlySet<string | null>,
	max: number,
): Continuation[] {
	if (max <= 0 || !concepts) return [];
	const onPath = new Set(path.map((s) => s.def.id));
	const rank = new Map(order.map((d, i) => [d.id, i]));
	const found: { c: Continuation; worth: number; at: number; seq: number }[] = [];
	const seen = new Set<number>();
	for (const [at, step] of path.entries()) {
		for (const e of index.edgesFrom(step.def.id)) {
			if (e.kind !== "call" || seen.has(e.dst) || onPath.has(e.dst)) continue;
			// A callback handed to the step by a caller (the hop written outside its body) goes on this flow
			// only when the step before handed it: else it is a sibling caller's handler (path/handed-in.ts).
			const site = e.file && e.line !== null ? { file: e.file, line: e.line } : null;
			if (site && !encloses(step.def, site) && !handedByPath(path, at, site)) continue;
			seen.add(e.dst);
			const def = runs(index, index.defById(e.dst));
			if (
				!def?.file ||
				def.startLine === null ||
				def.endLine === null ||
				taken.has(def.file) ||
				isAuxiliaryPath(def.file)
			)
				continue;
			if ((def.kind !== "function" && def.kind !== "method") || def.fanIn >= HELPER_FAN_IN) continue;
			if (inside(index, step.def, def) || helperModule(index, def.file)) continue;
			// A call on a side branch (a `catch`, an `if` that returns) starts another flow, not this one's next step.
			if (e.line !== null && branchOf(index, step.def, e.line)) continue;
			const worth = concepts(def).reduce((n, x) => n + x, 0);
			if (worth < MIN_WORTH) continue;
			found.push({
				c: { step: step.def, callee: def, worth },
				worth,
				at: rank.get(def.id) ?? Number.POSITIVE_INFINITY,
				seq: found.length,
			});
		}
	}
	found.sort((a, b) => b.worth - a.worth || a.at - b.at || a.seq - b.seq);
	const files = new Set<string>();
	const out: Continuation[] = [];
	for (const f of found) {
		const file = f.c.callee.file as string;
		if (files.has(file)) continue;
		files.add(file);
		out.push(f.c);
		if (out.length >= max) break;
	}
	return out;
}

/**
 * The code a call reaches: a contract's member (an interface's or a type's) is its one
 * implementation, or none when it has several or none (a declaration is not the flow).
 */
function runs(index: PathIndex, def: DefRow | undefined): DefRow | undefined {
	const parent = def?.parentId == null ? undefined : index.defById(def.parentId);
	if (!def || (parent?.kind !== "interface" && parent?.kind !== "type")) return def;
	const impls = implementationsOf(index, def);
	return impls.length === 1 ? impls[0] : undefined;
}

/**
 * Does the file hold a shared helper (HELPER_FAN_IN callers or more)? Then it is a module of
 * helpers many flows use (`notifyListener.ts`), and its other functions are no one flow's next step.
 */
function helperModule(index: PathIndex, file: string): boolean {
	return index.defsInFile(file).some((d) => d.fanIn >= HELPER_FAN_IN);
}

/** Is `inner` written inside `outer`? */
function inside(index: PathIndex, outer: DefRow, inner: DefRow): boolean {
	let id = inner.parentId;
	for (let n = 0; id !== null && n < 12; n++) {
		if (id === outer.id) return true;
		id = index.defById(id)?.parentId ?? null;
	}
	return false;
}
