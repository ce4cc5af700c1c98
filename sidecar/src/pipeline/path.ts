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
import type { IndexReader } from "../index/reader.js";
import type { DefRow, EdgeRow } from "../index/types.js";
import { isAwaitedTail, isLastAwaited } from "./awaited-tail.js";
import { branchOf, isGuardCondition } from "./branch.js";
import { implementationsOf } from "./families.js";
import { parseHandlerName } from "./labels.js";
import { conceptMatch, isAuxiliaryPath, wordStems } from "./match.js";
import type { QueryAnalysis } from "./query.js";
import { keyTrunk } from "./skeleton.js";
import { lastSegment, namesIn } from "./verify.js";

export type PathIndex = Pick<IndexReader, "edgesFrom" | "edgesTo" | "defById" | "fileLines" | "defsInFile"> &
	Partial<Pick<IndexReader, "defsByName">>;

/** How one step leads to the next. */
export interface Hop {
	kind: "call" | "new" | "jsx" | "implementation" | "dispatch" | "register";
	/** The dispatch key crossed (dispatch: the key this step dispatches, handled by the next step). */
	key: DefRow | null;
	/** Where the hop is written: the call / dispatch line in this step's body (null for implementation). */
	file: string | null;
	line: number | null;
	/** The hop's last line when it spans more than `line` (a call opening above its key: `publish(` then the key). */
	endLine?: number;
	/** Its text, trimmed and joined (from the index's stored file text). */
	text: string | null;
	/** A name written on that line which the citation is checked against. */
	named: string | null;
}

export interface PathStep {
	def: DefRow;
	/** The hop to the next step (null for the last step). */
	hop: Hop | null;
	/** A caller found after the search, outside the candidates: where the flow is entered (see leadIn). */
	leadIn?: boolean;
	/** A caller the walk up prepended (see walkUp): where the flow found is entered, no evidence that it is the one asked about. */
	walked?: boolean;
	/** A callee the walk down appended (see walkDown): where the flow found goes on, past the ranked places. */
	walkedDown?: boolean;
}

export interface PathOptions {
	/** Best-ranked definitions considered. */
	candidates: number;
	/** Steps at most. */
	maxSteps: number;
}

const DEFAULTS: PathOptions = { candidates: 24, maxSteps: 10 };

const STEP_KINDS = new Set(["call", "new", "jsx", "implementation"]);
/** A key with more handlers than this is a hub: "dispatches X, handled by one of 30" is no path. */
const MAX_KEY_HANDLERS = 12;
/**
 * A step's worth is 1 / (rank + RANK_K): flat enough that two connected strong places outweigh the
 * single best name match (name similarity alone does not lead), steep enough that the best places
 * still decide which path.
 */
const RANK_K = 6;
/**
 * Worth of a hop through a dispatch key: like a step (the flow a static reading misses), counted once a
 * step of worth follows it (session 31 lead31: an admin form's hook crossing two keys into a route and
 * a method nobody ranked led an "incoming webhook processed" question on those two crossings alone).
 */
const TRUNK_BONUS = 1 / (2 * RANK_K);
/** Bridges looked at per candidate, and the fan-in above which a definition is a shared helper, no bridge. */
const MAX_BRIDGES = 30;
const BRIDGE_FAN_IN = 40;
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
 * A step called from at least this many places is a shared helper: no path ends there unless the
 * question names it (run 11: 8–15 alike on the three sets; 20 changes nothing, 5 loses a core file).
 */
export const HELPER_FAN_IN = 12;
/**
 * A shared helper (HELPER_FAN_IN callers or more) adds worth to a path only when its own name
 * matches at least this many of the question's concepts (all of them when the question has fewer):
 * a chain of type guards and hit tests, each naming one word of the question, does not outweigh
 * the flow beside it. Run 15: 3 takes the worth of a widely used function named for two words of
 * the question.
 */
const HELPER_CONCEPTS = 2;
/**
 * A path's head ranked this many places or more below the step it leads to, naming nothing new, is
 * dropped (run 11: of the 10 heads any gap would drop, 8 came from another flow; a CLI command one
 * place below its callee stays, an editor action two places below goes).
 */
const HEAD_RANK_GAP = 2;
/**
 * Far ends: the best FAR_FROM candidates' dispatches to a key with at most FAR_HANDLERS handler are
 * followed FAR_DEPTH keys deep (FAR_MAX far ends at most). Run 14 — the path: on Postiz (a service
 * → Temporal workflow → activity) a notification email's flow crosses both keys; from all 24
 * candidates a Rocket.Chat team question loses a core file, with keys of 3 handlers (event hooks,
 * any of which is a side effect) a livechat question loses precision; depth 3 and 2 handlers alike.
 */
const FAR_FROM = 8;
const FAR_HANDLERS = 1;
const FAR_DEPTH = 2;
const FAR_MAX = 12;
/**
 * Carrying on (carryOn): a dispatch of a point-to-point key the question's words name, in one of
 * the path's last CARRY_TAIL steps, takes the path across the key and CARRY_STEPS steps on at most
 * (the handler, then its flow). A tail of 1 misses a dispatch followed by one more call (Hoppscotch: a
 * team request's service publishes its topic, then the path went on to a row lock); 3 changes
 * nothing. Steps, on the six sets: 2, 3 and 4 gain the same core file on Postiz, precision .325,
 * .321 and .308 (the Postiz digest path goes on through the email service into its own workflow).
 */
const CARRY_TAIL = 2;
const CARRY_STEPS = 2;
/**
 * The caller that enters the flow is looked for only when the first step has at most this many
 * callers: one or two is the way in (a route calling its method, a CLI action its command); with
 * more, any one of them is another feature calling in (run 15: 1 adds fewer core files on Rocket.Chat,
 * 3 lets a Hoppscotch lead go to a side caller).
 */
const LEAD_IN_CALLERS = 2;
/** DFS expansions at most (the candidate graph is small; this only guards against dense cliques). */
const MAX_EXPANSIONS = 20_000;
/** Calls followed on from a definition the question names, and definitions so added at most. */
const NAMED_DEPTH = 4;
const NAMED_MAX = 12;

