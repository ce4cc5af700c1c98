/**
 * A random walk with restart (personalized PageRank) over a graph of files. The seeding's graph
 * channel looks one hop from its top files; a file two or three hops along the same flow (the
 * handler behind a service the top file calls) is reached only by a walk. The walk restarts at the
 * given files in proportion to their weights, so its mass stays near them; a node is expanded
 * (its neighbours asked for) only while the expansion budget lasts, heaviest first, so the cost is
 * bounded whatever the graph's size.
 */

export interface WalkEdge {
	node: string;
	/** Relative strength of the link (e.g. how many edges join the two files). */
	weight: number;
}

export interface WalkOptions {
	/** Share of each step's mass that returns to the restart nodes (0..1). */
	restart: number;
	/** Power iterations (each one hop further at most). */
	iterations: number;
	/** At most this many nodes have their neighbours asked for; the rest keep their mass as dead ends. */
	maxExpanded: number;
}

export const DEFAULT_WALK: WalkOptions = { restart: 0.3, iterations: 6, maxExpanded: 150 };

/**
 * Stationary-ish visit mass of each node reached from `restart` (weights need not sum to 1).
 * A dead end (no neighbours, or past the expansion budget) sends its mass back to the restart nodes.
 */
export function personalizedWalk(
	restart: ReadonlyMap<string, number>,
	neighbours: (node: string) => readonly WalkEdge[],
	options: WalkOptions = DEFAULT_WALK,
): Map<string, number> {
	const total = [...restart.values()].reduce((n, w) => n + Math.max(0, w), 0);
	if (total <= 0) return new Map();
	const r = new Map<string, number>();
	for (const [node, w] of restart) if (w > 0) r.set(node, w / total);
	const expanded = new Map<string, readonly WalkEdge[]>();
	const out = (node: string): readonly WalkEdge[] => {
		const known = expanded.get(node);
		if (known) return known;
		if (expanded.size >= options.maxExpanded) return [];
		const list = neighbours(node).filter((e) => e.weight > 0 && e.node !== node);
		expanded.set(node, list);
		return list;
	};
	let p = new Map(r);
	for (let i = 0; i < options.iterations; i++) {
		const next = new Map<string, number>();
		let dead = 0;
		// Heaviest first, so the expansion budget goes to the nodes holding the most mass.
		for (const [node, mass] of [...p.entries()].sort((a, b) => b[1] - a[1])) {
			const edges = out(node);
			const sum = edges.reduce((n, e) => n + e.weight, 0);
			if (sum <= 0) {
				dead += mass;
				continue;
			}
			const moving = (1 - options.restart) * mass;
			for (const e of edges) next.set(e.node, (next.get(e.node) ?? 0) + (moving * e.weight) / sum);
			dead += options.restart * mass;
		}
		for (const [node, share] of r) next.set(node, (next.get(node) ?? 0) + dead * share);
		p = next;
	}
	return p;
}

/** The edge lookups a file graph needs (the reader's, or a test's). */
export interface FileGraphIndex<D extends { id: number }, E> {
	defsInFile(file: string): readonly D[];
	edgesFrom(defRowId: number): readonly E[];
	edgesTo(defRowId: number): readonly E[];
}

/**
 * A file's neighbours over its definitions' edges both ways, each weighted by how many edges join
 * the two files. `link` says which file (and which definition there) an edge leads to from `near`,
 * or null when the edge is not followed; what it decides (edge kinds, hubs, keys) is the caller's.
 * Each file is looked up once; `linked` keeps, per file reached, the definitions the edges reached.
 */
export function fileNeighbours<D extends { id: number }, E>(
	index: FileGraphIndex<D, E>,
	link: (near: D, edge: E) => D | null,
	fileOf: (def: D) => string,
): { neighbours: (file: string) => WalkEdge[]; linked: Map<string, D[]> } {
	const cache = new Map<string, WalkEdge[]>();
	const linked = new Map<string, D[]>();
	const neighbours = (file: string): WalkEdge[] => {
		const known = cache.get(file);
		if (known) return known;
		const counts = new Map<string, number>();
		for (const d of index.defsInFile(file)) {
			for (const e of [...index.edgesFrom(d.id), ...index.edgesTo(d.id)]) {
				const other = link(d, e);
				if (!other) continue;
				const f = fileOf(other);
				if (f === file) continue;
				counts.set(f, (counts.get(f) ?? 0) + 1);
				const defs = linked.get(f) ?? [];
				if (!defs.some((x) => x.id === other.id)) defs.push(other);
				linked.set(f, defs);
			}
		}
		const list = [...counts].map(([node, weight]) => ({ node, weight }));
		cache.set(file, list);
		return list;
	};
	return { neighbours, linked };
}
