/**
 * The groups an impact answer sorts X's places into (where it runs, who calls those, who registers on
 * it, who extends it, …), the edge kinds that put a site in each, and the place a group lists.
 */
import type { DefRow } from "../../index/types.js";

export type GroupId = "run" | "register" | "extend" | "up" | "drives" | "other" | "related";

export interface Group {
	id: GroupId;
	title: string;
	/** Shown first, before any other group takes more (pass 1 of the budget). */
	first: number;
	/** Shown at most (a weak signal does not fill the message). */
	max?: number;
}

const RELATED_TITLE = "Related by name (the index links them to it by no reference)";

/** A key runs where it is dispatched and reaches whoever registers on it. */
export const KEY_GROUPS: readonly Group[] = [
	{ id: "run", title: "Where it is run", first: 5 },
	{ id: "up", title: "Who calls those (one call further up)", first: 4 },
	{ id: "register", title: "Who registers on it", first: 8 },
	// Only for a key no code runs: what its one handler calls (answer.ts).
	{
		id: "drives",
		title: "What its handler calls (context: a change to the key does not change these)",
		first: 3,
	},
	{ id: "other", title: "Other references", first: 4 },
	{ id: "related", title: RELATED_TITLE, first: 3, max: 3 },
];
/** A definition runs where it is called (or created, or rendered); subclasses change with it. */
export const DEF_GROUPS: readonly Group[] = [
	{ id: "run", title: "Where it is called", first: 8 },
	{ id: "up", title: "Who calls those (one call further up)", first: 4 },
	{ id: "register", title: "Where it is registered or handled", first: 4 },
	{ id: "extend", title: "Who extends or implements it", first: 4 },
	{ id: "related", title: RELATED_TITLE, first: 3, max: 3 },
	// What X calls is context: a change to X leaves it as it is (its callers are what a change reaches).
	{ id: "drives", title: "What it calls (context: a change to it does not change these)", first: 3 },
	{ id: "other", title: "Other references", first: 3 },
];
export const CALL_KINDS = new Set(["call", "new", "jsx"]);
export const REGISTER_KINDS = new Set(["register", "handler"]);
/** (An `implementation` edge into a member is the member implementing a contract: the class's own code.) */
export const EXTEND_KINDS = new Set(["extends", "implements"]);
/** Order of sites within a group: what is made or derived of X first, plain mentions (literal) last. */
export const KIND_ORDER: Record<string, number> = {
	new: 0,
	extends: 0,
	implements: 0,
	call: 1,
	jsx: 1,
	register: 1,
	handler: 1,
	reference: 2,
	import: 3,
	literal: 4,
	implementation: 5,
};

export interface Place {
	group: GroupId;
	file: string;
	line: number;
	kind: string;
	/** The definition the site is written in (undefined: module level). */
	within: DefRow | undefined;
	/** For a register site: the handler registered (its name when it has one of its own). */
	handler: string | null;
	/** Other sites of the same file in the same group (folded into this line). */
	alsoInFile: number;
	/** One call further up: the caller of X this site calls. */
	via?: DefRow;
	/** …or uses `via`, a variable holding an instance of X (passes it on, reads it). */
	uses?: boolean;
	/** …through a key: the key this site dispatches, which `via` handles (a route, method, job). */
	key?: DefRow;
	/** What X runs: the callee this site calls, or the implementation / handler cited at its head. */
	runs?: { def: DefRow; head: boolean; of?: DefRow };
}

/**
 * Every file's first place before any file's second: the reader sees which files are touched before
 * the second site of one. With `later`, places in those files go after the others.
 */
export function breadthFirst(places: readonly Place[], later: ReadonlySet<string> | null): Place[] {
	const nth = new Map<string, number>();
	const rank = places.map((p) => {
		const n = nth.get(p.file) ?? 0;
		nth.set(p.file, n + 1);
		return n;
	});
	return places
		.map((p, i) => ({ p, i, r: rank[i] as number, l: Number(later?.has(p.file) ?? false) }))
		.sort((a, b) => a.l - b.l || a.r - b.r || a.i - b.i)
		.map((x) => x.p);
}