interface Edge {
	to: number;
	hop: Hop;
}

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
	const cands = pathCandidates(ranked, opts.candidates);
	if (cands.length === 0) return { steps: [], worth: 0, runnerUp: null };
	// A shared helper whose own name matches at most one of the question's concepts is a step for
	// its connection only (worth nothing of its own, like a bridge): a one-word match called from
	// everywhere does not make a chain outweigh the flow.
	// Does a definition's own name match as many of the question's concepts as a helper must to count?
	const namedFor = (d: DefRow) => !!concepts && namesEnough(concepts, unqualified(d.qualifiedName));
	const sideHelper = (d: DefRow) => !!concepts && d.fanIn >= HELPER_FAN_IN && !namedFor(d);
	const worth = new Map(cands.map((d, i) => [d.id, sideHelper(d) ? 0 : 1 / (i + RANK_K)]));
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

	// Far ends: code on the other side of a point-to-point key (a workflow started, a job queued, a
	// route or method called) that the best candidates dispatch, followed for FAR_DEPTH keys. One joins
	// the graph at no worth of its own, and only where it leads on to a candidate or bridge: then the
	// path crosses the key (a service → the workflow it starts → the activity that does the work)
	// instead of stopping at the boundary. Impact questions (no concepts) keep the candidates alone.
	if (concepts) joinFarEnds(index, cands.slice(0, FAR_FROM), graph, byId);
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

	// Without the question's concepts (an impact question) no entry point is named and no coverage counts.
	const entries = new Set(
		concepts
			? cands
					.filter(
						(d) =>
							concepts(d).some((x) => x > 0) &&
							(isEntry(index, d) || isRegisteredCallback(index, d, concepts)),
					)
					.map((d) => d.id)
			: [],
	);
	const cover = concepts ? (id: number) => concepts(byId.get(id) as DefRow) : null;
	// A path does not end at a shared helper the question does not name (`isTextElement`, `error`,
	// `wrapExceptions`): that last hop says how, not where, and its file is no place to look.
	const deadEnd = (id: number): boolean => {
		const d = byId.get(id);
		if (!d || d.fanIn < HELPER_FAN_IN) return false;
		return !(concepts?.text(unqualified(d.qualifiedName)).some((x) => x > 0) ?? false);
	};
	const rank = new Map(cands.map((d, i) => [d.id, i]));
	const choose = (g: ReadonlyMap<number, Edge[]>, starts: readonly DefRow[]): FoundPath | null => {
		const found = bestPath(g, worth, starts, opts.maxSteps, entries, cover, deadEnd, namedIds);
		// A named route's handler heads the path as found: the route asked about is where the flow starts,
		// not one of the shared wrapper's many callers it calls first.
		if (found && cover && !keyedIds.has(found.ids[0] as number)) {
			trimHead(found, rank, entries, cover);
			trimSharedHead(found, byId, namedFor);
		}
		if (!found) return null;
		const steps = found.ids.map((id, i) => ({ def: byId.get(id) as DefRow, hop: found.hops[i] ?? null }));
		if (concepts) mainTail(index, steps, concepts);
		return { steps, worth: found.worth };
	};
	const best = choose(graph, [...keyed.filter((h) => !worth.has(h.id)), ...cands]);
	if (!best) return { steps: [], worth: 0, runnerUp: null };
	// The way in is one more step: a path already at its bound keeps its own first step.
	if (concepts && best.steps.length < opts.maxSteps) leadIn(index, best.steps, concepts, byId);
	if (concepts) walkUp(index, best.steps, concepts, cands, opts.maxSteps);
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
	return { ...best, runnerUp };
}

/**
 * Is the hop written on a side branch of `from` (a `catch`, an `if` block that returns or throws), or
 * in the condition of such an `if` (a check the flow passes; branch.ts)?
 */
function onSideBranch(index: PathIndex, from: DefRow, hop: Hop | null): boolean {
	return (
		!!hop &&
		hop.line !== null &&
		hop.file === from.file &&
		(branchOf(index, from, hop.line) !== null || isGuardCondition(index, from, hop.line))
	);
}

/**
 * A path whose last hop is written on a side branch of the step before (an error check, an early
 * return) ends instead at that step's callee on its way through which the question's words match
 * best (its name or path; a function or method, no shared helper, not already on the path): the
 * flow the question asks about goes on there. Session 18 blind readers: a test-runner flow ended at
 * `isInfraError`, called only when the script fails, beside the call that sets up what the test
 * counts. With no such callee the side step stays, worded as the side branch it is; so does a step the
 * question's words match better than that callee (the check asked about: "where is a message permission
 * checked?", the guard's `canDeleteMessageAsync`, not the deletion it lets through).
 */
function mainTail(index: PathIndex, steps: PathStep[], concepts: ConceptVector): void {
	const last = steps.at(-1);
	const before = steps.at(-2);
	if (!last || !before || !onSideBranch(index, before.def, before.hop)) return;
	const pick = mainCallee(index, before.def, concepts, new Set(steps.map((s) => s.def.id)));
	// A check the question's words match better than that callee is what the question asks about.
	if (!pick || questionShare(concepts, last.def) > pick.share + 1e-9) return;
	before.hop = lineHop(index, pick.e, before.def, pick.x, null);
	steps[steps.length - 1] = { def: pick.x, hop: null };
}

/**
 * The callee `def` goes on to on its way through (not on a side branch) that the question's words
 * match best by name or path: a function or method, no shared helper, none of `taken`; null when
 * none matches.
 */
function mainCallee(
	index: PathIndex,
	def: DefRow,
	concepts: ConceptVector,
	taken: ReadonlySet<number>,
): { x: DefRow; e: EdgeRow; share: number } | null {
	let pick: { x: DefRow; e: EdgeRow; share: number } | null = null;
	for (const e of index.edgesFrom(def.id)) {
		if (e.kind !== "call" && e.kind !== "new" && e.kind !== "jsx") continue;
		if (e.line === null || e.file !== def.file || branchOf(index, def, e.line)) continue;
		if (isGuardCondition(index, def, e.line)) continue;
		const x = index.defById(e.dst);
		if (!x?.file || x.startLine === null || isAuxiliaryPath(x.file) || x.fanIn >= HELPER_FAN_IN) continue;
		if ((x.kind !== "function" && x.kind !== "method") || taken.has(x.id)) continue;
		const share = questionShare(concepts, x);
		if (share > (pick?.share ?? 0) + 1e-9) pick = { x, e, share };
	}
	return pick;
}

