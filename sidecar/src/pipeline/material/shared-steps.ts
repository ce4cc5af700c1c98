/**
 * The chain steps several chains share. With many select picks the picks spend more than the
 * bodies' share, and no chain step is read before the signature map: a step most chains run
 * through (the service method every scheduling flow starts its workflow in) stayed a one-line
 * signature, its hop deep inside. The chains meet at such a step, so it is read right after the
 * picks, within `MapReach.sharedStepShare` (session 29, mat29b).
 */
import type { DefRow } from "../../index/types.js";
import type { Skeleton } from "../skeleton.js";
import { type Candidate, HOT_FAN_IN } from "./candidate.js";
import type { MapReach } from "./reach.js";

/** What a shared step is: a function or method with a body (no type, module or key). */
const STEP_KINDS = new Set(["function", "method"]);

/**
 * The candidates of `deferred` that no pick is and `read` does not hold, that at least
 * `sharedStepChains` of `skeletons` hold as a node and the question's words rate above 0 (a
 * shared helper the question does not name is no step of its flow): the most chains first, then
 * the best rated, then in reading order; at most `sharedSteps`.
 */
export function sharedSteps(
	skeletons: readonly Skeleton[],
	deferred: readonly Candidate[],
	read: ReadonlySet<number>,
	relevance: (d: DefRow) => number,
	reach: Pick<MapReach, "sharedSteps" | "sharedStepChains">,
): Candidate[] {
	if (reach.sharedSteps <= 0) return [];
	const chains = new Map<number, number>();
	for (const sk of skeletons) {
		for (const id of new Set(sk.nodes.map((n) => n.def.id))) chains.set(id, (chains.get(id) ?? 0) + 1);
	}
	const count = (c: Candidate) => chains.get(c.node.def.id) ?? 0;
	const seen = new Set<number>();
	const shared = deferred.filter((c) => {
		const d = c.node.def;
		if (c.role === "pick" || seen.has(d.id) || read.has(d.id)) return false;
		seen.add(d.id);
		if (!STEP_KINDS.has(d.kind) || d.fanIn > HOT_FAN_IN) return false;
		return count(c) >= reach.sharedStepChains && relevance(d) > 0;
	});
	// A stable sort: ties keep their reading order.
	return shared
		.sort((x, y) => count(y) - count(x) || relevance(y.node.def) - relevance(x.node.def))
		.slice(0, reach.sharedSteps);
}
