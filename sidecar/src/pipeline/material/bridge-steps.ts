/**
 * Short definitions the flow runs through between two bodies read: called by one body the material
 * reads and calling another (the service method between a route handler and the repository both
 * read), or the far end of a key hop out of a body read (the listener of the event it emits) the
 * bodies' share had no room for. The map otherwise lists them by their signature line only, among
 * neighbours the question's words rate alike (Session 48, mat48: 73 gold lines in definitions of
 * ≤ 150 lines listed only as a signature). Read whole right after the bodies, within a small share.
 */
import { isAuxiliaryPath } from "../auxiliary-code.js";
import type { Assembly } from "./assembly.js";
import { type Candidate, HOT_FAN_IN, reachedCandidate } from "./candidate.js";

/** A step with a body of its own: a function or method. */
const STEP_KINDS = new Set(["function", "method"]);
/** Edges that carry a key from a body read to its far end. */
const KEY_HOPS = new Set(["dispatch", "register", "handler"]);

/**
 * Up to `max` unread functions or methods of at most `lines` lines that a body read calls and that
 * call another body read (`bridge`), or that a body read reaches over a key hop (`keyHop`); in the
 * order the bodies were read.
 */
export function bridgeSteps(
	a: Assembly,
	relevance: (d: Candidate["node"]["def"]) => number,
	lines: number,
	max: number,
	forms: { bridge: boolean; keyHop: boolean },
): Candidate[] {
	if (lines <= 0 || max <= 0) return [];
	const readIds = new Set<number>();
	const bodies: Candidate[] = [];
	for (const x of a.sources) {
		if (x.unit === "signature" || x.role === "caller" || x.role === "module") continue;
		if (readIds.has(x.node.def.id)) continue;
		readIds.add(x.node.def.id);
		bodies.push({ node: x.node, chain: x.chain, role: x.role });
	}
	const out: Candidate[] = [];
	const seen = new Set<number>();
	for (const b of bodies) {
		for (const e of a.index.edgesFrom(b.node.def.id)) {
			if (out.length >= max) return out;
			if (seen.has(e.dst) || readIds.has(e.dst) || a.bodies.has(e.dst)) continue;
			const isKey = KEY_HOPS.has(e.kind);
			if (!(isKey ? forms.keyHop : e.kind === "call" && forms.bridge)) continue;
			const d = a.index.defById(e.dst);
			if (!d?.file || d.startLine === null || d.endLine === null || !STEP_KINDS.has(d.kind)) continue;
			if (d.endLine - d.startLine + 1 > lines || d.fanIn > HOT_FAN_IN || isAuxiliaryPath(d.file)) continue;
			if (a.isCovered(d.file, d.startLine, d.endLine)) continue;
			if (
				!isKey &&
				!a.index
					.edgesFrom(d.id)
					.some((x) => x.kind === "call" && x.dst !== b.node.def.id && readIds.has(x.dst))
			)
				continue;
			seen.add(d.id);
			const at = {
				depth: b.node.depth + 1,
				via: isKey ? e.kind : "bridge",
				from: b.node.def.id,
				relevance: relevance(d),
			};
			out.push(reachedCandidate(d, at, b.chain, isKey ? "key-hop" : "chain"));
		}
	}
	return out;
}
