/** The flow's continuation in "Where to look": what the path's steps call next, in place of places that only share a word. */
import type { DefRow } from "../../index/types.js";
import type { ConceptVector } from "../concept-vector.js";
import { flowContinuations } from "../flow-continuation.js";
import type { PathIndex, PathStep } from "../path/types.js";
import { linkedToPath } from "./place-links.js";

/**
 * "Where to look" places the flow's continuation may take at most (flow-continuation.ts), each from
 * the weakest place that only matches the question's words. Session 28 (flow28): 2 and 3 alike.
 */
const FLOW_PLACES = 2;

/**
 * The flow's continuation (what its steps call in files not cited yet, flow-continuation.ts) takes
 * up to FLOW_PLACES of the places that only match the question's words (no call to or from a step):
 * each the weakest left (fewest of the question's concepts matched, the later in rank order among
 * equals) when the callee matches at least as many; a place the question's words fit better keeps
 * its place (a core file beside a path that leads astray). Updates `placeDefs` and `placeFiles` in
 * place (the callee takes the place's slot) and returns, per callee taken, the step calling it.
 */
export function flowPlaces(
	index: PathIndex,
	path: readonly PathStep[],
	order: readonly DefRow[],
	concepts: ConceptVector | undefined,
	bestFiles: ReadonlySet<string | null>,
	placeDefs: DefRow[],
	placeFiles: Set<string>,
): Map<number, DefRow> {
	const pathIds = new Set(path.map((s) => s.def.id));
	const wordOnly = placeDefs.filter((d) => !linkedToPath(index, d, pathIds));
	const taken = new Set<string | null>([...bestFiles, ...placeFiles, ...path.map((s) => s.def.file)]);
	const found = flowContinuations(
		index,
		path,
		order,
		concepts,
		taken,
		Math.min(FLOW_PLACES, wordOnly.length),
	);
	const worthOf = (d: DefRow) => (concepts ? concepts(d).reduce((n, x) => n + x, 0) : 0);
	const weakest = wordOnly
		.map((d, i) => ({ d, worth: worthOf(d), i }))
		.sort((a, b) => a.worth - b.worth || b.i - a.i);
	const flowStep = new Map<number, DefRow>();
	found.forEach((c, i) => {
		const w = weakest[i];
		if (!w || c.worth < w.worth) return;
		placeDefs[placeDefs.indexOf(w.d)] = c.callee;
		placeFiles.delete(w.d.file as string);
		placeFiles.add(c.callee.file as string);
		flowStep.set(c.callee.id, c.step);
	});
	return flowStep;
}

/**
 * A shared helper the path ends in, cited only at its call (shared-end.ts openEnd), is added to the places
 * when the citation ranking puts its file within their reach (above the last-ranked place's file): it takes
 * no other place's room, so a ranked file is never dropped for it. Updates `placeDefs` and `placeFiles` in
 * place; true when the end was added.
 */
export function openEndPlace(
	order: readonly DefRow[],
	end: DefRow | null,
	placeDefs: DefRow[],
	placeFiles: Set<string>,
): boolean {
	if (!end?.file || placeFiles.has(end.file)) return false;
	const rank = new Map<string | null, number>();
	order.forEach((d, i) => {
		if (!rank.has(d.file)) rank.set(d.file, i);
	});
	const endRank = rank.get(end.file);
	const reach = Math.max(-1, ...placeDefs.map((d) => rank.get(d.file) ?? -1));
	if (endRank === undefined || endRank > reach) return false;
	placeDefs.push(end);
	placeFiles.add(end.file);
	return true;
}