/**
 * Carry on across a point-to-point key at the path's end: when one of its last CARRY_TAIL steps
 * dispatches a key with one handler (an RPC or route called, a job queued, a workflow started, an
 * event only one listener takes) whose name matches as many of the question's words as a shared
 * helper's must (namesEnough: a hook named for one word of the question, `message.beforeSave` for
 * "how is a message sent", is a side concern, not where the flow asked about goes), the path
 * crosses the key to that handler (a step after the dispatching one gives way: the key the question
 * names is where its flow goes on) and follows it on, CARRY_STEPS steps at most: across a further
 * such key whose name matches any word of the question (a workflow's activity), else to the callee
 * the question's words match best (mainCallee). The search joins a far end only when it leads back
 * to a ranked place (joinFarEnds); a job's handler and what it runs are often ranked nowhere, and the
 * path stopped at the enqueue, the boundary the question asks across. A key with several handlers
 * (a broadcast topic) fans out: there is no one flow to carry on to.
 */
function carryOn(index: PathIndex, steps: PathStep[], concepts: ConceptVector, maxSteps: number): void {
	const taken = new Set(steps.map((s) => s.def.id));
	let at = -1;
	let next: { def: DefRow; edge: EdgeRow; key: DefRow | null } | null = null;
	const enough = (key: string) => namesEnough(concepts, key);
	for (let i = steps.length - 1; i >= Math.max(0, steps.length - CARRY_TAIL) && !next; i--) {
		const step = steps[i] as PathStep;
		// A caller prepended after the search says where the flow is entered: it does not replace what was found.
		if (step.leadIn || step.walked) break;
		next = carriedKey(index, step.def, concepts, taken, enough);
		at = i;
	}
	if (!next) return;
	steps.splice(at + 1);
	for (let added = 0; next && added < CARRY_STEPS && steps.length < maxSteps; added++) {
		const from = steps.at(-1) as PathStep;
		from.hop = lineHop(index, next.edge, from.def, next.def, next.key);
		const x: DefRow = next.def;
		steps.push({ def: x, hop: null });
		taken.add(x.id);
		const key = carriedKey(index, x, concepts, taken, () => true);
		const call = key ? null : mainCallee(index, x, concepts, taken);
		next = key ?? (call && { def: call.x, edge: call.e, key: null });
	}
}

/**
 * Walk down (session 29, walk29): share of the question's concept weight a returned callee's name
 * and path must match (flow28's MIN_WORTH for "Where to look" continuations).
 */
const WALK_WORTH = 0.5;
/**
 * A class built on a base that this many classes or more extend is one of a generic family (data
 * models on one base, bridges): its method says how one store does it, not where the flow goes.
 * Without this stop the walk ended in model accessors (`SubscriptionsRaw.createWithRoomAndManyUsers`).
 */
const WALK_FAMILY = 12;

/**
 * Walk down: the path goes on from its last step while steps are left, into the call the step
 * returns (`return this.loginNewUserFromLDAP(…)`: what the step's result is) when that callee is
 * the flow's own code: not on a side branch nor in a guard's condition, a function or method (its
 * own class's too), no shared helper, no plain function of a module holding one, no member of a
 * large class family (WALK_FAMILY), in a file no earlier step holds but its own, matching WALK_WORTH
 * of the question's concepts, and the only such call (two alike: the flow forks, the walk stops). A
 * contract's member is its one implementation; one with several stops the walk. A call the step
 * awaits last after checks only (isAwaitedTail) is its result too, and so is the last call it awaits
 * among its own statements, writes before it or not, with only returns, logging and `void` calls after
 * it (isLastAwaited: `await afterSaveMessage(…)` after the insert). Any other call the step does not
 * return (a check, a clean-up in `finally`, a write before its hand-off) is a side step: walking into
 * the one matching the question best took `ldap.disconnect()` and model accessors.
 */
function walkDown(index: PathIndex, steps: PathStep[], concepts: ConceptVector, maxSteps: number): void {
	if (steps.length < 2) return;
	const taken = new Set(steps.map((s) => s.def.id));
	const files = new Set(steps.map((s) => s.def.file));
	while (steps.length < maxSteps) {
		const last = steps.at(-1) as PathStep;
		const pick = returnedCallee(index, last.def, concepts, taken, files);
		if (!pick) return;
		last.hop = lineHop(index, pick.e, last.def, pick.x, null);
		steps.push({ def: pick.x, hop: null, walkedDown: true });
		taken.add(pick.x.id);
		files.add(pick.x.file);
	}
}

/** The callee walkDown goes on to from `def`, or null (none, or two alike). */
function returnedCallee(
	index: PathIndex,
	def: DefRow,
	concepts: ConceptVector,
	taken: ReadonlySet<number>,
	files: ReadonlySet<string | null>,
): { x: DefRow; e: EdgeRow } | null {
	if (!def.file) return null;
	const found: { x: DefRow; e: EdgeRow; share: number }[] = [];
	for (const e of index.edgesFrom(def.id)) {
		if (e.kind !== "call" || e.line === null || e.file !== def.file) continue;
		if (branchOf(index, def, e.line) || isGuardCondition(index, def, e.line)) continue;
		const called = index.defById(e.dst);
		if (
			!RETURNED.test(index.fileLines(def.file, e.line, e.line)?.[0] ?? "") &&
			!awaitedTail(index, def, e.line, called)
		)
			continue;
		const x = calledCode(index, called);
		if (!x?.file || x.startLine === null || taken.has(x.id) || found.some((f) => f.x.id === x.id)) continue;
		if (files.has(x.file) && x.file !== def.file) continue;
		if ((x.kind !== "function" && x.kind !== "method") || x.fanIn >= HELPER_FAN_IN || isAuxiliaryPath(x.file))
			continue;
		if (x.kind === "function" && index.defsInFile(x.file).some((d) => d.fanIn >= HELPER_FAN_IN)) continue;
		if (inLargeFamily(index, x)) continue;
		const share = questionShare(concepts, x);
		if (share >= WALK_WORTH) found.push({ x, e, share });
	}
	return found.length === 1 ? (found[0] as (typeof found)[number]) : null;
}

