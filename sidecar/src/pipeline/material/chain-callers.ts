/**
 * The unread function that calls two or more of the chain's definitions read (picks, seeds, chain
 * steps): the use case's `execute` whose helpers were read while it stayed a signature line (run
 * 24's readers: a trigger request's `execute` calling the template lookup and the context check
 * read as chain steps, and dispatching the job). It holds the order those steps run in and what
 * decides between them, so it sits on the flow between them. Read (sliced when long) after the
 * picks' callees; material only.
 */
import { isAuxiliaryPath } from "../auxiliary-code.js";
import type { Assembly } from "./assembly.js";
import { type Candidate, HOT_FAN_IN, reachedCandidate } from "./candidate.js";

/** What a caller is: a function or method with a body. */
const CALLER_KINDS = new Set(["function", "method"]);
/** The roles of the chain's own definitions (what the select stage and the chains put first). */
const CHAIN_ROLES = new Set(["pick", "seed", "chain"]);

/**
 * Up to `max` functions or methods no source holds that call at least two distinct definitions of
 * `list` whose bodies are read (in a chain role), one of them a pick (so not offline, where no
 * select stage ran); those calling more first, then the question's relevance.
 */
export function chainCallers(
	a: Assembly,
	list: readonly Candidate[],
	relevance: (d: Candidate["node"]["def"]) => number,
	max: number,
): Candidate[] {
	if (max <= 0) return [];
	const read = list.filter((c) => CHAIN_ROLES.has(c.role) && a.bodies.has(c.node.def.id));
	const found = new Map<number, { via: Candidate; called: Set<number>; pick: boolean }>();
	for (const c of read) {
		for (const e of a.index.edgesTo(c.node.def.id)) {
			if (e.kind !== "call" || e.src === c.node.def.id) continue;
			const held = found.get(e.src);
			const pick = c.role === "pick";
			if (held) {
				held.called.add(c.node.def.id);
				held.pick ||= pick;
				continue;
			}
			found.set(e.src, { via: c, called: new Set([c.node.def.id]), pick });
		}
	}
	const out: { c: Candidate; calls: number }[] = [];
	for (const [id, { via, called, pick }] of found) {
		if (called.size < 2 || !pick) continue;
		const d = a.index.defById(id);
		if (!d?.file || d.startLine === null || d.endLine === null || d.endLine <= d.startLine) continue;
		if (!CALLER_KINDS.has(d.kind) || d.fanIn > HOT_FAN_IN || isAuxiliaryPath(d.file)) continue;
		if (a.bodies.has(d.id) || a.isCovered(d.file, d.startLine, d.endLine)) continue;
		const at = { depth: via.node.depth, via: "caller", from: via.node.def.id, relevance: relevance(d) };
		out.push({ c: reachedCandidate(d, at, via.chain, "chain"), calls: called.size });
	}
	return out
		.sort((x, y) => y.calls - x.calls || y.c.node.relevance - x.c.node.relevance)
		.slice(0, max)
		.map((x) => x.c);
}
