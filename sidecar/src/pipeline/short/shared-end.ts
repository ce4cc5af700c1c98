/** Whether the flow's last step is cited at its head or only named at the call that reaches it. */
import type { DefRow } from "../../index/types.js";
import type { PathIndex, PathStep } from "../path/types.js";

/**
 * Files besides its own that call a definition for it to be a shared helper as a flow's end: a
 * metric recorder, a type mapper, a re-exported repository function. On the dev sets every last
 * step in a core file is called from 2 other files at most (a threshold of 2 uncites a core hook runner);
 * the four ends called from 4 to 9 are helpers the flow happened to stop in (benchmarks/answers.md,
 * session 34 lfq34: 3 and 4 alike on the dev sets, 3 a little more precise on a held-out set).
 */
export const SHARED_END_FILES = 3;

/** The edges that make a definition a helper other code calls. */
const CALL_KINDS = new Set(["call", "jsx", "new"]);

/**
 * Is the path's last step a helper many files call, reached by a call the step before it writes
 * and names? Then the answer names it at that call (cited there) and does not cite its head: the
 * helper's code is not the feature asked about, and citing it spends a citation on a file off the
 * question. Its doc comment and onward calls are told as before.
 */
export function endsInSharedHelper(index: Pick<PathIndex, "edgesTo">, path: readonly PathStep[]): boolean {
	const before = path.at(-2);
	const last = path.at(-1);
	const hop = before?.hop;
	if (!before || !last || !hop || hop.kind === "dispatch" || hop.kind === "implementation") return false;
	if (!hop.named || hop.file === null || hop.line === null) return false;
	const callers = new Set<string>();
	for (const e of index.edgesTo(last.def.id)) {
		if (CALL_KINDS.has(e.kind) && e.file && e.file !== last.def.file) callers.add(e.file);
	}
	return callers.size >= SHARED_END_FILES;
}

/**
 * The shared helper a path ends in, when no other step of the told or the best path is in its file: it is
 * added to "Where to look" when ranked within the places' reach (flow-places.ts openEndPlace). The helper
 * is named only at its call, and its file was barred from the places as a step's, so it was never cited
 * even when the citation ranking put it first (an upload library's `copyImageIn` that test scripts call, a
 * notifications dispatcher three services call). Null when the path does not end in a shared helper.
 */
export function openEnd(
	sharedEnd: boolean,
	best: readonly PathStep[],
	path: readonly PathStep[],
): DefRow | null {
	const last = path.at(-1)?.def;
	if (!sharedEnd || !last?.file) return null;
	const shared = [...best, ...path].some((s) => s.def.file === last.file && s.def.id !== last.id);
	return shared ? null : last;
}
