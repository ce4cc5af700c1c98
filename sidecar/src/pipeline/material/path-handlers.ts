/**
 * The handlers of the keys a chain's path crosses: a skeleton node reached as a key's registered
 * handler (an event's listener, a queue's worker, a route's handler) whose body no source reads.
 * The map otherwise lists it by its signature line among neighbours the question's words rate
 * alike, and the reader sees the hop's far end only as a name (llm-relay.md runs 29–30: the one
 * central body a judged answer lacked was most often such a handler). Read whole, best rated first.
 */
import { isAuxiliaryPath } from "../auxiliary-code.js";
import type { Skeleton, SkeletonNode } from "../skeleton.js";
import type { Assembly } from "./assembly.js";
import { type Candidate, HOT_FAN_IN } from "./candidate.js";

/** A handler with a body of its own: a function or method. */
const STEP_KINDS = new Set(["function", "method"]);

/**
 * Up to `max` unread handlers of at most `lines` lines that the skeletons reach over a key
 * (`handler:<trunk>`), the best rated by `relevance` first; with `crossed`, only those whose key a
 * body read dispatches (the key pseudo-node's `from`): the path runs through the key; none the
 * question's words rate below `minRate` (a GraphQL schema's resolvers are all one key's handlers away);
 * with `heldFile`, only handlers in a file the material already holds.
 */
export function pathHandlers(
	a: Assembly,
	skeletons: readonly Skeleton[],
	relevance: (d: SkeletonNode["def"]) => number,
	lines: number,
	max: number,
	crossed: boolean,
	minRate = 0,
	heldFile = false,
): Candidate[] {
	const held = heldFile ? new Set(a.files()) : null;
	if (lines <= 0 || max <= 0) return [];
	const found = new Map<number, { c: Candidate; rate: number }>();
	for (const sk of skeletons) {
		const byId = new Map(sk.nodes.map((n) => [n.def.id, n]));
		for (const n of sk.nodes) {
			if (!n.via.startsWith("handler:") || found.has(n.def.id)) continue;
			const d = n.def;
			if (!d.file || d.startLine === null || d.endLine === null || !STEP_KINDS.has(d.kind)) continue;
			if (d.endLine - d.startLine + 1 > lines || d.fanIn > HOT_FAN_IN || isAuxiliaryPath(d.file)) continue;
			if (a.bodies.has(d.id) || a.isCovered(d.file, d.startLine, d.endLine)) continue;
			if (crossed) {
				const key = n.from === null ? undefined : byId.get(n.from);
				const from = key?.from ?? null;
				if (from === null || !a.bodies.has(from)) continue;
			}
			if (held && !held.has(d.file)) continue;
			const rate = relevance(d);
			if (rate < minRate) continue;
			found.set(d.id, { c: { node: n, chain: sk.chain.id, role: "key-hop" }, rate });
		}
	}
	return [...found.values()]
		.sort((x, y) => y.rate - x.rate)
		.slice(0, max)
		.map((x) => x.c);
}
