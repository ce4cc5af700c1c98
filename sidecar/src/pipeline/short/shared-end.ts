/** Whether the flow's last step is cited at its head or only named at the call that reaches it. */
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
