/**
 * The drawing model of an answer's chains, shared by the Mermaid and Graphviz renderers:
 * nodes clustered by package, dispatch keys turned into labelled edges (dispatcher → handler),
 * and pass-through nodes collapsed into "+N hops" edges so a 30-hop chain stays legible.
 */
import { posix } from "node:path";
import type { Chain } from "@codeask/shared";
import { defIdName, defIdPrefix } from "../index/def-id.js";

export interface DiagramNode {
	id: string;
	defId: string;
	/** Qualified name (or the key, for an unmatched dispatch key). */
	label: string;
	/** `file.ts:12`, or the trunk for a key node. */
	detail: string;
	cluster: string;
	kind: string;
	/** A chain's starting hop. */
	root: boolean;
}

export interface DiagramEdge {
	from: string;
	to: string;
	/** `rest: notes.send` for a dispatch, `+2 hops` for collapsed pass-through nodes, else null. */
	label: string | null;
	/** `register`: the source registers the target as the key's handler (not a call). */
	style: "flow" | "dispatch" | "register" | "collapsed";
	/** Names of the pass-through definitions a collapsed edge stands for. */
	hidden: string[];
	/** Index edge kind behind a flow edge, when known (call, register, handler, …). */
	kind?: string | null;
}

export interface DiagramModel {
	nodes: DiagramNode[];
	edges: DiagramEdge[];
	/** Pass-through definitions collapsed into edges. */
	collapsed: number;
}

export interface ModelOptions {
	/** Above this many nodes, pass-through nodes are collapsed (default 12: fits a chat window). */
	maxNodes?: number;
	/** Chains drawn, in answer order (default 3). */
	maxChains?: number;
	/** Hops kept per chain before collapsing: whole paths, deepest first (default 8). */
	maxHopsPerChain?: number;
	/** Cluster name of a file (its package); defaults to a monorepo-folder guess. */
	packageOf?: (file: string) => string | null | undefined;
	/**
	 * Whether the index has an edge `from` → `to` (see `indexLinks`): finds each hop's parent when
	 * hops carry no `from` and are listed breadth first.
	 */
	linked?: (from: string, to: string) => string | false;
}

