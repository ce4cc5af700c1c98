/**
 * The map's path joins: for two adjacent steps of a chain's skeleton (a step and the step it was
 * reached from), the one line where the caller calls the callee, when the material holds the
 * caller but not that line (its signature only, or slices that cut it). A long step's signature
 * says where it starts; the flow goes on from the line that calls the next step, deep inside it.
 */
import type { DefRow } from "../../index/types.js";
import type { Skeleton } from "../skeleton.js";
import { type Candidate, named } from "./candidate.js";
import { JOIN_KINDS, type JoinLine, joinLine } from "./map-join-lines.js";
import type { SignatureMap } from "./signature-map.js";

const inside = (d: DefRow, line: number) =>
	d.startLine !== null && d.endLine !== null && d.startLine < line && line <= d.endLine;

/**
 * The join lines of the skeletons' adjacent steps (at most `cap`, the pairs the question's words
 * rate best first): per pair, the first line where the end the material holds calls the other —
 * downstream the parent calls the child, upstream the child its parent.
 */
export function pathJoinsOf(m: SignatureMap, skeletons: readonly Skeleton[], cap: number): JoinLine[] {
	if (cap <= 0) return [];
	const { a } = m;
	const held = new Set(a.sources.map((s) => s.node.def.id));
	const byId = new Map<number, Candidate>();
	for (const sk of skeletons)
		for (const node of sk.nodes)
			if (!byId.has(node.def.id)) byId.set(node.def.id, { node, chain: sk.chain.id, role: "neighbour" });
	const joinOf = (from: DefRow, to: DefRow, rating: number): JoinLine | null => {
		const c = byId.get(from.id);
		if (!c || !from.file || !held.has(from.id)) return null;
		const l = a.index
			.edgesFrom(from.id)
			.filter((e) => JOIN_KINDS.has(e.kind) && e.dst === to.id && e.file === from.file && e.line !== null)
			.map((e) => e.line as number)
			.filter((x) => inside(from, x))
			.sort((x, y) => x - y)[0];
		if (l === undefined || a.isCovered(from.file, l, l)) return null;
		return joinLine(m, c, l, named(to), rating);
	};
	const seen = new Set<string>();
	const out: JoinLine[] = [];
	for (const sk of skeletons) {
		for (const node of sk.nodes) {
			if (node.from === null || node.nodeClass === "key") continue;
			const p = a.index.defById(node.from);
			if (!p) continue;
			const pair = `${Math.min(p.id, node.def.id)}:${Math.max(p.id, node.def.id)}`;
			if (seen.has(pair)) continue;
			seen.add(pair);
			const rating = m.input.relevance(p) + m.input.relevance(node.def);
			const j = joinOf(p, node.def, rating) ?? joinOf(node.def, p, rating);
			if (j) out.push(j);
		}
	}
	return out.sort((x, y) => y.rating - x.rating).slice(0, cap);
}
