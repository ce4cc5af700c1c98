/** The order definitions are offered to the assembler: the select picks, then the chains in turn. */
import type { Skeleton, SkeletonNode } from "../skeleton.js";
import type { Candidate } from "./candidate.js";

/** Seed hops taken right after their seed in a chain's order (the rest follow after every seed). */
const HOPS_PER_SEED = 3;

/** A chain's definitions in the order worth reading: each seed followed by its best hops, then the rest by depth. */
export function chainOrder(sk: Skeleton): SkeletonNode[] {
	const nodes = sk.nodes.filter((n) => n.def.kind !== "dispatch-key");
	const children = new Map<number, SkeletonNode[]>();
	for (const n of nodes) {
		if (n.from === null) continue;
		const list = children.get(n.from) ?? [];
		list.push(n);
		children.set(n.from, list);
	}
	// A key pseudo-node between a seed and its handlers: the handlers count as the seed's hops.
	for (const key of sk.nodes.filter((n) => n.def.kind === "dispatch-key" && n.from !== null)) {
		const list = children.get(key.from as number) ?? [];
		list.push(...(children.get(key.def.id) ?? []));
		children.set(key.from as number, list);
	}
	const out: SkeletonNode[] = [];
	const taken = new Set<number>();
	const take = (n: SkeletonNode) => {
		if (taken.has(n.def.id)) return;
		taken.add(n.def.id);
		out.push(n);
	};
	for (const s of nodes.filter((n) => n.depth === 0)) {
		take(s);
		const hops = (children.get(s.def.id) ?? []).sort((a, b) => b.relevance - a.relevance);
		for (const h of hops.slice(0, HOPS_PER_SEED)) take(h);
	}
	for (const n of [...nodes].sort((a, b) => a.depth - b.depth || b.relevance - a.relevance)) take(n);
	return out;
}

/** Definitions in reading order: the LLM's picks, then the chains in turn. */
export function readingOrder(skeletons: readonly Skeleton[], picks: readonly string[]): Candidate[] {
	const out: Candidate[] = [];
	const seen = new Set<number>();
	const byDefId = new Map<string, Candidate>();
	for (const sk of skeletons) {
		for (const node of sk.nodes) {
			if (!byDefId.has(node.def.defId)) {
				byDefId.set(node.def.defId, {
					node,
					chain: sk.chain.id,
					role: node.via === "seed" ? "seed" : "chain",
				});
			}
		}
	}
	for (const id of picks) {
		const c = byDefId.get(id);
		if (!c || seen.has(c.node.def.id) || c.node.def.kind === "dispatch-key") continue;
		seen.add(c.node.def.id);
		out.push({ ...c, role: "pick", pickRank: out.length });
	}
	const queues = skeletons.map((sk) => ({ chain: sk.chain.id, nodes: chainOrder(sk) }));
	for (let progress = true; progress; ) {
		progress = false;
		for (const q of queues) {
			const node = q.nodes.shift();
			if (!node) continue;
			progress = true;
			if (seen.has(node.def.id)) continue;
			seen.add(node.def.id);
			out.push({ node, chain: q.chain, role: node.via === "seed" ? "seed" : "chain" });
		}
	}
	return out;
}
