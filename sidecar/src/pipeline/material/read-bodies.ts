/**
 * The first pass: the bodies of the definitions in reading order, each followed depth first by
 * the far ends of its key hops, the wrapper it is written into, its next steps on the chain and,
 * for a seed or pick, the call site in its caller. What did not fit is deferred.
 */
import { shownScopedKey } from "../../bus-key.js";
import type { Assembly } from "./assembly.js";
import { type Candidate, named, reachedCandidate } from "./candidate.js";
import { calleesOnChain, callerSites, valuesRead, wrappersOf } from "./follow-ups.js";
import { handledKeys, hopMounts, keyHopEnds } from "./hops.js";
import type { AssembleConfig, AssembleInput } from "./input.js";
import { MAX_BLOCK_LINES } from "./modules.js";
import { addDefinition } from "./read-definition.js";
import { sliceDefinition } from "./slices.js";
import type { VersionBodies } from "./version-bodies.js";

/**
 * Share of the budget the first pass of bodies may use; module-level blocks take the next share,
 * then the signature map of chain steps and neighbours (most chain steps are named at their
 * definition's first line, so the map is what lets a small budget span the whole flow); bodies
 * that did not fit come back with what is left.
 */
const BODY_SHARE = 0.25;
/**
 * The LLM's select picks (and a pick's wrapper) are read first, up to this share; the bodies a pick
 * leads to (its key hops' far ends, its callees, its wrapper) wait behind the last pick, the far
 * ends and callees within `BODY_SHARE`. The first `DEEP_PICKS` picks alone had this share: a later pick came
 * after the first picks' callees, with the bodies' share spent (readers, run 22: the function
 * deciding pass/fail a signature, the first pick's off-topic callees read whole).
 */
const PICK_SHARE = 0.5;
/** Chain hops out of a definition read whose bodies are read right after it (the path, depth first). */
const CALLEES_PER_DEF = 2;
/** Call sites shown per seed, and lines either side. */
const CALLER_SITES = 1;
const CALLER_CONTEXT = 2;

/**
 * Read the bodies of `list` in order, within their shares of `budget`; `known` gains every
 * definition the pass reaches. Returns the candidates that did not fit, in order.
 */
