import type { EdgeKind } from "../index/schema.js";

/** Edge kinds that carry control or data flow: the ones graph queries follow by default. */
export const FLOW_EDGE_KINDS = [
	"call",
	"new",
	"jsx",
	"reference",
	"implementation",
	"register",
	"handler",
	"dispatch",
] as const satisfies readonly EdgeKind[];

/** A definition as graph queries report it. */
export interface GraphNode {
	defId: string;
	name: string;
	kind: string;
	packageName: string | null;
	file: string | null;
	startLine: number | null;
	endLine: number | null;
}

/** One neighbour of a definition: how it is linked and where the link is written. */
export interface Neighbour {
	node: GraphNode;
	/** Edge kind, or `dispatch:<trunk>` when the link goes through a string-dispatch key. */
	via: string;
	/** The dispatch key crossed, when `via` is `dispatch:<trunk>`. */
	key: string | null;
	/** Where the reference (call, dispatch site, …) is written. */
	file: string | null;
	line: number | null;
	/** 1 for direct neighbours, more with `depth`. */
	depth: number;
}

export interface NeighbourResult {
	target: GraphNode;
	direction: "callers" | "callees";
	neighbours: Neighbour[];
	/** True when `limit` cut the list. */
	truncated: boolean;
}

/** One step of a path: the node reached and the edge that reached it (null for the start). */
export interface PathStep {
	node: GraphNode;
	via: string | null;
	file: string | null;
	line: number | null;
}

export interface PathResult {
	from: GraphNode;
	to: GraphNode;
	/** Empty when no path exists within the search limits. */
	steps: PathStep[];
	/** Trunks crossed on the path, in order. */
	trunks: string[];
	visited: number;
	/** True when the search stopped at `maxVisited` before proving there is no path. */
	exhausted: boolean;
}

export interface KeySite {
	node: GraphNode | null;
	file: string;
	line: number;
	resolution: string;
}

export interface ListenersResult {
	trunk: string;
	key: string;
	/** Handlers registered under the key (the listeners). */
	handlers: KeySite[];
	/** Register sites whose handler is not a known definition (inline or computed). */
	registerSites: KeySite[];
	/** Where the key is dispatched. */
	dispatchers: KeySite[];
	/** Similar keys of the trunk, when the key has no sites at all. */
	suggestions: string[];
}
