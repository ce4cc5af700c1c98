/**
 * The path through the code: among the best-ranked definitions, the chain of real hops (a call,
 * an implementation, a dispatch key to its handler) that links the most of them, in the order the
 * code runs from its entry point. Definitions that connect to other strong definitions lead;
 * one that only shares a word with the question and links to nothing does not. An interface member
 * and its implementation are one place (worth the better of the two), so a chain does not gain a
 * free step at every interface it crosses. A path is worth more the more of the question's concepts its
 * steps' names and paths cover together (a chain repeating one word of the question is a side
 * subsystem), and an entry point the question names (a handler of a route, method or event key)
 * that leads on to other strong definitions starts it, and so does a callback handed to a
 * registration call under a key the question names (a login handler, a watcher), and so does the
 * handler of a route key the question writes (`GET /api/items/:id`; a file route's top-level code); it does not start
 * at one of a shared helper's many callers, nor end at a shared helper the question does not name. Each hop keeps the line of code that makes it (the
 * call, dispatch or register line), read from the index's stored file text, so the answer can
 * quote it and cite exactly that line.
 */
import type { DefRow } from "../../index/types.js";
import { type ConceptVector, namesEnough, unqualified } from "../concept-vector.js";
import { asksBackground, isBackgroundEnd } from "./background.js";
import { carryOn } from "./carry.js";
import { entryNamedBy, isEntry, isFeatureHook, isRegisteredCallback } from "./entries.js";
import { fileEntries } from "./file-entries.js";
import { bridgesFrom, hopsFrom, pathCandidates } from "./graph.js";
import { markGivers } from "./handed-in.js";
import { joinHandlerRunners } from "./handler-runners.js";
import { lineHop } from "./hops.js";
import { jointCallers } from "./joint-callers.js";
import { leadIn } from "./lead-in.js";
import { mainTail } from "./main-tail.js";
import { withMountHops } from "./mounts.js";
import { FAR_FROM, joinFarEnds, namedDefs, namedKeyHandlers, reachFromNamed } from "./reach.js";
import { markReceivers } from "./receiver.js";
import { fromSchedule } from "./scheduled-head.js";
import { trimDelegator, trimHead, trimSharedHead, trimSideEntry, trimTestHead } from "./trim.js";
import {
	type Edge,
	type FoundPath,
	type FoundPaths,
	HELPER_FAN_IN,
	type PathIndex,
	type PathOptions,
	type PathStep,
} from "./types.js";
import { walkDown } from "./walk-down.js";
import { walkUp } from "./walk-up.js";
import { bestPath, RANK_K } from "./worth.js";

const DEFAULTS: PathOptions = { candidates: 24, maxSteps: 10 };

/**
 * The best path through `ranked` (definitions in citation order, best first). A definition's
 * worth falls with its rank; a path is worth the sum of its steps (an interface member and its
 * implementation counted once), so a chain of connected strong definitions beats a lone best
 * match, and its first step is where the flow enters.
 */