export function readBodies(
	a: Assembly,
	list: readonly Candidate[],
	input: AssembleInput,
	config: AssembleConfig,
	onChain: ReadonlySet<number>,
	known: Set<number>,
	budget: number,
	versions: VersionBodies,
): Candidate[] {
	const index = a.index;
	const deferred: Candidate[] = [];
	const queue = [...list];
	while (queue.length) {
		const reached = queue.shift() as Candidate;
		if (a.bodies.has(reached.node.def.id)) continue;
		// Of near-identical versions, one body: the best-ranked read in place of the first reached.
		const c = versions.choose(reached);
		if (!c) continue;
		const share = c.role === "pick" || c.lead ? PICK_SHARE : BODY_SHARE;
		if (!addDefinition(a, c, input, config, onChain, budget * share)) {
			deferred.push(reached);
			continue;
		}
		a.bodies.add(c.node.def.id);
		versions.stoodIn(reached, c);
		if (c.role === "wrapper") {
			// A guard decides on a flag: the short module-level values it reads (and they read) come with it.
			const hops = c.node.via === "wrapper" ? 2 : c.node.via === "wrapper-value" ? 1 : 0;
			if (hops > 0) {
				const values = valuesRead(index, c.node.def)
					.filter((v) => !a.bodies.has(v.id))
					.map((v) => ({
						...reachedCandidate(
							v,
							{
								depth: c.node.depth + 1,
								via: hops === 2 ? "wrapper-value" : "wrapper-value-2",
								from: c.node.def.id,
								relevance: input.relevance(v),
							},
							c.chain,
							"wrapper",
						),
						lead: c.lead === true,
					}));
				queue.unshift(...values);
				for (const v of values) known.add(v.node.def.id);
			}
			continue;
		}
		if (c.role === "key-hop") continue;
		const ends = keyHopEnds(index, c.node.def, input.relevance, onChain);
		const hops = ends.filter((h) => !a.bodies.has(h.def.id));
		const next: Candidate[] = hops.map((h) =>
			reachedCandidate(
				h.def,
				{ depth: c.node.depth + 1, via: h.via, from: c.node.def.id, relevance: input.relevance(h.def) },
				c.chain,
				"key-hop",
			),
		);
		for (const h of hops.filter((x) => x.line !== null)) {
			// An inline handler: the register site and the lines after it, labelled as such.
			const n = next.find((x) => x.node.def.id === h.def.id) as Candidate;
			const end = Math.min(h.def.endLine ?? (h.line as number), (h.line as number) + MAX_BLOCK_LINES - 1);
			a.add(
				n,
				h.line as number,
				end,
				"block",
				`inline handler of ${shownScopedKey(h.key.name)} (${h.via})`,
				budget * BODY_SHARE,
			);
		}
		// Between a request and its route: the lines mounting the route's router under the path it joined on.
		for (const m of hopMounts(index, ends, handledKeys(index, c.node.def))) {
			const cand = reachedCandidate(
				m.def,
				{ depth: c.node.depth + 1, via: m.via, from: c.node.def.id, relevance: 0 },
				c.chain,
				"key-hop",
			);
			a.add(cand, m.line, m.line, "block", m.label, budget * BODY_SHARE);
		}
		// The wrapper a definition is wrapped in, and the path's next steps (depth first): the
		// far end of a call hop is read right after its caller, not when its chain's turn comes.
		const follow: Candidate[] = wrappersOf(index, c.node.def)
			.filter((w) => !a.bodies.has(w.id))
			.map((w) => ({
				...reachedCandidate(
					w,
					{ depth: c.node.depth + 1, via: "wrapper", from: c.node.def.id, relevance: input.relevance(w) },
					c.chain,
					"wrapper",
				),
				// A pick's wrapper is part of what the model asked for (a few lines, deciding ones).
				lead: c.role === "pick" || c.lead === true,
			}));
		if (c.role !== "module") {
			// A version read in place of the one on the chain: that one's steps are its steps.
			const steps = [c, reached].flatMap((x) => calleesOnChain(input.skeletons, x.node.def));
			for (const n of [...new Map(steps.map((x) => [x.def.id, x])).values()]
				.filter((x) => !a.bodies.has(x.def.id))
				.slice(0, CALLEES_PER_DEF)) {
				follow.push({ node: n, chain: c.chain, role: "callee" });
			}
		}
		// Who starts it: where a seed (or pick) is called from, a few lines around the call in its
		// caller (a UI handler wiring, a command, a route) — not the caller's whole body.
		if (c.role === "seed" || c.role === "pick") {
			const sites = callerSites(index, c.node.def, input.relevance);
			for (const site of sites.slice(0, CALLER_SITES)) {
				const cand = reachedCandidate(
					site.def,
					{ depth: c.node.depth, via: "caller", from: null, relevance: 0 },
					c.chain,
					"caller",
				);
				if (readCaller(a, cand, site.line, input.words, budget * BODY_SHARE)) continue;
				a.addGlimpse(cand, site.line, CALLER_CONTEXT, named(c.node.def), budget * BODY_SHARE);
			}
		}
		const after = [...next.filter((n) => n.node.def.kind !== "module"), ...follow];
		// What a pick leads to waits behind the picks still to read (the model named those); what
		// any other body leads to is read right after it, depth first.
		queue.splice(c.role === "pick" ? picksAhead(queue) : 0, 0, ...after);
		for (const n of [...next, ...follow]) known.add(n.node.def.id);
	}
	return deferred;
}

/**
 * Where a seed or pick is called from, read past the lines around the call: a caller of at most
 * `MapReach.callerWholeLines` lines whole (the steps it takes before and after the call are the
 * flow: the server made before the namespace it attaches, the work run after the status it
 * creates), a longer one as slices of at most `callerSliceLines` lines (its head, the call with
 * what decides it, the question's words). False when neither applies or nothing fitted: the
 * glimpse is read instead.
 */
function readCaller(
	a: Assembly,
	c: Candidate,
	line: number,
	words: readonly string[],
	limit: number,
): boolean {
	const def = c.node.def;
	if (!def.file || def.startLine === null || def.endLine === null) return false;
	const start = def.startLine;
	const end = def.endLine;
	if (a.bodies.has(def.id) || a.isCovered(def.file, start, end)) return false;
	if (end - start + 1 <= a.reach.callerWholeLines) {
		if (!a.add(c, start, end, "whole", named(def), limit)) return false;
		a.markRead(def);
		return true;
	}
	if (a.reach.callerSliceLines <= 0 || end - start + 1 <= a.reach.callerWholeLines) return false;
	const slices = sliceDefinition({
		lines: a.index.fileLines(def.file, start, end) ?? [],
		startLine: start,
		sites: [line],
		words,
		maxLines: a.reach.callerSliceLines,
		decorated: a.reach.declarationLines,
	});
	let any = false;
	for (const [s, e] of slices)
		if (a.add(c, s, e, "slice", `${named(def)} (lines ${s}-${e} of ${start}-${end})`, limit)) any = true;
	return any;
}

/** How many picks lead `queue`: what a pick leads to goes in after them. */
function picksAhead(queue: readonly Candidate[]): number {
	const i = queue.findIndex((c) => c.role !== "pick");
	return i < 0 ? queue.length : i;
}
