/** The path of most worth through the candidate graph: ranks, the entry gain, the dispatch bonus and the concept coverage. */
import type { DefRow } from "../../index/types.js";
import { handedOn } from "./handed-in.js";
import { overrideReachable } from "./receiver.js";
import type { Edge, Hop } from "./types.js";

/**
 * A step's worth is 1 / (rank + RANK_K): flat enough that two connected strong places outweigh the
 * single best name match (name similarity alone does not lead), steep enough that the best places
 * still decide which path.
 */
export const RANK_K = 6;

/**
 * Worth of a hop through a dispatch key: like a step (the flow a static reading misses), counted once a
 * step of worth follows it (session 31 lead31: an admin form's hook crossing two keys into a route and
 * a method nobody ranked led an "incoming webhook processed" question on those two crossings alone).
 */
const TRUNK_BONUS = 1 / (2 * RANK_K);

/**
 * A path's worth is scaled by COVERAGE_FLOOR + (1 − COVERAGE_FLOOR) × the share of the question's
 * concept weight its steps' names and paths cover together: of two connected chains, the one that
 * spans the question (a route handler, the service it calls, the store it writes) leads the one
 * repeating one of its words (a bridge, a mock, a styling component). Set on the three benchmark
 * sets together (benchmarks/answers.md, run 10: 0.2–0.7 alike, 0.5 kept).
 */
const COVERAGE_FLOOR = 0.5;

/**
 * An entry point (a handler of a dispatch key with few handlers: a route, a method, an event
 * listener) whose name or path the question's words match, and which leads on to another
 * candidate, adds ENTRY_GAIN × its own step's worth: the flow starts there. Scaled by its rank, so
 * a low-ranked handler of a side feature (a settings method for "push notifications") does not
 * jump ahead of the best chain; a lone handler leading nowhere gains nothing (the socket listener
 * of another feature must not lead by itself). Run 10: × 1 moves nothing, × 2 and × 3 alike.
 */
const ENTRY_GAIN = 2;

/**
 * The entry gain is bounded by LEAD_ON × the worth of what the entry leads on to: a handler whose next
 * steps are weak matches starts little more than a lone handler does, and a connected pair that ranks
 * between them leads. Session 44 rank44: × 1 also cut the gain of a best-ranked handler leading on to a
 * middling step and tipped a close architecture answer (hop prec .440 → .429, lf c@10 .521 → .496);
 * × 1.6 moves only an entry whose next step ranks far below it.
 */
const LEAD_ON = 1.6;

/** ENTRY_GAIN × the entry's own worth, at most LEAD_ON × the worth of the steps after it (`total` holds both). */
const entryGain = (head: number, total: number): number =>
	ENTRY_GAIN * Math.min(head, LEAD_ON * (total - head));

/**
 * A path whose head dispatches straight into an entry point (a client calling the route or ipc key whose handler
 * the path goes on through) is that entry's flow told from where it is fired: it takes the entry's gain as a path
 * starting at the handler does, on the steps after the head. Without it the handler alone led and the client's
 * side of the hop was left out (session 46 flow46: of 29 contests a connected path holding more of the gold
 * chain lost, 2 were the handler's own flow with its dispatcher in front). The head is code (`fires`: a function or
 * method): a query document or a variable holding an operation (a load test's `.graphql` mutation) is no place a
 * flow starts from.
 */
const dispatchedEntry = (
	ids: readonly number[],
	hops: readonly Hop[],
	entries: ReadonlySet<number>,
): boolean => ids.length > 2 && hops[0]?.kind === "dispatch" && entries.has(ids[1] as number);

/** DFS expansions at most (the candidate graph is small; this only guards against dense cliques). */
const MAX_EXPANSIONS = 20_000;

/**
 * Depth-first over the small candidate graph: the path of most worth. An interface member and its
 * implementation are one step, worth the better of the two: the hop between them says where the
 * code is, not what it does next, so it adds no worth of its own. A path starting at an entry
 * point and leading on gains ENTRY_GAIN × its worth (bounded by what it leads on to); the sum is scaled by the concept coverage of its steps.
 * A dispatch hop adds TRUNK_BONUS only when a step of worth comes after it on the path. A callback handed to a
 * shared step is followed only from the caller that handed it over (handedOn): no turn into a sibling's handler.
 * A base member entered by a call on `this` in class C goes on only to an override C's instances run
 * (overrideReachable).
 */
