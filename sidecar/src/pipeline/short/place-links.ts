/** How a place of "Where to look" touches the flow told above: a call, a creation or a render to or from a step. */
import type { DefRow } from "../../index/types.js";
import type { PathIndex } from "../path/types.js";
import type { Label } from "./words.js";

/** Does `def` call, create or render a path step, or a step it? */
export function linkedToPath(index: PathIndex, def: DefRow, pathIds: ReadonlySet<number>): boolean {
	return (
		index.edgesTo(def.id).some((e) => pathIds.has(e.src) && LINK_VERBS[e.kind]) ||
		index.edgesFrom(def.id).some((e) => pathIds.has(e.dst) && LINK_VERBS[e.kind])
	);
}

/** How a place and a step are linked, said from the place: [it does it to the step, the step does it to it]. */
const LINK_VERBS: Partial<Record<string, [string, string]>> = {
	call: ["calls", "called by"],
	new: ["creates", "created by"],
	jsx: ["renders", "rendered by"],
};

/**
 * How a place touches the flow told above, when it calls a step or a step calls it: "called by step 3
 * (`sendNotification`)" / "calls step 2 (`PushSender.send`)". Readers asked why a place is listed; a
 * place one call from the flow says so, one that only shares a word says nothing. `line`: where the
 * place itself makes the call (its citation holds the call a reader is sent to), else null.
 */
export function stepLink(
	index: PathIndex,
	def: DefRow,
	stepAt: ReadonlyMap<number, { def: DefRow; n: number }>,
	label: Label,
): { words: string; line: number | null } {
	const step = (s: { def: DefRow; n: number }) => `step ${s.n} (${label(s.def)})`;
	for (const e of index.edgesTo(def.id)) {
		const s = stepAt.get(e.src);
		const verb = LINK_VERBS[e.kind]?.[1];
		if (s && verb) return { words: `${verb} ${step(s)}`, line: null };
	}
	for (const e of index.edgesFrom(def.id)) {
		const s = stepAt.get(e.dst);
		const verb = LINK_VERBS[e.kind]?.[0];
		if (s && verb) return { words: `${verb} ${step(s)}`, line: e.file === def.file ? e.line : null };
	}
	return { words: "", line: null };
}

/** Lines a place's citation spans at most to hold both its head and its call to a step. */
const HEAD_TO_CALL_LINES = 40;

/**
 * A place's citation: its head, run on to its call to a step when the call is close below it, or the
 * call's line alone when it is far (a reader sent to "calls step 4" finds the call, not a declaration
 * 90 lines above it).
 */
export function callCited(
	head: { startLine: number; endLine: number },
	callLine: number | null,
): { startLine: number; endLine: number } {
	if (callLine === null || (callLine >= head.startLine && callLine <= head.endLine)) return head;
	if (callLine > head.startLine && callLine - head.startLine < HEAD_TO_CALL_LINES)
		return { startLine: head.startLine, endLine: callLine };
	return { startLine: callLine, endLine: callLine };
}