/** A line returning what it calls. */
const RETURNED = /^\s*return\b/;

/** Does line `line` of `def` await `called` as its tail call (see isAwaitedTail, isLastAwaited)? */
function awaitedTail(index: PathIndex, def: DefRow, line: number, called: DefRow | undefined): boolean {
	if (!called || !def.file || def.startLine === null || def.endLine === null) return false;
	const lines = index.fileLines(def.file, def.startLine, def.endLine) ?? [];
	const at = line - def.startLine;
	const name = lastSegment(called.name);
	return isAwaitedTail(lines, at, name) || isLastAwaited(lines, at, name);
}

/** Is `def` a member of a class whose base WALK_FAMILY classes or more extend (data models, bridges)? */
function inLargeFamily(index: PathIndex, def: DefRow): boolean {
	const cls = def.parentId == null ? undefined : index.defById(def.parentId);
	if (cls?.kind !== "class") return false;
	return index
		.edgesFrom(cls.id)
		.some(
			(e) =>
				e.kind === "extends" &&
				index.edgesTo(e.dst).filter((b) => b.kind === "extends").length >= WALK_FAMILY,
		);
}

/** The code a call reaches: a contract's member is its one implementation (none with several or none). */
function calledCode(index: PathIndex, def: DefRow | undefined): DefRow | undefined {
	const parent = def?.parentId == null ? undefined : index.defById(def.parentId);
	if (!def || (parent?.kind !== "interface" && parent?.kind !== "type")) return def;
	const impls = implementationsOf(index, def);
	return impls.length === 1 ? impls[0] : undefined;
}

/**
 * The point-to-point key `def` dispatches on its way through (not on a side branch) whose name
 * matches the question's words most (ties: the first written), with its one handler, not one of
 * `taken`; only keys whose name passes `named`.
 */
function carriedKey(
	index: PathIndex,
	def: DefRow,
	concepts: ConceptVector,
	taken: ReadonlySet<number>,
	named: (key: string) => boolean,
): TrunkEnd | null {
	let pick: TrunkEnd | null = null;
	let best = 0;
	for (const end of trunkEndsFrom(index, def)) {
		const { edge } = end;
		if (taken.has(end.def.id) || edge.line === null || edge.file !== def.file) continue;
		if (branchOf(index, def, edge.line) || isLifecycleHook(end.key) || !named(end.key.name)) continue;
		const share = concepts.text(end.key.name).reduce((n, x) => n + x, 0);
		if (share > best + 1e-9) {
			pick = end;
			best = share;
		}
	}
	return pick;
}

/**
 * A lifecycle hook: a key named for the moment it runs at (`beforeCreateRoom`, `afterSaveMessage`,
 * `pre-save`; a service method's key names its service first, `federation.beforeCreateRoom`). The
 * code run there is a side concern the flow returns from (an E2E check on room creation), not where
 * the flow asked about goes on: carrying into one cut the rest of the flow (session 24, RC new-13 read
 * slightly worse: "create a new channel" went into an E2E hook that acts on other room types only).
 */
const LIFECYCLE_KEY = /^(before|after|pre|post)([A-Z_-]|$)/;

function isLifecycleHook(key: DefRow): boolean {
	return LIFECYCLE_KEY.test(key.name.split(/[./:]/).at(-1) ?? key.name);
}

/** A path and its worth (sum of its steps' worths with the entry gain, scaled by coverage). */
export interface FoundPath {
	steps: PathStep[];
	worth: number;
}

