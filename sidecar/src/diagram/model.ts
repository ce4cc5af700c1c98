/**
 * The drawing model of an answer's chains, shared by the Mermaid and Graphviz renderers:
 * nodes clustered by package, dispatch keys turned into labelled edges (dispatcher → handler),
 * and pass-through nodes collapsed into "+N hops" edges so a 30-hop chain stays legible.
 */
import { posix } from "node:path";
import type { Chain } from "@codeask/shared";

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
	/** `rest: chat.send` for a dispatch, `+2 hops` for collapsed pass-through nodes, else null. */
	label: string | null;
	style: "flow" | "dispatch" | "collapsed";
	/** Names of the pass-through definitions a collapsed edge stands for. */
	hidden: string[];
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
	/** Cluster name of a file (its package); defaults to a monorepo-folder guess. */
	packageOf?: (file: string) => string | null | undefined;
}

const KEY_PREFIX = /^trunk:([^#]+)#(.*)$/;

export function buildDiagramModel(chains: readonly Chain[], options: ModelOptions = {}): DiagramModel {
	const maxNodes = options.maxNodes ?? 12;
	const clusterOf = (file: string | null) =>
		file ? (options.packageOf?.(file) ?? guessPackage(file)) : "dispatch keys";

	const nodes = new Map<string, DiagramNode>();
	const edges = new Map<string, DiagramEdge>();
	const addEdge = (from: string, to: string, label: string | null, style: DiagramEdge["style"]) => {
		if (from === to) return;
		const id = `${from}\u0000${to}`;
		const existing = edges.get(id);
		// A dispatch label says more than a plain call between the same two nodes.
		if (!existing || (existing.style === "flow" && style !== "flow"))
			edges.set(id, { from, to, label, style, hidden: [] });
	};

	for (const chain of chains) {
		const stack: string[] = [];
		for (const hop of chain.hops) {
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
			stack.length = Math.min(stack.length, hop.depth);
			const parent = stack[stack.length - 1];
			if (hop.depth === 0 || parent === undefined) node.root = true;
			else if (chain.direction === "upstream") addEdge(node.defId, parent, null, "flow");
			else addEdge(parent, node.defId, null, "flow");
			stack.push(hop.defId);
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
				const id = `${i.from}\u0000${o.to}`;
				edges.set(id, {
					from: i.from,
					to: o.to,
					label: `${key[1]}: ${key[2]}`,
					style: "dispatch",
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
	if (i.style === "dispatch" || o.style === "dispatch") return null;
	const before = nodes.get(i.from);
	const after = nodes.get(o.to);
	// Package boundaries stay visible; so does a shortcut that already exists.
	if (!before || !after || before.cluster !== node.cluster || after.cluster !== node.cluster) return null;
	if (edges.has(`${i.from}\u0000${o.to}`)) return null;
	return { i, o };
}

/** `path/file.ts#Class.method` → `Class.method`; a module pseudo-node → its file name. */
export function labelOf(defId: string): string {
	const hash = defId.lastIndexOf("#");
	const name = hash >= 0 ? defId.slice(hash + 1) : defId;
	return name === "(module)" ? `${posix.basename(defId.slice(0, hash))} (module)` : name;
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
