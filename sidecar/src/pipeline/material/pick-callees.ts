/**
 * The bodies the select picks call. A pick's callees wait behind the last pick within the bodies'
 * share, which the picks alone often spend, and so came back only with the last bodies, after the
 * whole map, or stayed a signature line (run 22's readers: the status reducer a presence update
 * passes to `reduce`, the per-workflow preference check between two picks). Read right after the
 * map's first part instead: the short callees of the lines a pick shows, and any callee that
 * itself calls another pick (the step between two picks), whatever its length.
 */
import { isAuxiliaryPath } from "../match.js";
import type { Assembly } from "./assembly.js";
import { type Candidate, HOT_FAN_IN, reachedCandidate } from "./candidate.js";

/** What a callee is: a function or method with a body. */
const CALLEE_KINDS = new Set(["function", "method"]);
/** Hops out of a pick that hand it work: a call, or a function passed on (`reduce(processStatus)`). */
const HOP_KINDS = new Set(["call", "reference"]);

/**
 * The callees of the picks read (in the picks' order) that no source holds yet: those of at most
 * `shortLines` lines, and those calling another pick; the ones touching more picks (calling it, or
 * called by it) first, then by the first caller's rank and the question's relevance.
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
	read.forEach((p, rank) => {
		const def = p.node.def;
		if (!def.file || def.startLine === null || def.endLine === null) return;
		for (const e of a.index.edgesFrom(def.id)) {
			if (!HOP_KINDS.has(e.kind) || e.line === null || e.file !== def.file) continue;
			if (e.line < def.startLine || e.line > def.endLine || !a.isCovered(def.file, e.line, e.line)) continue;
			// A decorator's call (`@Instrument()`) wraps the pick; it is no step of it.
			if (/^\s*@/.test(a.index.fileLines(def.file, e.line, e.line)?.[0] ?? "")) continue;
			const d = a.index.defById(e.dst);
			if (!d?.file || d.startLine === null || d.endLine === null || d.endLine <= d.startLine) continue;
			if (!CALLEE_KINDS.has(d.kind) || d.fanIn > HOT_FAN_IN || isAuxiliaryPath(d.file)) continue;
			if (a.bodies.has(d.id) || pickIds.has(d.id)) continue;
			const held = found.get(d.id);
			if (held) {
				held.touches++;
				continue;
			}
			// The other picks it calls: a step between picks is read whatever its length.
			const picksCalled = new Set(
				a.index
					.edgesFrom(d.id)
					.filter((x) => x.kind === "call" && x.dst !== def.id && pickIds.has(x.dst))
					.map((x) => x.dst),
			).size;
			if (picksCalled === 0 && d.endLine - d.startLine + 1 > shortLines) continue;
			const c = reachedCandidate(
				d,
				{ depth: p.node.depth + 1, via: "call", from: def.id, relevance: relevance(d) },
				p.chain,
				"callee",
			);
			found.set(d.id, { c, touches: 1 + picksCalled, rank });
		}
	});
	return [...found.values()]
		.sort((x, y) => y.touches - x.touches || x.rank - y.rank || y.c.node.relevance - x.c.node.relevance)
		.map((x) => x.c);
}