/** The best path, and the best one through none of its files (another flow that may be the one meant). */
export interface FoundPaths extends FoundPath {
	runnerUp: FoundPath | null;
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

/**
 * For a definition, each of the question's concepts its name or path matches, as that concept's
 * share of the question's concept weight (0 where it does not match).
 */
export type ConceptVector = ((def: Pick<DefRow, "id" | "qualifiedName" | "file">) => readonly number[]) & {
	/** The same for a piece of text (a definition's own name, without its path). */
	text(text: string): readonly number[];
	/** Each concept's word, in the vector's order (a layer's too). */
	words: readonly string[];
	/** Does the question name this definition literally (`proxify()`, `sendMessage`, `Api.call`)? */
	names(def: Pick<DefRow, "name" | "qualifiedName">): boolean;
	/** The identifiers the question writes as code, route keys as the index keys them. */
	identifiers: readonly string[];
};

/** The question's concepts as a ConceptVector (a member's register key is data, not its name). */
export function conceptVector(
	q: Pick<QueryAnalysis, "concepts"> & Partial<Pick<QueryAnalysis, "identifiers">>,
): ConceptVector {
	const identifiers = q.identifiers ?? [];
	const total = q.concepts.reduce((n, c) => n + c.weight, 0);
	const of = (text: string) => {
		const stems = wordStems(text);
		return q.concepts.map((c) => (total > 0 ? (conceptMatch(c, stems) * c.weight) / total : 0));
	};
	const cache = new Map<number, readonly number[]>();
	const vector = (def: Pick<DefRow, "id" | "qualifiedName" | "file">) => {
		let v = cache.get(def.id);
		if (!v) {
			v = of(`${unqualified(def.qualifiedName)} ${def.file ?? ""}`);
			cache.set(def.id, v);
		}
		return v;
	};
	return Object.assign(vector, {
		text: of,
		words: q.concepts.map((c) => c.word),
		names: (d: Pick<DefRow, "name" | "qualifiedName">) => namesExactly(identifiers, d),
		identifiers,
	});
}

/**
 * Does the question write this definition's name as code: its name (`proxify()`), or its qualified
 * name or the tail of one (`Api.call`, `LocalBroker.call`)? A dotted name is no bare name's
 * (`chat.sendMessage` names a route, not every `sendMessage`).
 */
function namesExactly(identifiers: readonly string[], d: Pick<DefRow, "name" | "qualifiedName">): boolean {
	return identifiers.some((id) =>
		id.includes(".") ? d.qualifiedName === id || d.qualifiedName.endsWith(`.${id}`) : id === d.name,
	);
}

/**
 * Does `text` match as many of the question's concepts as a shared helper's name must to count
 * (HELPER_CONCEPTS, all of them for a question of fewer)?
 */
function namesEnough(concepts: ConceptVector, text: string): boolean {
	const need = Math.min(HELPER_CONCEPTS, concepts.text("").length);
	return concepts.text(text).filter((x) => x > 0).length >= need;
}

/** The share of the question's concept weight a definition's own name or path matches. */
function questionShare(concepts: ConceptVector, def: DefRow): number {
	return concepts(def).reduce((n, y) => n + y, 0);
}

/** A qualified name without the register keys of its members (`callbacks.add(key).fn` → `callbacks.add.fn`). */
function unqualified(name: string): string {
	return name.replace(/\([^()]*\)(?=\.)/g, "");
}

/** A handler of a dispatch key that is no hub: where a route, method or event enters the code. */
function isEntry(index: PathIndex, def: DefRow): boolean {
	return index
		.edgesTo(def.id)
		.some(
			(e) =>
				e.kind === "handler" &&
				index.edgesFrom(e.src).filter((h) => h.kind === "handler").length <= MAX_KEY_HANDLERS,
		);
}

/** The method of a registration call: a handler, listener or watcher is being added. */
const REGISTER_CALL = /^(on|once|register|add|watch|listen|subscribe)/i;

/**
 * A callback handed with a key to a registration call (`Accounts.registerLoginHandler('ldap', …)`,
 * `settings.watch('Some_Setting', …)`, `emitter.on('event', …)`; the indexer names it
 * `….registerLoginHandler(ldap)`) that no edge of the index reaches, and whose key names one of the
 * question's concepts: the framework calls it for the key asked about, so it is a way in like a
 * trunk key's handler (session 16: an LDAP login started at an interface method the OAuth flow calls,
 * one hop from the registered `ldap` login handler). A key the question does not name is a listener
 * of something else (a window `focus` listener for a local-storage question).
 */
function isRegisteredCallback(index: PathIndex, def: DefRow, concepts: ConceptVector): boolean {
	if (def.kind !== "function" && def.kind !== "method") return false;
	const call = /(?:^|\.)([\w$#]+)\(([^()]*)\)(?:~\d+)?$/.exec(def.qualifiedName);
	if (!call || !REGISTER_CALL.test(call[1] as string)) return false;
	if (!concepts.text(call[2] as string).some((x) => x > 0)) return false;
	return index.edgesTo(def.id).every((e) => e.kind === "import");
}

/**
 * Depth-first over the small candidate graph: the path of most worth. An interface member and its
 * implementation are one step, worth the better of the two: the hop between them says where the
 * code is, not what it does next, so it adds no worth of its own. A path starting at an entry
 * point and leading on gains ENTRY_GAIN × its worth; the sum is scaled by the concept coverage of its steps.
 * A dispatch hop adds TRUNK_BONUS only when a step of worth comes after it on the path.
 */
function bestPath(
	graph: ReadonlyMap<number, Edge[]>,
	worth: ReadonlyMap<number, number>,
	starts: readonly DefRow[],
	maxSteps: number,
	entries: ReadonlySet<number>,
	cover: ((id: number) => readonly number[]) | null,
	deadEnd: (id: number) => boolean = () => false,
	named: ReadonlySet<number> = new Set(),
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
		const entry = ids.length > 1 && entries.has(start) ? ENTRY_GAIN * (worth.get(start) ?? 0) : 0;
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
				if (ids.includes(e.to)) continue;
				hops.push(e.hop);
				visit(e.to, total, step, now, held + (e.hop.kind === "dispatch" ? TRUNK_BONUS : 0));
				hops.pop();
			}
		}
		ids.pop();
	};
	const none = starts[0] && cover ? cover(starts[0].id).map(() => 0) : [];
	for (const d of starts) visit(d.id, 0, 0, none, 0);
	return through ?? best ?? fallback;
}

/**
 * Drop the path's head while it is another flow's way in: no entry point, ranked at least
 * HEAD_RANK_GAP places below the step it leads to, and naming nothing of the question that the rest
 * of the path does not (a report panel calling the hook that counts what the question asks about, a
 * bridge adapter calling the function that creates it). The path was chosen with it (a caller adds worth); it is only not
 * where the answer starts. A bridge (no rank) is never a head of its own: when the head reaches the next
 * ranked step through bridges, the gap is to that step, and the bridges go with the head (session 18: an
 * apps-bridge method → its helper → `createChannelMethod`, the channel's own flow, started at the bridge).
 */
function trimHead(
	path: { ids: number[]; hops: Hop[] },
	rank: ReadonlyMap<number, number>,
	entries: ReadonlySet<number>,
	cover: (id: number) => readonly number[],
): void {
	while (path.ids.length >= 2) {
		const head = path.ids[0] as number;
		const h = rank.get(head);
		// The head and the bridges it reaches the next ranked step through.
		let taken = 1;
		while (taken < path.ids.length - 1 && !rank.has(path.ids[taken] as number)) taken++;
		const next = rank.get(path.ids[taken] as number);
		if (h === undefined || next === undefined || entries.has(head) || h < next + HEAD_RANK_GAP) return;
		const rest = path.ids.slice(1).filter((id) => rank.has(id));
		const own = cover(head);
		if (own.some((x, i) => x > Math.max(0, ...rest.map((id) => cover(id)[i] ?? 0)) + 1e-9)) return;
		path.ids.splice(0, taken);
		path.hops.splice(0, taken);
	}
}

/**
 * Drop the path's head while the step it leads to is a shared helper of no worth of its own
 * (HELPER_FAN_IN callers or more, its name matching fewer than HELPER_CONCEPTS of the question's
 * concepts) and the head's own name does not match as many of the question's concepts either: the
 * head is one of the helper's many callers, another feature calling in (an auto-translate settings
 * method calling the notifier every subscription change goes through), not where the flow starts;
 * leadIn takes no caller of a step with more than LEAD_IN_CALLERS for the same reason. The helper
 * then starts the path: the flow every caller shares. The path was chosen with the head; it is only
 * not where the answer starts.
 */
