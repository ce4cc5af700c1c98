/** The package graph of an overview, trimmed to its strongest links so it stays readable. */
import { upsert } from "../upsert.js";

/**
 * What the graph is drawn from, as the overview collects it (overview/types.ts `OverviewData`, which the
 * overview hands in): the diagram reads these fields only, so it needs nothing from the overview above it.
 */
export interface PackageGraphSource {
	/** The package an overview of one package is about (drawn first). */
	focus: string | null;
	/** The packages, largest first: drawn when no link joins them. */
	packages: readonly { name: string }[];
	/** Static dependencies between packages, strongest first. */
	dependencies: readonly { from: string; to: string; edges: number }[];
	/** Packages talking over a string-dispatch trunk, most keys first. */
	trunkLinks: readonly { from: string; to: string; trunk: string; keys: number }[];
}

export interface PackageGraphOptions {
	/** Static dependency edges drawn, strongest first (default 30). */
	maxDependencies?: number;
	/** Trunk links drawn, most keys first (default 15). */
	maxTrunkLinks?: number;
}

export interface PackageGraph {
	nodes: { id: string; label: string }[];
	edges: { from: string; to: string; label: string; trunk: string | null }[];
	focus: string | null;
	/** Links left out by the limits. */
	omitted: number;
}

export function packageGraph(data: PackageGraphSource, options: PackageGraphOptions = {}): PackageGraph {
	const deps = data.dependencies.slice(0, options.maxDependencies ?? 30);
	const links = data.trunkLinks.slice(0, options.maxTrunkLinks ?? 15);
	const ids = new Map<string, string>();
	const idOf = (name: string) => {
		const id = upsert(ids, name, () => `p${ids.size}`);
		return id;
	};
	if (data.focus) idOf(data.focus);
	const edges = [
		...deps.map((d) => ({ from: idOf(d.from), to: idOf(d.to), label: `${d.edges}`, trunk: null })),
		...links.map((l) => ({
			from: idOf(l.from),
			to: idOf(l.to),
			label: `${l.trunk} ×${l.keys}`,
			trunk: l.trunk,
		})),
	];
	// A repository with no cross-package links still shows its packages.
	if (edges.length === 0) for (const p of data.packages.slice(0, 12)) idOf(p.name);
	return {
		nodes: [...ids.entries()].map(([label, id]) => ({ id, label })),
		edges,
		focus: data.focus ? (ids.get(data.focus) ?? null) : null,
		omitted: data.dependencies.length - deps.length + data.trunkLinks.length - links.length,
	};
}
