/**
 * The bodies the select picks call. A pick's callees wait behind the last pick within the bodies'
 * share, which the picks alone often spend, and so came back only with the last bodies, after the
 * whole map, or stayed a signature line (run 22's readers: the status reducer a presence update
 * passes to `reduce`, the per-workflow preference check between two picks). Read right after the
 * map's first part instead: the short callees of the lines a pick shows, and any callee that
 * itself calls another pick (the step between two picks), whatever its length.
 *
 * A step between picks may sit one call further (run 24's readers: a worker's processor that a
 * pick's constructor hands to the queue, calling the route whose method is the next pick; a use
 * case's `execute` a worker class calls, calling the next pick's dispatcher): a callee reaching a
 * pick through one plain call is such a step too. A class pick's lines are its methods' lines, so
 * their calls are the class's hops.
 */
import { isAuxiliaryPath } from "../auxiliary-code.js";
import type { Assembly } from "./assembly.js";
import { type Candidate, HOT_FAN_IN, reachedCandidate } from "./candidate.js";

/** What a callee is: a function or method with a body. */
const CALLEE_KINDS = new Set(["function", "method"]);
/** Hops out of a pick that hand it work: a call, or a function passed on (`reduce(mergeTotals)`). */
const HOP_KINDS = new Set(["call", "reference"]);

/**
 * The callees of the picks read (in the picks' order) that no source holds yet: those of at most
 * `shortLines` lines, and those calling another pick (directly or one call further); those steps
 * first, and the ones touching more picks (calling it, or called by it), then by the first
 * caller's rank and the question's relevance.
 */
export function pickCallees(
	a: Assembly,
	picks: readonly Candidate[],
	relevance: (d: Candidate["node"]["def"]) => number,
	shortLines: number,
): Candidate[] {
	const read = picks.filter((p) => a.bodies.has(p.node.def.id));
	const pickIds = new Set(read.map((p) => p.node.def.id));
	const found = new Map<number, { c: Candidate; touches: number; rank: number }>();
	/** Is `id` a function or method no shared helper, that calls a pick other than `from`? */
	const callsPick = (id: number, from: number) =>
		a.index.edgesFrom(id).filter((x) => x.kind === "call" && x.dst !== from && pickIds.has(x.dst));
	read.forEach((p, rank) => {
		const def = p.node.def;
		if (!def.file || def.startLine === null || def.endLine === null) return;
		for (const e of hopsOut(a, def)) {
			if (!HOP_KINDS.has(e.kind) || e.line === null || e.file !== def.file) continue;
			if (e.line < def.startLine || e.line > def.endLine || !a.isCovered(def.file, e.line, e.line)) continue;
			// A decorator's call (`@Instrument()`) wraps the pick; it is no step of it.
			if (/^\s*@/.test(a.index.fileLines(def.file, e.line, e.line)?.[0] ?? "")) continue;
			const d = a.index.defById(e.dst);
			if (!d?.file || d.startLine === null || d.endLine === null || d.endLine <= d.startLine) continue;
			if (!CALLEE_KINDS.has(d.kind) || d.fanIn > HOT_FAN_IN || isAuxiliaryPath(d.file)) continue;
			if (a.bodies.has(d.id) || pickIds.has(d.id) || a.isCovered(d.file, d.startLine, d.endLine)) continue;
			const held = found.get(d.id);
			if (held) {
				held.touches++;
				continue;
			}
			// The other picks it calls: a step between picks is read whatever its length.
			const picksCalled = new Set(callsPick(d.id, def.id).map((x) => x.dst)).size;
			const bridge = picksCalled > 0 || reachesPickInTwo(a, d.id, def.id, callsPick);
			if (!bridge && d.endLine - d.startLine + 1 > shortLines) continue;
			const c = reachedCandidate(
				d,
				{ depth: p.node.depth + 1, via: "call", from: def.id, relevance: relevance(d) },
				p.chain,
				"callee",
			);
			// A step between picks, direct or one call further, goes ahead of a plain callee.
			found.set(d.id, { c, touches: 1 + picksCalled + (bridge ? 1 : 0), rank });
		}
	});
	return [...found.values()]
		.sort((x, y) => y.touches - x.touches || x.rank - y.rank || y.c.node.relevance - x.c.node.relevance)
		.map((x) => x.c);
}

/** The hop edges written in `def`'s lines: its own, and for a class its members' (methods' calls). */
function hopsOut(a: Assembly, def: Candidate["node"]["def"]) {
	const own = a.index.edgesFrom(def.id);
	if (def.kind !== "class" || !def.file) return own;
	const members = a.index
		.defsInFile(def.file)
		.filter((m) => m.parentId === def.id && CALLEE_KINDS.has(m.kind));
	return [...own, ...members.flatMap((m) => a.index.edgesFrom(m.id))];
}

/** Does `id` call a function or method (no shared helper) that calls a pick other than `from`? */
function reachesPickInTwo(
	a: Assembly,
	id: number,
	from: number,
	callsPick: (id: number, from: number) => readonly unknown[],
): boolean {
	return a.index.edgesFrom(id).some((x) => {
		if (x.kind !== "call" || x.dst === from || x.dst === id) return false;
		const mid = a.index.defById(x.dst);
		if (!mid || !CALLEE_KINDS.has(mid.kind) || mid.fanIn > HOT_FAN_IN) return false;
		return callsPick(mid.id, from).length > 0;
	});
}
