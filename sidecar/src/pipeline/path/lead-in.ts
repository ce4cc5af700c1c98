/** The caller that enters the flow, prepended when the path's first step has one or two. */
import type { DefRow, EdgeRow } from "../../index/types.js";
import { isAuxiliaryPath } from "../auxiliary-code.js";
import { type ConceptVector, questionShare } from "../concept-vector.js";
import { keyTrunk } from "../skeleton.js";
import { entryCallers, isEntry, SIDE_ENTRIES } from "./entries.js";
import { FAR_HANDLERS, STEP_KINDS } from "./graph.js";
import { handedInSite } from "./handed-in.js";
import { lineHop } from "./hops.js";
import { encloses } from "./site.js";
import { HELPER_FAN_IN, type PathIndex, type PathStep } from "./types.js";

/**
 * The caller that enters the flow is looked for only when the first step has at most this many
 * callers: one or two is the way in (a route calling its method, a CLI action its command); with
 * more, any one of them is another feature calling in (run 15: 1 adds fewer core files on Rocket.Chat,
 * 3 lets a Hoppscotch lead go to a side caller).
 */
const LEAD_IN_CALLERS = 2;

/**
 * Prepend the caller that enters the flow: when the path's first step has at most LEAD_IN_CALLERS
 * callers (directly, or through a key with one handler; a component rendering it counts but is never taken), the one outside the path search's
 * candidates (those were weighed there, and a caller from another flow dropped by trimHead), code
 * of its own (a function or method, not a helper, in a file the path does not hold) and matching
 * the question's words by its name or path; an entry point first, then the better match. The
 * answer gives it a place of "Where to look" (the path's files are labelled twice as often as the
 * places, run 15). A caller reaching the step through a key of a trunk its own class handles too is
 * a peer (another service calling this one over the same bus), not the way in: session 12, a video
 * conference service led room creation, a transcript service led file uploads. When the first step runs a
 * callback a caller handed it (the path's next step), only that caller is the way in (path/handed-in.ts).
 */
export function leadIn(
	index: PathIndex,
	steps: PathStep[],
	concepts: ConceptVector,
	candidates: ReadonlyMap<number, DefRow>,
): void {
	const first = steps[0];
	if (!first) return;
	const ins: { x: DefRow | undefined; e: EdgeRow; key: DefRow | null }[] = [];
	for (const e of index.edgesTo(first.def.id)) {
		if (STEP_KINDS.has(e.kind) && e.kind !== "implementation")
			ins.push({ x: index.defById(e.src), e, key: null });
		if (e.kind !== "handler") continue;
		const key = index.defById(e.src);
		if (key?.kind !== "dispatch-key") continue;
		if (index.edgesFrom(key.id).filter((h) => h.kind === "handler").length > FAR_HANDLERS) continue;
		for (const d of index.edgesTo(key.id))
			if (d.kind === "dispatch") ins.push({ x: index.defById(d.src), e: d, key });
	}
	if (new Set(ins.map((i) => i.x?.id)).size > LEAD_IN_CALLERS) return;
	// A component some page renders is entered through a key only at a listener nested in it, not where the
	// path goes on from it: the server emitting the event the page hears is no way into the page's own flow.
	const rendered = ins.some((i) => i.e.kind === "jsx");
	// A step shared by several entry points, one of them weighed by the search and not taken (trimSideEntry
	// dropped it, or another flow won), is entered from none of them in particular.
	const ways = entryCallers(index, first.def);
	if (ways.size >= SIDE_ENTRIES && [...ways].some((id) => candidates.has(id))) return;
	// A first step that runs a callback handed to it (the path's next step) is entered from the caller that handed it.
	const handed = steps[1] ? handedInSite(index, first.def, steps[1].def) : null;
	let pick: { x: DefRow; e: EdgeRow; key: DefRow | null; share: number; entry: boolean } | null = null;
	for (const { x, e, key } of ins) {
		if (!x?.file || x.startLine === null || isAuxiliaryPath(x.file) || candidates.has(x.id)) continue;
		// A component rendering the first step is the page it sits on, not where a flow starts (walkUp's rule
		// too): an admin page rendering its form, a dashboard tab rendering a chart led flows of other features.
		if (e.kind === "jsx" || (key && rendered)) continue;
		if ((x.kind !== "function" && x.kind !== "method") || x.fanIn >= HELPER_FAN_IN) continue;
		if (steps.some((s) => s.def.id === x.id || s.def.file === x.file)) continue;
		if (key && peerOf(index, x, key)) continue;
		if (handed && !encloses(x, handed)) continue;
		const share = questionShare(concepts, x);
		if (share <= 0) continue;
		const entry = isEntry(index, x);
		if (!pick || Number(entry) > Number(pick.entry) || (entry === pick.entry && share > pick.share + 1e-9))
			pick = { x, e, key, share, entry };
	}
	if (!pick) return;
	steps.unshift({ def: pick.x, hop: lineHop(index, pick.e, pick.x, first.def, pick.key), leadIn: true });
}

/**
 * Does `caller`'s class handle keys of `key`'s trunk itself? Then its dispatch of `key` is one peer
 * calling another over the same bus (a service calling a service), not a way in from another layer
 * (a route calling a method, a client calling a route).
 */
function peerOf(index: PathIndex, caller: DefRow, key: DefRow): boolean {
	if (caller.parentId === null || !caller.file) return false;
	const trunk = keyTrunk(key);
	return index
		.defsInFile(caller.file)
		.filter((m) => m.parentId === caller.parentId)
		.some((m) =>
			index.edgesTo(m.id).some((e) => {
				if (e.kind !== "handler") return false;
				const k = index.defById(e.src);
				return k?.kind === "dispatch-key" && keyTrunk(k) === trunk;
			}),
		);
}