export function findPaths(
	index: PathIndex,
	ranked: readonly DefRow[],
	options: Partial<PathOptions> = {},
	concepts?: ConceptVector,
): FoundPaths {
	const opts = { ...DEFAULTS, ...options };
	const ranks = pathCandidates(ranked, opts.candidates);
	if (ranks.length === 0) return { steps: [], worth: 0, runnerUp: null };
	// A ranked file's one way in stands at its file's place (see fileEntries).
	const ways = concepts ? fileEntries(index, ranks, concepts) : [];
	const cands = [...ranks, ...ways.map((w) => w.def)];
	const wayIds = new Set(ways.map((w) => w.def.id));
	const placeOf = new Map<number, number>([
		...ranks.map((d, i) => [d.id, i] as [number, number]),
		...ways.map((w) => [w.def.id, w.place] as [number, number]),
	]);
	// A shared helper whose own name matches at most one of the question's concepts is a step for
	// its connection only (worth nothing of its own, like a bridge): a one-word match called from
	// everywhere does not make a chain outweigh the flow.
	// Does a definition's own name match as many of the question's concepts as a helper must to count?
	const namedFor = (d: DefRow) => !!concepts && namesEnough(concepts, unqualified(d.qualifiedName));
	const sideHelper = (d: DefRow) => !!concepts && d.fanIn >= HELPER_FAN_IN && !namedFor(d);
	const worth = new Map(
		cands.map((d) => [d.id, sideHelper(d) ? 0 : 1 / ((placeOf.get(d.id) ?? 0) + RANK_K)]),
	);
	// A hop through a dispatch key is the flow a static reading misses: it counts like a step.
	const byId = new Map(cands.map((d) => [d.id, d]));
	const graph = new Map<number, Edge[]>();
	for (const d of cands) graph.set(d.id, hopsFrom(index, d, byId));
	// Bridges: a definition outside the candidates that one candidate calls and that leads on to
	// another (A → X → B) joins the path at no worth of its own, so two strong places one hop apart connect.
	const candidates = new Map(byId);
	for (const d of cands) {
		for (const { def: x, edge } of bridgesFrom(index, d, candidates)) {
			if (!graph.has(x.id)) {
				const on = hopsFrom(index, x, candidates);
				graph.set(x.id, on);
				if (on.length > 0) byId.set(x.id, x);
			}
			if ((graph.get(x.id) ?? []).every((e) => e.to === d.id)) continue;
			graph.get(d.id)?.push({ to: x.id, hop: lineHop(index, edge, d, x, null) });
		}
	}

	// Joint callers: code running several candidates in sequence joins as a head the path may start at,
	// worth the second-best place it runs (one strong candidate alone is any caller's). It has no place of
	// its own in the ranking, so trimHead keeps it where the path it won starts (session 36: trimmed, it tipped
	// the choice to a flow it was then not part of).
	const steppedInto = new Set([...graph.values()].flatMap((es) => es.map((e) => e.to)));
	const joint = concepts ? jointCallers(index, cands, byId, (id) => steppedInto.has(id)) : [];
	for (const { def: x, hops, free } of joint) {
		byId.set(x.id, x);
		graph.set(x.id, hops);
		const places = [...free]
			.map((id) => placeOf.get(id))
			.filter((p): p is number => p !== undefined)
			.sort((a, b) => a - b);
		const second = places[1];
		if (second !== undefined) worth.set(x.id, 1 / (second + RANK_K));
	}
	// Far ends: code on the other side of a point-to-point key (a workflow started, a job queued, a
	// route or method called) that the best candidates dispatch, followed for FAR_DEPTH keys. One joins
	// the graph at no worth of its own, and only where it leads on to a candidate or bridge: then the
	// path crosses the key (a service → the workflow it starts → the activity that does the work)
	// instead of stopping at the boundary. Impact questions (no concepts) keep the candidates alone.
	// A question asking for background work (a job, a queue's worker, a schedule) asks for the consumer across such a
	// key: that far end is kept though it leads on to no ranked place, worth what the code queuing it is worth, so the
	// path crosses from the enqueue to the worker instead of following a side call of the same code.
	const background = !!concepts && asksBackground(concepts);
	const held = concepts
		? joinFarEnds(index, cands.slice(0, FAR_FROM), graph, byId, (k, h) => background && isBackgroundEnd(k, h))
		: new Map<number, number>();
	// In the order joined: a far end's far end takes the worth its own dispatcher was just given.
	for (const [id, from] of held) worth.set(id, worth.get(from) ?? 0);
	// A key's handler that is an object goes on to the code that runs it (handler-runners.ts).
	if (concepts) joinHandlerRunners(index, graph, byId);
	// A definition the question names literally (`proxify()`) is what it asks about: a path through
	// it leads, however strongly a flow beside it matches the question's other words, and what it
	// calls is followed NAMED_DEPTH calls on even where no candidate waits (how it works is there).
	const namedIds = new Set(concepts ? namedDefs(cands, concepts).map((d) => d.id) : []);
	// A key the question names literally (a route `GET /api/items/:id`, an RPC) is named through its
	// handler: the code that runs for it, ranked or not (a file route's top-level code included).
	const keyed = concepts ? namedKeyHandlers(index, concepts) : [];
	const keyedIds = new Set(keyed.map((h) => h.id));
	for (const h of keyed) {
		namedIds.add(h.id);
		if (!byId.has(h.id)) {
			byId.set(h.id, h);
			graph.set(h.id, hopsFrom(index, h, byId));
		}
	}
	reachFromNamed(
		index,
		[...cands.filter((d) => namedIds.has(d.id)), ...keyed.filter((h) => !worth.has(h.id))],
		graph,
		byId,
	);
	// A callback a caller handed to a shared step is followed from that caller only, not from its siblings.
	markGivers(index, graph, byId);
	// A base member reached by a call on `this` in class C goes on only to overrides in C or its subclasses.
	markReceivers(index, graph, byId);

	// Without the question's concepts (an impact question) no entry point is named and no coverage counts.
	// A key's handler is named by a word of its own, not by one most handlers of its trunk carry (entryNamedBy).
	const namedEntry = concepts ? entryNamedBy(index, concepts) : () => false;
	const entries = new Set(
		concepts
			? [...cands, ...joint.map((j) => j.def)]
					.filter(
						(d) =>
							concepts(d).some((x) => x > 0) &&
							((isEntry(index, d) && namedEntry(d)) ||
								isRegisteredCallback(index, d, concepts) ||
								isFeatureHook(index, d, concepts)),
					)
					.map((d) => d.id)
			: [],
	);
	const cover = concepts ? (id: number) => concepts(byId.get(id) as DefRow) : null;
	// A path does not end at a shared helper the question does not name (`isTextElement`, `error`,
	// `withErrors`): that last hop says how, not where, and its file is no place to look.
	const deadEnd = (id: number): boolean => {
		const d = byId.get(id);
		if (!d || d.fanIn < HELPER_FAN_IN) return false;
		return !(concepts?.text(unqualified(d.qualifiedName)).some((x) => x > 0) ?? false);
	};
	const rank = placeOf;
	// Code that may head an entry point's flow as the dispatcher firing its key (see worth.ts dispatchedEntry).
	const fires = (id: number): boolean => {
		const kind = byId.get(id)?.kind;
		return kind === "function" || kind === "method";
	};
	const choose = (g: ReadonlyMap<number, Edge[]>, starts: readonly DefRow[]): FoundPath | null => {
		const found = bestPath(g, worth, starts, opts.maxSteps, entries, cover, deadEnd, namedIds, fires);
		// A named route's handler heads the path as found: the route asked about is where the flow starts,
		// not one of the shared wrapper's many callers it calls first.
		if (found && cover && !keyedIds.has(found.ids[0] as number)) {
			trimHead(found, rank, entries, cover);
			trimSideEntry(found, index, entries, cover);
			// A short wrapper handing the call to its namesake, or a test harness calling the product, is no way in.
			trimDelegator(found, index, byId, entries, namedIds);
			trimTestHead(found, byId, cover, (id) =>
				concepts ? concepts.text(unqualified((byId.get(id) as DefRow).qualifiedName)) : [],
			);
			// A ranked file's one way in heads the path even before a shared helper: the ranking found that file.
			if (!wayIds.has(found.ids[0] as number)) trimSharedHead(found, byId, namedFor);
		}
		if (!found) return null;
		const steps = found.ids.map((id, i) => ({ def: byId.get(id) as DefRow, hop: found.hops[i] ?? null }));
		if (concepts) mainTail(index, steps, concepts);
		return { steps, worth: found.worth };
	};
	const best = choose(graph, [
		...keyed.filter((h) => !worth.has(h.id)),
		...cands,
		...joint.map((j) => j.def),
	]);
	if (!best) return { steps: [], worth: 0, runnerUp: null };
	// The way in is one more step: a path already at its bound keeps its own first step. A joint caller the
	// path did not take stays a caller leadIn may prepend (it was weighed as a head, not as a way in).
	const jointIds = new Set(joint.map((j) => j.def.id));
	const onPath = new Set(best.steps.map((s) => s.def.id));
	const weighed = new Map([...byId].filter(([id]) => !jointIds.has(id) || onPath.has(id)));
	if (concepts && best.steps.length < opts.maxSteps) leadIn(index, best.steps, concepts, weighed);
	if (concepts) walkUp(index, best.steps, concepts, cands, opts.maxSteps);
	// A job's consumer at the head, for a question asking for background work: told from the schedule queuing it.
	if (concepts) fromSchedule(index, best.steps, concepts, opts.maxSteps);
	if (concepts) carryOn(index, best.steps, concepts, opts.maxSteps);
	if (concepts) walkDown(index, best.steps, concepts, opts.maxSteps);
	// The runner-up: the best path through none of the best one's files, another flow.
	const taken = new Set(best.steps.map((s) => s.def.file));
	const off = (id: number) => taken.has(byId.get(id)?.file ?? null);
	const rest = new Map<number, Edge[]>();
	for (const [id, edges] of graph)
		if (!off(id))
			rest.set(
				id,
				edges.filter((e) => !off(e.to)),
			);
	const runnerUp =
		best.steps.length > 0
			? choose(
					rest,
					cands.filter((d) => !off(d.id)),
				)
			: null;
	// A request's hop into its route handler passes the line mounting the handler's router: cited as a hop of its own.
	withMountHops(index, best.steps, opts.maxSteps);
	if (runnerUp) withMountHops(index, runnerUp.steps, opts.maxSteps);
	return { ...best, runnerUp };
}

/** The best path through `ranked` (see findPaths). */
export function findPath(
	index: PathIndex,
	ranked: readonly DefRow[],
	options: Partial<PathOptions> = {},
	concepts?: ConceptVector,
): PathStep[] {
	return findPaths(index, ranked, options, concepts).steps;
}