const KEY_PREFIX = /^trunk:([^#]+)#(.*)$/;

export function buildDiagramModel(chains: readonly Chain[], options: ModelOptions = {}): DiagramModel {
	const maxNodes = options.maxNodes ?? 12;
	const clusterOf = (file: string | null) =>
		file ? (options.packageOf?.(file) ?? guessPackage(file)) : "dispatch keys";

	const nodes = new Map<string, DiagramNode>();
	const edges = new Map<string, DiagramEdge>();
	const addEdge = (
		from: string,
		to: string,
		label: string | null,
		style: DiagramEdge["style"],
		kind: string | null = null,
	) => {
		if (from === to) return;
		const id = `${from}\u0000${to}`;
		const existing = edges.get(id);
		// A dispatch label says more than a plain call between the same two nodes.
		if (!existing || (existing.style === "flow" && style !== "flow"))
			edges.set(id, { from, to, label, style, hidden: [], kind });
	};

	for (const chain of chains.slice(0, options.maxChains ?? 3)) {
		const parents = resolveParents(chain, options.linked);
		for (const i of selectHops(chain, parents, options.maxHopsPerChain ?? 8)) {
			const hop = chain.hops[i];
			if (!hop) continue;
			let node = nodes.get(hop.defId);
			if (!node) {
				const key = KEY_PREFIX.exec(hop.defId);
				node = {
					id: `n${nodes.size}`,
					defId: hop.defId,
					label: key ? (key[2] ?? hop.defId) : labelOf(hop.defId),
					detail: key
						? `${key[1]} key`
						: `${hop.file ? posix.basename(hop.file) : "?"}${hop.startLine ? `:${hop.startLine}` : ""}`,
					cluster: key ? "dispatch keys" : clusterOf(hop.file),
					kind: hop.kind,
					root: false,
				};
				nodes.set(hop.defId, node);
			}
			const parent = parents[i];
			const parentHop = parent === null || parent === undefined ? undefined : chain.hops[parent];
			if (!parentHop) node.root = true;
			else {
				const [from, to] =
					chain.direction === "upstream" ? [node.defId, parentHop.defId] : [parentHop.defId, node.defId];
				addEdge(from, to, null, "flow", options.linked?.(from, to) || null);
			}
		}
	}

	contractKeys(nodes, edges);
	const collapsed = collapsePassThrough(nodes, edges, maxNodes);
	const byDef = (defId: string) => nodes.get(defId)?.id ?? defId;
	return {
		nodes: [...nodes.values()],
		edges: [...edges.values()].map((e) => ({ ...e, from: byDef(e.from), to: byDef(e.to) })),
		collapsed,
	};
}

type Hop = Chain["hops"][number];

/**
 * Index of each hop's parent hop (null for starting hops). In order of trust: the hop's `from`;
 * an index edge from a hop one level up (`linked`); a member of a class one level up; else,
 * for depth-first listings, the nearest earlier hop one level up.
 */
export function resolveParents(
	chain: Chain,
	linked?: (from: string, to: string) => string | false,
): (number | null)[] {
	const position = new Map<string, number>();
	chain.hops.forEach((h, i) => {
		if (!position.has(h.defId)) position.set(h.defId, i);
	});
	const upstream = chain.direction === "upstream";
	const breadthFirst = chain.hops.every((h, i) => i === 0 || (chain.hops[i - 1]?.depth ?? 0) <= h.depth);
	const lastAt = new Map<number, number>();
	return chain.hops.map((hop, i) => {
		const earlier = lastAt.get(hop.depth - 1);
		lastAt.set(hop.depth, i);
		if (hop.depth === 0) return null;
		if (hop.from) {
			const p = position.get(hop.from);
			if (p !== undefined && p !== i) return p;
		}
		const above = (h: Hop, j: number) => j < i && h.depth === hop.depth - 1;
		if (linked) {
			const j = chain.hops.findIndex(
				(h, n) => above(h, n) && (upstream ? linked(hop.defId, h.defId) : linked(h.defId, hop.defId)),
			);
			if (j >= 0) return j;
		}
		const owner = chain.hops.findIndex((h, n) => above(h, n) && hop.defId.startsWith(`${h.defId}.`));
		if (owner >= 0) return owner;
		// Breadth-first listings give no parent by position; depth-first ones do.
		return breadthFirst && linked ? null : (earlier ?? null);
	});
}

/**
 * Which hops to draw: whole paths from a starting hop, deepest first (a deep path is a flow;
 * a wide fan of leaves is not), until `budget` hops; the first path is always kept whole.
 */
export function selectHops(chain: Chain, parents: readonly (number | null)[], budget: number): number[] {
	const order = chain.hops
		.map((h, i) => ({ i, depth: h.depth }))
		.sort((a, b) => b.depth - a.depth || a.i - b.i);
	const kept = new Set<number>();
	for (const { i } of order) {
		if (kept.has(i)) continue;
		const path: number[] = [];
		let n: number | null | undefined = i;
		for (; n !== null && n !== undefined && !kept.has(n); n = parents[n]) {
			if (path.includes(n)) break;
			path.push(n);
		}
		// A path must reach a starting hop (or a kept one): a hop whose parent is unknown floats alone.
		const top = path[path.length - 1];
		const rooted = kept.has(n ?? -1) || (top !== undefined && chain.hops[top]?.depth === 0);
		if (!rooted) continue;
		// A starting hop that leads nowhere adds a lone box, not a flow.
		if (kept.size > 0 && path.length === 1 && top !== undefined && parents[top] == null) continue;
		if (kept.size > 0 && kept.size + path.length > budget) continue;
		for (const n of path) kept.add(n);
		if (kept.size >= budget) break;
	}
	return [...kept].sort((a, b) => a - b);
}

/** A `linked` test backed by an index: the kind of an edge from one definition to the other, or false. */
export function indexLinks(index: {
	def(defId: string): { id: number } | undefined;
	edgesFrom(id: number): { dstDefId: string; kind: string }[];
}): (from: string, to: string) => string | false {
	const out = new Map<string, Map<string, string>>();
	return (from, to) => {
		let targets = out.get(from);
		if (!targets) {
			const def = index.def(from);
			targets = new Map();
			for (const e of def ? index.edgesFrom(def.id) : [])
				if (!targets.has(e.dstDefId)) targets.set(e.dstDefId, e.kind);
			out.set(from, targets);
		}
		return targets.get(to) ?? false;
	};
}

/** dispatcher → key → handler becomes dispatcher → handler labelled with the key. */
function contractKeys(nodes: Map<string, DiagramNode>, edges: Map<string, DiagramEdge>): void {
	for (const node of [...nodes.values()]) {
		const key = KEY_PREFIX.exec(node.defId);
		if (!key) continue;
		const incoming = [...edges.values()].filter((e) => e.to === node.defId);
		const outgoing = [...edges.values()].filter((e) => e.from === node.defId);
		if (incoming.length === 0 || outgoing.length === 0) continue;
		for (const e of [...incoming, ...outgoing]) edges.delete(`${e.from}\u0000${e.to}`);
		for (const i of incoming) {
			for (const o of outgoing) {
				// A class registering its own method would draw a loop that says nothing.
				if (i.from === o.to) continue;
				const id = `${i.from}\u0000${o.to}`;
				// A registrar (callbacks.add, addRoute, …) hands the handler over; it does not call it.
				const registers = i.kind === "register";
				edges.set(id, {
					from: i.from,
					to: o.to,
					label: `${registers ? "registers " : ""}${key[1]}: ${key[2]}`,
					style: registers ? "register" : "dispatch",
					hidden: [],
				});
			}
		}
		nodes.delete(node.defId);
	}
}

/**
 * Collapse nodes with one plain edge in and one out, inside one cluster, until at most maxNodes
 * remain. The middle of the drawing goes first, so a long chain keeps its start and its end.
 */
function collapsePassThrough(
	nodes: Map<string, DiagramNode>,
	edges: Map<string, DiagramEdge>,
	maxNodes: number,
): number {
	const position = new Map([...nodes.keys()].map((defId, i) => [defId, i]));
	const middle = (nodes.size - 1) / 2;
	const distance = (n: DiagramNode) => Math.abs((position.get(n.defId) ?? 0) - middle);
	let collapsed = 0;
	while (nodes.size > maxNodes) {
		const candidates = [...nodes.values()]
			.map((node) => ({ node, link: passThrough(node, nodes, edges) }))
			.filter((c) => c.link !== null)
			.sort((a, b) => distance(a.node) - distance(b.node));
		const pick = candidates[0];
		if (!pick?.link) break;
		const { i, o } = pick.link;
		edges.delete(`${i.from}\u0000${i.to}`);
		edges.delete(`${o.from}\u0000${o.to}`);
		const hidden = [...i.hidden, pick.node.label, ...o.hidden];
		edges.set(`${i.from}\u0000${o.to}`, {
			from: i.from,
			to: o.to,
			label: `+${hidden.length} hop${hidden.length === 1 ? "" : "s"}`,
			style: "collapsed",
			hidden,
		});
		nodes.delete(pick.node.defId);
		collapsed++;
	}
	return collapsed;
}

/** The in and out edge of a pass-through node, or null when the node must stay. */
function passThrough(
	node: DiagramNode,
	nodes: Map<string, DiagramNode>,
	edges: Map<string, DiagramEdge>,
): { i: DiagramEdge; o: DiagramEdge } | null {
	if (node.root) return null;
	const incoming = [...edges.values()].filter((e) => e.to === node.defId);
	const outgoing = [...edges.values()].filter((e) => e.from === node.defId);
	const [i] = incoming;
	const [o] = outgoing;
	if (incoming.length !== 1 || outgoing.length !== 1 || !i || !o) return null;
	if (i.style !== "flow" && i.style !== "collapsed") return null;
	if (o.style !== "flow" && o.style !== "collapsed") return null;
	const before = nodes.get(i.from);
	const after = nodes.get(o.to);
	// Package boundaries stay visible; so does a shortcut that already exists.
	if (!before || !after || before.cluster !== node.cluster || after.cluster !== node.cluster) return null;
	if (edges.has(`${i.from}\u0000${o.to}`)) return null;
	return { i, o };
}

/** `path/file.ts#Class.method` → `Class.method`; a module pseudo-node → its file name. */
export function labelOf(defId: string): string {
	const name = defIdName(defId);
	return name === "(module)" ? `${posix.basename(defIdPrefix(defId) ?? "")} (module)` : name;
}

/**
 * Package folder of a repo-relative path when no index is at hand: the folder after a
 * `packages/` or `apps/` segment (`ee/packages/x/src/a.ts` → `ee/packages/x`), else the first folder.
 */
export function guessPackage(file: string): string {
	const parts = file.split("/");
	const i = parts.findIndex((p, n) => (p === "packages" || p === "apps") && n < parts.length - 2);
	if (i >= 0) return parts.slice(0, i + 2).join("/");
	return parts.length > 1 ? (parts[0] ?? ".") : ".";
}

/** A `packageOf` backed by an index: the package a file belongs to, by its name in the index. */
export function indexPackageOf(index: {
	file(path: string): { packageName: string } | undefined;
}): (file: string) => string | null {
	return (file) => index.file(file)?.packageName ?? null;
}

/** Diagram options backed by an index: real packages for clusters, index edges for hop parents. */
export function diagramOptionsFor(index: {
	file(path: string): { packageName: string } | undefined;
	def(defId: string): { id: number } | undefined;
	edgesFrom(id: number): { dstDefId: string; kind: string }[];
}): Pick<ModelOptions, "packageOf" | "linked"> {
	return { packageOf: indexPackageOf(index), linked: indexLinks(index) };
}