function trimSharedHead(
	path: { ids: number[]; hops: Hop[] },
	byId: ReadonlyMap<number, DefRow>,
	namedFor: (d: DefRow) => boolean,
): void {
	while (path.ids.length >= 2) {
		const head = byId.get(path.ids[0] as number);
		const next = byId.get(path.ids[1] as number);
		if (!head || !next || next.fanIn < HELPER_FAN_IN || namedFor(next) || namedFor(head)) return;
		path.ids.shift();
		path.hops.shift();
	}
}

/** Definitions a path may go through: code with a body in a source file (no tests, types or modules). */
function pathCandidates(ranked: readonly DefRow[], max: number): DefRow[] {
	const out: DefRow[] = [];
	const seen = new Set<number>();
	for (const d of ranked) {
		if (out.length >= max) break;
		if (seen.has(d.id) || !d.file || d.startLine === null || isAuxiliaryPath(d.file)) continue;
		if (d.kind === "module" || d.kind === "type" || d.kind === "dispatch-key") continue;
		seen.add(d.id);
		out.push(d);
	}
	return out;
}

/** The hops from `def` to other candidates: direct steps, and dispatch keys to their handlers. */
function hopsFrom(index: PathIndex, def: DefRow, byId: ReadonlyMap<number, DefRow>): Edge[] {
	const out: Edge[] = [];
	const seen = new Set<number>();
	const edges = index.edgesFrom(def.id);
	// A call on a dispatch line is the dispatch mechanism (`callbacks.run('key', …)`): the hop is the key's.
	const dispatchLines = new Set(edges.filter((e) => e.kind === "dispatch").map((e) => e.line));
	for (const e of edges) {
		if (STEP_KINDS.has(e.kind)) {
			if (e.kind === "call" && dispatchLines.has(e.line)) continue;
			if (!byId.has(e.dst) || e.dst === def.id || seen.has(e.dst)) continue;
			const to = byId.get(e.dst) as DefRow;
			seen.add(e.dst);
			out.push({ to: e.dst, hop: lineHop(index, e, def, to, null) });
			continue;
		}
		// A dispatch: the key's handlers run next. (A register site is no hop from here: whoever
		// dispatches the key runs the handler, so the flow goes from the dispatcher.)
		const far = keyHandlers(index, e, MAX_KEY_HANDLERS);
		if (!far) continue;
		const { key, handlers } = far;
		for (const h of handlers) {
			if (!byId.has(h.dst) || h.dst === def.id || seen.has(h.dst)) continue;
			seen.add(h.dst);
			out.push({ to: h.dst, hop: lineHop(index, e, def, byId.get(h.dst) as DefRow, key) });
		}
	}
	return out;
}

/**
 * Follow the point-to-point keys the best candidates dispatch (and those their far ends dispatch,
 * FAR_DEPTH keys deep, FAR_MAX far ends at most): each far end is added to the graph with its hops
 * to the graph's definitions, then every far end that leads on to no candidate or bridge (directly
 * or through another far end) is taken out again. Far ends carry no worth: what they add is the
 * hop across the key and the concepts of what they link to.
 */
function joinFarEnds(
	index: PathIndex,
	from: readonly DefRow[],
	graph: Map<number, Edge[]>,
	byId: Map<number, DefRow>,
): void {
	const far = new Set<number>();
	let frontier = [...from];
	for (let depth = 0; depth < FAR_DEPTH && frontier.length > 0; depth++) {
		const next: DefRow[] = [];
		for (const d of frontier)
			for (const { def: x, edge, key } of trunkEndsFrom(index, d)) {
				if (x.id === d.id || (graph.get(d.id) ?? []).some((e) => e.to === x.id)) continue;
				if (!byId.has(x.id)) {
					if (far.size >= FAR_MAX) continue;
					far.add(x.id);
					byId.set(x.id, x);
					graph.set(x.id, hopsFrom(index, x, byId));
					next.push(x);
				}
				graph.get(d.id)?.push({ to: x.id, hop: lineHop(index, edge, d, x, key) });
			}
		frontier = next;
	}
	const leads = new Set<number>();
	for (let grew = true; grew; ) {
		grew = false;
		for (const id of far)
			if (!leads.has(id) && (graph.get(id) ?? []).some((e) => !far.has(e.to) || leads.has(e.to))) {
				leads.add(id);
				grew = true;
			}
	}
	const gone = new Set([...far].filter((id) => !leads.has(id)));
	if (gone.size === 0) return;
	for (const id of gone) {
		graph.delete(id);
		byId.delete(id);
	}
	for (const [id, edges] of graph)
		graph.set(
			id,
			edges.filter((e) => !gone.has(e.to)),
		);
}

/**
 * The candidates the question names literally; of same-named ones, those whose names and paths match
 * most of the question's other words (the `proxify` in the package the question names).
 */
function namedDefs(cands: readonly DefRow[], concepts: ConceptVector): DefRow[] {
	const named = cands.filter((d) => concepts.names(d));
	const best = new Map<string, number>();
	for (const d of named) best.set(d.name, Math.max(best.get(d.name) ?? 0, questionShare(concepts, d)));
	return named.filter((d) => questionShare(concepts, d) >= (best.get(d.name) ?? 0) - 1e-9);
}

/** Handlers a named key may have for each to be what the question names (more: a hook any plug-in adds to). */
const NAMED_KEY_HANDLERS = 3;

/**
 * The handlers of the dispatch keys the question names literally (`GET /api/items/:id` as the index
 * keys it), each key of at most NAMED_KEY_HANDLERS handlers: code with a body in a source file; a
 * file-routed handler is the file's top-level code (`(module)`), whose calls are the route's flow.
 */
