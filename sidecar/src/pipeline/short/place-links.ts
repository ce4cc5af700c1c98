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
 * place one call from the flow says so, one that only shares a word says nothing.
 */
export function stepLink(
	index: PathIndex,
	def: DefRow,
	stepAt: ReadonlyMap<number, { def: DefRow; n: number }>,
	label: Label,
): string {
	const step = (s: { def: DefRow; n: number }) => `step ${s.n} (${label(s.def)})`;
	for (const e of index.edgesTo(def.id)) {
		const s = stepAt.get(e.src);
		const verb = LINK_VERBS[e.kind]?.[1];
		if (s && verb) return `${verb} ${step(s)}`;
	}
	for (const e of index.edgesFrom(def.id)) {
		const s = stepAt.get(e.dst);
		const verb = LINK_VERBS[e.kind]?.[0];
		if (s && verb) return `${verb} ${step(s)}`;
	}
	return "";
}
