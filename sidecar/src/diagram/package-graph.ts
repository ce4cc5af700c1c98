/** The package graph of an overview, trimmed to its strongest links so it stays readable. */
import type { OverviewData } from "../overview/types.js";
import { upsert } from "../upsert.js";

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

export function packageGraph(data: OverviewData, options: PackageGraphOptions = {}): PackageGraph {
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