function namedKeyHandlers(index: PathIndex, concepts: ConceptVector): DefRow[] {
	const out = new Map<number, DefRow>();
	if (!index.defsByName) return [];
	for (const id of concepts.identifiers) {
		for (const key of index.defsByName(id, 5)) {
			if (key.kind !== "dispatch-key") continue;
			const handlers = index.edgesFrom(key.id).filter((e) => e.kind === "handler");
			if (handlers.length === 0 || handlers.length > NAMED_KEY_HANDLERS) continue;
			for (const e of handlers) {
				const h = index.defById(e.dst);
				if (!h?.file || h.startLine === null || isAuxiliaryPath(h.file)) continue;
				if (h.kind === "type" || h.kind === "interface" || h.kind === "dispatch-key") continue;
				out.set(h.id, h);
			}
		}
	}
	return [...out.values()];
}

/**
 * What the named definitions call, NAMED_DEPTH steps on (NAMED_MAX definitions at most), joins the
 * graph at no worth of its own, shared helpers included: a named function's own calls are how it works.
 */
function reachFromNamed(
	index: PathIndex,
	named: readonly DefRow[],
	graph: Map<number, Edge[]>,
	byId: Map<number, DefRow>,
): void {
	let added = 0;
	let frontier = [...named];
	for (let depth = 0; depth < NAMED_DEPTH && frontier.length > 0; depth++) {
		const next: DefRow[] = [];
		for (const d of frontier) {
			const edges = index.edgesFrom(d.id);
			const dispatchLines = new Set(edges.filter((e) => e.kind === "dispatch").map((e) => e.line));
			for (const e of edges) {
				if (!STEP_KINDS.has(e.kind) || e.dst === d.id || (e.kind === "call" && dispatchLines.has(e.line)))
					continue;
				if ((graph.get(d.id) ?? []).some((h) => h.to === e.dst)) continue;
				let x = byId.get(e.dst);
				if (!x) {
					const found = index.defById(e.dst);
					if (!found?.file || found.startLine === null || isAuxiliaryPath(found.file) || added >= NAMED_MAX)
						continue;
					if (found.kind === "module" || found.kind === "type") continue;
					x = found;
					added++;
					byId.set(x.id, x);
					graph.set(x.id, hopsFrom(index, x, byId));
					next.push(x);
				}
				graph.get(d.id)?.push({ to: x.id, hop: lineHop(index, e, d, x, null) });
			}
		}
		frontier = next;
	}
}

/** A dispatch edge's key and the key's handler edges, or null (not a dispatch, or more than `max` handlers). */
function keyHandlers(index: PathIndex, e: EdgeRow, max: number): { key: DefRow; handlers: EdgeRow[] } | null {
	if (e.kind !== "dispatch") return null;
	const key = index.defById(e.dst);
	if (key?.kind !== "dispatch-key") return null;
	const handlers = index.edgesFrom(key.id).filter((h) => h.kind === "handler");
	return handlers.length > max ? null : { key, handlers };
}

/** The one handler of a point-to-point key, the dispatch edge to the key, and the key. */
interface TrunkEnd {
	def: DefRow;
	edge: EdgeRow;
	key: DefRow;
}

/** The handlers of the point-to-point keys a definition dispatches: code that runs on the far side. */
function trunkEndsFrom(index: PathIndex, def: DefRow): TrunkEnd[] {
	const out: TrunkEnd[] = [];
	const seen = new Set<number>();
	for (const e of index.edgesFrom(def.id)) {
		const far = keyHandlers(index, e, FAR_HANDLERS);
		if (!far) continue;
		const { key, handlers } = far;
		for (const h of handlers) {
			if (seen.has(h.dst)) continue;
			seen.add(h.dst);
			const x = index.defById(h.dst);
			if (!x?.file || x.startLine === null || isAuxiliaryPath(x.file)) continue;
			if (x.kind === "module" || x.kind === "type" || x.kind === "interface") continue;
			out.push({ def: x, edge: e, key });
		}
	}
	return out;
}

/** Bridge candidates: what a definition calls that is no candidate, not widely used, not a test. */
function bridgesFrom(
	index: PathIndex,
	def: DefRow,
	candidates: ReadonlyMap<number, DefRow>,
): { def: DefRow; edge: EdgeRow }[] {
	const out: { def: DefRow; edge: EdgeRow }[] = [];
	const seen = new Set<number>();
	const edges = index.edgesFrom(def.id);
	const dispatchLines = new Set(edges.filter((e) => e.kind === "dispatch").map((e) => e.line));
	for (const e of edges) {
		if (out.length >= MAX_BRIDGES) break;
		if (!STEP_KINDS.has(e.kind) || candidates.has(e.dst) || seen.has(e.dst)) continue;
		if (e.kind === "call" && dispatchLines.has(e.line)) continue;
		seen.add(e.dst);
		const x = index.defById(e.dst);
		if (!x?.file || x.startLine === null || isAuxiliaryPath(x.file) || x.fanIn > BRIDGE_FAN_IN) continue;
		if (x.kind === "module" || x.kind === "type" || x.kind === "interface") continue;
		out.push({ def: x, edge: e });
	}
	return out;
}

function lineHop(index: PathIndex, e: EdgeRow, from: DefRow, to: DefRow, key: DefRow | null): Hop {
	const kind = key ? "dispatch" : (e.kind as Hop["kind"]);
	// An implementation edge is written at the implementation, not in this body: no hop line here.
	if (kind === "implementation" || !e.file || e.line === null || e.file !== from.file) {
		return { kind, key, file: null, line: null, text: null, named: null };
	}
	const names = key ? [key.name, lastSegment(key.qualifiedName)] : [to.name, lastSegment(to.qualifiedName)];
	const found = namedHopLine(index, from, e.file, e.line, names);
	if (!found) {
		const text = index.fileLines(e.file, e.line, e.line)?.[0]?.trim() ?? null;
		return { kind, key, file: e.file, line: e.line, text, named: null };
	}
	const hop: Hop = { kind, key, file: e.file, line: found.line, text: found.text, named: found.named };
	return found.line < e.line ? { ...hop, endLine: e.line } : hop;
}

/** Lines above a dispatch's key looked through for the call that makes it. */
const CALL_ABOVE_KEY = 2;