export function bestPath(
	graph: ReadonlyMap<number, Edge[]>,
	worth: ReadonlyMap<number, number>,
	starts: readonly DefRow[],
	maxSteps: number,
	entries: ReadonlySet<number>,
	cover: ((id: number) => readonly number[]) | null,
	deadEnd: (id: number) => boolean = () => false,
	named: ReadonlySet<number> = new Set(),
	fires: (id: number) => boolean = () => false,
): { ids: number[]; hops: Hop[]; worth: number } | null {
	let best: { ids: number[]; hops: Hop[]; worth: number } | null = null;
	// The best path of two steps or more through a definition the question names, which wins when found.
	let through: { ids: number[]; hops: Hop[]; worth: number } | null = null;
	let throughRank = 0;
	// The best path ending at a dead end, used only when no other path exists.
	let fallback: { ids: number[]; hops: Hop[]; worth: number } | null = null;
	let expansions = 0;
	const ids: number[] = [];
	const hops: Hop[] = [];
	// The edges taken to the current step (the receiver rule reads the call that entered a base member).
	const taken: Edge[] = [];
	// `last`: the worth the current step added (an implementation hop raises it, adds no step);
	// `covered`: per concept, the best match along the path so far.
	// `crossed`: the worth of the keys crossed since the last step of worth, counted once such a step
	// follows (a path ending past a key in code nobody ranked gains nothing for the crossing).
	const visit = (id: number, sum: number, last: number, covered: readonly number[], crossed: number) => {
		if (++expansions > MAX_EXPANSIONS) return;
		ids.push(id);
		const w = worth.get(id) ?? 0;
		const merged = hops.at(-1)?.kind === "implementation";
		const step = merged ? Math.max(last, w) : w;
		const held = w > 0 ? 0 : crossed;
		const total = (merged ? sum - last + step : sum + step) + crossed - held;
		const v = cover?.(id);
		const now = v ? covered.map((x, i) => Math.max(x, v[i] ?? 0)) : covered;
		const share = cover ? now.reduce((n, x) => n + x, 0) : 1;
		const start = ids[0] as number;
		const entry =
			ids.length > 1 && entries.has(start)
				? entryGain(worth.get(start) ?? 0, total)
				: dispatchedEntry(ids, hops, entries) && fires(start)
					? entryGain(worth.get(ids[1] as number) ?? 0, total - (worth.get(start) ?? 0))
					: 0;
		const value = (total + entry) * (COVERAGE_FLOOR + (1 - COVERAGE_FLOOR) * share);
		// Ties go to the path that starts better ranked (starts are visited in rank order).
		if (deadEnd(id)) {
			if (!fallback || value > fallback.worth + 1e-9)
				fallback = { ids: [...ids], hops: [...hops], worth: value };
		} else {
			if (!best || value > best.worth + 1e-9) best = { ids: [...ids], hops: [...hops], worth: value };
			// Through it: the path goes on from it (how it works), or, where none does, reaches it.
			const on = ids.slice(0, -1).some((x) => named.has(x));
			const rank = on ? 2 : ids.length > 1 && named.has(id) ? 1 : 0;
			// Of equal worth, the longer path through it tells more of how it works.
			const better =
				value > (through?.worth ?? 0) + 1e-9 ||
				(value > (through?.worth ?? 0) - 1e-9 && ids.length > (through?.ids.length ?? 0));
			if (rank > 0 && (rank > throughRank || (rank === throughRank && better))) {
				through = { ids: [...ids], hops: [...hops], worth: value };
				throughRank = rank;
			}
		}
		if (ids.length < maxSteps) {
			for (const e of graph.get(id) ?? []) {
				if (ids.includes(e.to) || !handedOn(ids, hops, e) || !overrideReachable(taken, e)) continue;
				hops.push(e.hop);
				taken.push(e);
				visit(e.to, total, step, now, held + (e.hop.kind === "dispatch" ? TRUNK_BONUS : 0));
				taken.pop();
				hops.pop();
			}
		}
		ids.pop();
	};
	const none = starts[0] && cover ? cover(starts[0].id).map(() => 0) : [];
	for (const d of starts) visit(d.id, 0, 0, none, 0);
	return through ?? best ?? fallback;
}
