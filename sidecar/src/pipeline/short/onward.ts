/** What the path's last step calls beyond the path: where the flow goes on that the answer does not follow. */
import type { DefRow } from "../../index/types.js";
import { encloses } from "../encloses.js";
import { code } from "../markdown.js";
import type { PathIndex, PathStep } from "../path/types.js";
import { unfollowedCallSites } from "./unfollowed.js";
import type { Label } from "./words.js";

/** What the path's last step calls further, named (the rest counted). */
const ONWARD_NAMED = 2;

/**
 * The edges that take the flow on from the path's last step: calls and renders (not `new`, mostly
 * an error thrown; a key it fires that names the question is told "On the way").
 */
const ONWARD_KINDS = new Set(["call", "jsx"]);

/** What the path's last step calls beyond the path: the first names, in rank order, and how many more. */
export interface Onward {
	names: string[];
	/** Calls not named (all of them when only counted). */
	more: number;
	/** What the step before the last calls after it, named: the flow goes on there, not in the last step. */
	after: { caller: string; names: string[] } | null;
	/** The last step is a member of an interface or type: a declaration, with no body to call anything. */
	declared: boolean;
	/** Where the calls named are written (file and lines): the last step's citation reaches them. */
	at: { file: string; lines: number[] } | null;
}

/**
 * The code of the repository the path's last step calls or renders, besides the path's own steps
 * and the definitions it is written inside, ranked ones first; when it calls none, what the step
 * before it calls after the hop to it.
 */
export function onwardCalls(
	index: PathIndex,
	label: Label,
	path: readonly PathStep[],
	order: readonly DefRow[],
	told: "named" | "counted",
): Onward {
	const last = (path.at(-1) as PathStep).def;
	const onPath = new Set(path.map((s) => s.def.id));
	const rank = new Map(order.map((d, i) => [d.id, i]));
	// The code a step reaches from its body (after line `from`, when given), ranked ones first.
	const callLine = new Map<number, number>();
	const reached = (step: DefRow, from: number | null) => {
		const seen = new Set<number>();
		const found: DefRow[] = [];
		for (const e of index.edgesFrom(step.id)) {
			if (!ONWARD_KINDS.has(e.kind) || seen.has(e.dst) || onPath.has(e.dst)) continue;
			if (from !== null && (e.line === null || e.line <= from)) continue;
			const def = index.defById(e.dst);
			if (!def?.file || encloses(index, def, step)) continue;
			seen.add(e.dst);
			found.push(def);
			if (e.line !== null && e.file === last.file && !callLine.has(e.dst)) callLine.set(e.dst, e.line);
		}
		const at = (d: DefRow) => rank.get(d.id) ?? Number.POSITIVE_INFINITY;
		return found.sort((a, b) => at(a) - at(b));
	};
	const own = reached(last, null);
	// A step whose calls are all written in functions inside it (a store's methods, a callback) goes on
	// through them: what they call is what it calls.
	const inner =
		own.length === 0 && last.file
			? index.defsInFile(last.file).filter((d) => d.id !== last.id && encloses(index, last, d))
			: [];
	const found =
		own.length > 0
			? own
			: [
					...new Map(
						inner
							.flatMap((d) => reached(d, null))
							.filter((d) => d.id !== last.id && !encloses(index, last, d))
							.map((d) => [d.id, d]),
					).values(),
				];
	// A step with no call the index resolved may still call code of the repository it could not follow
	// (`queryBus.register(…)` on an object of unknown type): those calls, as written, are where it goes on.
	const sites = found.length === 0 ? unfollowedCallSites(index, last) : [];
	const unresolved = sites.map((c) => c.written);
	const count = found.length + unresolved.length;
	const named = told === "named" || count === 1 ? found.slice(0, ONWARD_NAMED) : [];
	// A callee named as the step is (a `const` renaming the function it calls, `export const get =
	// getWrapper`) is told with its file: "its call (`get`)" after "as far as `get`" reads as a loop.
	const lastLabel = label(last);
	const names = [
		...named.map((d) => (label(d) === lastLabel && d.file ? `${label(d)} in ${code(d.file)}` : label(d))),
		...(told === "named" || count === 1 ? unresolved.slice(0, ONWARD_NAMED).map(code) : []),
	];
	// A last step that calls nothing: the step before it may go on once it returns (a service that
	// saves a row, then schedules the job that does the work).
	const before = path.at(-2) as PathStep;
	const hopLine = before.hop?.file === before.def.file ? (before.hop?.line ?? null) : null;
	const later = count === 0 && told === "named" && hopLine !== null ? reached(before.def, hopLine) : [];
	const after =
		later.length > 0
			? { caller: label(before.def), names: later.slice(0, ONWARD_NAMED).map((d) => label(d)) }
			: null;
	// The lines of the calls the sentence names (the edge's line of a callee, the line a call is written on).
	const namedUnresolved = told === "named" || count === 1 ? sites.slice(0, ONWARD_NAMED) : [];
	const lines = [
		...named.flatMap((d) => {
			const l = callLine.get(d.id);
			return l === undefined ? [] : [l];
		}),
		...namedUnresolved.map((c) => c.line),
	];
	const at = last.file && lines.length > 0 ? { file: last.file, lines } : null;
	const parent = last.parentId === null ? undefined : index.defById(last.parentId);
	const declared = parent?.kind === "interface" || parent?.kind === "type";
	return { names, more: count - names.length, after, declared, at };
}