/**
 * Where a hop of `from` recorded at line `at` is written, with the name on it a citation is checked
 * against: that line when it names one of `names` (the callee, or the key); else the dispatching call on
 * it or a line or two above (`publish(` with the key on the next line, `triggerJob({` then `name: 'x'`,
 * `beforeCreateRoomCallback.run(` for a key its registry was created with), named by its callee. `text`
 * runs from that line to `at`. Null when neither is there: the hop is cited at its definition's head.
 */
export function namedHopLine(
	index: PathIndex,
	from: DefRow,
	file: string,
	at: number,
	names: readonly string[],
): { line: number; text: string; named: string } | null {
	const own = index.fileLines(file, at, at)?.[0]?.trim() ?? "";
	const name = names.find((n) => n && namesIn(own, n));
	if (name) return { line: at, text: own, named: name };
	const calls = index.edgesFrom(from.id).filter((c) => c.kind === "call" && c.file === file);
	for (let line = at; line >= at - CALL_ABOVE_KEY && line >= (from.startLine ?? at); line--) {
		const text = index.fileLines(file, line, line)?.[0] ?? "";
		const callee = calls
			.filter((c) => c.line === line)
			.map((c) => index.defById(c.dst)?.name ?? "")
			.find((n) => n && namesIn(text, n));
		if (!callee) continue;
		const span = (index.fileLines(file, line, at) ?? []).map((l) => l.trim()).join(" ");
		return { line, text: span, named: callee };
	}
	return null;
}

/**
 * Prepend the caller that enters the flow: when the path's first step has at most LEAD_IN_CALLERS
 * callers (directly, or through a key with one handler), the one outside the path search's
 * candidates (those were weighed there, and a caller from another flow dropped by trimHead), code
 * of its own (a function or method, not a helper, in a file the path does not hold) and matching
 * the question's words by its name or path; an entry point first, then the better match. The
 * answer gives it a place of "Where to look" (the path's files are labelled twice as often as the
 * places, run 15). A caller reaching the step through a key of a trunk its own class handles too is
 * a peer (another service calling this one over the same bus), not the way in: session 12, a video
 * conference service led room creation, a transcript service led file uploads.
 */
function leadIn(
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
	let pick: { x: DefRow; e: EdgeRow; key: DefRow | null; share: number; entry: boolean } | null = null;
	for (const { x, e, key } of ins) {
		if (!x?.file || x.startLine === null || isAuxiliaryPath(x.file) || candidates.has(x.id)) continue;
		if ((x.kind !== "function" && x.kind !== "method") || x.fanIn >= HELPER_FAN_IN) continue;
		if (steps.some((s) => s.def.id === x.id || s.def.file === x.file)) continue;
		if (key && peerOf(index, x, key)) continue;
		const share = questionShare(concepts, x);
		if (share <= 0) continue;
		const entry = isEntry(index, x);
		if (!pick || Number(entry) > Number(pick.entry) || (entry === pick.entry && share > pick.share + 1e-9))
			pick = { x, e, key, share, entry };
	}
	if (!pick) return;
	steps.unshift({ def: pick.x, hop: lineHop(index, pick.e, pick.x, first.def, pick.key), leadIn: true });
}

/** Callers a step may have for the walk up to go on through it: more and it is a shared step of many flows. */
const WALK_CALLERS = 3;

/**
 * The flow told from where it starts (session 19): while the first step is no entry point and has
 * at most WALK_CALLERS callers (call or `new`; not the pages rendering a component), the path goes
 * up one caller, outside the candidates, whose name or path matches the question: the only one, or
 * the one the question's words and a ranked definition in its file pick (a tie stops the walk, as
 * does a candidate, which the search has weighed already). A flow found mid-way (a push gateway's
 * helper) is told from the queue worker that runs it. A lone best match is no flow: it stays alone.
 */
function walkUp(
	index: PathIndex,
	steps: PathStep[],
	concepts: ConceptVector,
	ranked: readonly DefRow[],
	maxSteps: number,
): void {
	if (steps.length < 2) return;
	const candidates = new Set(ranked.map((d) => d.id));
	// A caller in the file of a ranked definition ranks with it.
	const fileRank = new Map<string, number>();
	ranked.forEach((d, i) => {
		if (d.file && !fileRank.has(d.file)) fileRank.set(d.file, i);
	});
	while (steps.length < maxSteps) {
		const first = steps[0] as PathStep;
		if (isEntry(index, first.def)) return;
		const callers = new Map<number, { x: DefRow; e: EdgeRow }>();
		for (const e of index.edgesTo(first.def.id)) {
			if (e.kind !== "call" && e.kind !== "new") continue;
			const x = index.defById(e.src);
			if (x?.file && !isAuxiliaryPath(x.file) && !callers.has(x.id)) callers.set(x.id, { x, e });
		}
		if (callers.size === 0 || callers.size > WALK_CALLERS) return;
		let pick: { x: DefRow; e: EdgeRow; score: number } | null = null;
		let tie = false;
		for (const { x, e } of callers.values()) {
			if (x.startLine === null || (x.kind !== "function" && x.kind !== "method")) continue;
			if (candidates.has(x.id) || steps.some((s) => s.def.id === x.id)) return;
			// A callback handed to a wrapper (`tracerSpan(name, () => this.worker())`) names nothing of its
			// own: the function it calls reads better as the start. One registered under a key stays.
			const callback = parseHandlerName(x, (id) => index.defById(id));
			if (
				callback &&
				callback.key !== null &&
				callback.member === null &&
				!isEntry(index, x) &&
				!isRegisteredCallback(index, x, concepts)
			)
				return;
			const share = questionShare(concepts, x);
			if (share <= 0) continue;
			const r = fileRank.get(x.file as string);
			const score = share + (r === undefined ? 0 : 1 / (r + RANK_K));
			if (pick && Math.abs(score - pick.score) <= 1e-9) tie = true;
			else if (!pick || score > pick.score) {
				pick = { x, e, score };
				tie = false;
			}
		}
		if (!pick || tie) return;
		steps.unshift({ def: pick.x, hop: lineHop(index, pick.e, pick.x, first.def, null), walked: true });
	}
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
