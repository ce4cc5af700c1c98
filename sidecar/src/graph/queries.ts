/**
 * Graph queries over the index: callers, callees, shortest path, listeners of a key.
 * String-dispatch keys are pseudo-nodes (`trunk:<trunk>#<key>`); callers/callees step through
 * them so "who calls this handler" answers with the code that dispatches the key.
 */
import type { IndexReader } from "../index/reader.js";
import type { DefRow, EdgeRow } from "../index/types.js";
import { keyDefId, parseKeyDefId, resolveDef } from "./resolve.js";
import {
	FLOW_EDGE_KINDS,
	type GraphNode,
	type ListenersResult,
	type Neighbour,
	type NeighbourResult,
	type PathResult,
	type PathStep,
} from "./types.js";

export interface NeighbourOptions {
	/** How many hops to follow (1 = direct neighbours). */
	depth?: number;
	/** Most neighbours to return. */
	limit?: number;
	/** Edge kinds to follow; defaults to FLOW_EDGE_KINDS. */
	kinds?: readonly string[];
}

export function toNode(def: DefRow): GraphNode {
	return {
		defId: def.defId,
		name: def.qualifiedName,
		kind: def.kind,
		packageName: def.packageName,
		file: def.file,
		startLine: def.startLine,
		endLine: def.endLine,
	};
}

/** Memoised id → definition lookups for one query. */
function defCache(index: IndexReader): (id: number) => DefRow | undefined {
	const cache = new Map<number, DefRow | undefined>();
	return (id) => {
		if (!cache.has(id)) cache.set(id, index.defById(id));
		return cache.get(id);
	};
}

export function callers(index: IndexReader, ref: string, options: NeighbourOptions = {}): NeighbourResult {
	return neighbours(index, ref, "callers", options);
}

export function callees(index: IndexReader, ref: string, options: NeighbourOptions = {}): NeighbourResult {
	return neighbours(index, ref, "callees", options);
}

function neighbours(
	index: IndexReader,
	ref: string,
	direction: "callers" | "callees",
	options: NeighbourOptions,
): NeighbourResult {
	const target = resolveDef(index, ref);
	const depth = Math.max(1, options.depth ?? 1);
	const limit = Math.max(1, options.limit ?? 100);
	const kinds = new Set<string>(options.kinds ?? FLOW_EDGE_KINDS);
	const defOf = defCache(index);
	const seen = new Set<number>([target.id]);
	const found: Neighbour[] = [];
	let frontier = [target.id];
	let truncated = false;

	for (let level = 1; level <= depth && frontier.length > 0 && !truncated; level++) {
		const next: number[] = [];
		for (const id of frontier) {
			for (const hop of direct(index, id, direction, kinds, defOf)) {
				if (seen.has(hop.def.id)) continue;
				if (found.length >= limit) {
					truncated = true;
					break;
				}
				seen.add(hop.def.id);
				next.push(hop.def.id);
				found.push({
					node: toNode(hop.def),
					via: hop.via,
					key: hop.key,
					file: hop.file,
					line: hop.line,
					depth: level,
				});
			}
			if (truncated) break;
		}
		frontier = next;
	}
	return { target: toNode(target), direction, neighbours: found, truncated };
}

interface Hop {
	def: DefRow;
	via: string;
	key: string | null;
	file: string | null;
	line: number | null;
}

/** Direct neighbours of one definition, stepping through dispatch-key pseudo-nodes. */
function direct(
	index: IndexReader,
	id: number,
	direction: "callers" | "callees",
	kinds: Set<string>,
	defOf: (id: number) => DefRow | undefined,
): Hop[] {
	const hops: Hop[] = [];
	const edges = direction === "callers" ? index.edgesTo(id) : index.edgesFrom(id);
	for (const e of edges) {
		if (!kinds.has(e.kind)) continue;
		const otherId = direction === "callers" ? e.src : e.dst;
		const other = defOf(otherId);
		if (!other) continue;
		const key = other.kind === "dispatch-key" ? parseKeyDefId(other.defId) : null;
		// A handler's caller is the key; the key's callers are its dispatchers (and vice versa).
		const crossing =
			key !== null &&
			((direction === "callers" && e.kind === "handler") ||
				(direction === "callees" && e.kind === "dispatch"));
		if (!crossing || !key) {
			hops.push({ def: other, via: e.kind, key: key?.key ?? null, file: e.file, line: e.line });
			continue;
		}
		const beyond =
			direction === "callers"
				? index.edgesTo(otherId).filter((k) => k.kind === "dispatch")
				: index.edgesFrom(otherId).filter((k) => k.kind === "handler");
		if (beyond.length === 0) {
			hops.push({ def: other, via: e.kind, key: key.key, file: e.file, line: e.line });
			continue;
		}
		for (const k of beyond) {
			const far = defOf(direction === "callers" ? k.src : k.dst);
			if (!far) continue;
			// The dispatch site is the informative location on either side.
			const site: EdgeRow = direction === "callers" ? k : e;
			hops.push({ def: far, via: `dispatch:${key.trunk}`, key: key.key, file: site.file, line: site.line });
		}
	}
	return hops;
}

export interface PathOptions {
	kinds?: readonly string[];
	/** Stop after visiting this many definitions (both directions together). */
	maxVisited?: number;
}

interface Link {
	/** The neighbour on the side of the search start (forward) or end (backward). */
	other: number;
	edge: EdgeRow;
}

/** Shortest directed path `from` → `to` over flow edges, crossing trunks through their keys. */
export function shortestPath(
	index: IndexReader,
	fromRef: string,
	toRef: string,
	options: PathOptions = {},
): PathResult {
	const from = resolveDef(index, fromRef);
	const to = resolveDef(index, toRef);
	const kinds = new Set<string>(options.kinds ?? FLOW_EDGE_KINDS);
	const maxVisited = options.maxVisited ?? 200_000;
	const defOf = defCache(index);
	// Bidirectional BFS: forward from `from` over out-edges, backward from `to` over in-edges.
	const fwd = new Map<number, Link | null>([[from.id, null]]);
	const bwd = new Map<number, Link | null>([[to.id, null]]);
	let fFrontier = [from.id];
	let bFrontier = [to.id];
	let meet: number | null = from.id === to.id ? from.id : null;
	let exhausted = false;

	while (meet === null && fFrontier.length > 0 && bFrontier.length > 0) {
		if (fwd.size + bwd.size > maxVisited) {
			exhausted = true;
			break;
		}
		const forward = fFrontier.length <= bFrontier.length;
		const [mine, theirs] = forward ? [fwd, bwd] : [bwd, fwd];
		const next: number[] = [];
		for (const id of forward ? fFrontier : bFrontier) {
			const edges = forward ? index.edgesFrom(id) : index.edgesTo(id);
			for (const e of edges) {
				if (!kinds.has(e.kind)) continue;
				const n = forward ? e.dst : e.src;
				if (mine.has(n)) continue;
				mine.set(n, { other: id, edge: e });
				if (theirs.has(n)) {
					meet = n;
					break;
				}
				next.push(n);
			}
			if (meet !== null) break;
		}
		if (forward) fFrontier = next;
		else bFrontier = next;
	}

	const steps: PathStep[] = [];
	if (meet !== null) {
		const head: { id: number; edge: EdgeRow | null }[] = [];
		for (let id: number | undefined = meet; id !== undefined; ) {
			const link: Link | null | undefined = fwd.get(id);
			head.unshift({ id, edge: link?.edge ?? null });
			id = link?.other;
		}
		const tail: { id: number; edge: EdgeRow }[] = [];
		for (let link = bwd.get(meet); link; link = bwd.get(link.other)) {
			tail.push({ id: link.other, edge: link.edge });
		}
		for (const s of [...head, ...tail]) {
			const def = defOf(s.id);
			if (!def) continue;
			steps.push({
				node: toNode(def),
				via: s.edge?.kind ?? null,
				file: s.edge?.file ?? null,
				line: s.edge?.line ?? null,
			});
		}
	}
	const trunks = steps
		.filter((s) => s.node.kind === "dispatch-key")
		.map((s) => parseKeyDefId(s.node.defId)?.trunk ?? "")
		.filter(Boolean);
	return { from: toNode(from), to: toNode(to), steps, trunks, visited: fwd.size + bwd.size, exhausted };
}

export interface ListenersOptions {
	/** Restrict to one trunk; by default every trunk that has the key. */
	trunk?: string;
}

/** Every handler registered under a dispatch key, plus its register-only and dispatch sites. */
export function listeners(
	index: IndexReader,
	key: string,
	options: ListenersOptions = {},
): ListenersResult[] {
	const trunks = options.trunk ? [options.trunk] : index.trunkNames();
	const results: ListenersResult[] = [];
	for (const trunk of trunks) {
		for (const candidate of keyVariants(key)) {
			const sites = index.dispatchSites(trunk, candidate);
			if (sites.length === 0) continue;
			const result: ListenersResult = {
				trunk,
				key: candidate,
				handlers: [],
				registerSites: [],
				dispatchers: [],
				suggestions: [],
			};
			const nodeOf = (defId: string | null) => {
				const d = defId ? index.def(defId) : undefined;
				return d ? toNode(d) : null;
			};
			for (const s of sites) {
				const base = { file: s.file, line: s.line, resolution: s.resolution };
				if (s.side === "dispatch") result.dispatchers.push({ ...base, node: nodeOf(s.enclosingDefId) });
				else if (s.handlerDefId) result.handlers.push({ ...base, node: nodeOf(s.handlerDefId) });
				else result.registerSites.push({ ...base, node: nodeOf(s.enclosingDefId) });
			}
			// Handlers linked by edges but not by a site row (e.g. class-based services) still count.
			const keyDef = index.def(keyDefId(trunk, candidate));
			if (keyDef) {
				const known = new Set(result.handlers.map((h) => h.node?.defId));
				for (const e of index.edgesFrom(keyDef.id)) {
					if (e.kind !== "handler" || known.has(e.dstDefId)) continue;
					const d = index.def(e.dstDefId);
					if (!d?.file) continue;
					known.add(d.defId);
					result.handlers.push({
						node: toNode(d),
						file: d.file,
						line: d.startLine ?? 1,
						resolution: e.resolution,
					});
				}
			}
			results.push(result);
			break;
		}
	}
	if (results.length === 0) {
		results.push({
			trunk: options.trunk ?? "*",
			key,
			handlers: [],
			registerSites: [],
			dispatchers: [],
			suggestions: suggestKeys(index, trunks, key),
		});
	}
	return results;
}

/** The key as typed, then without a leading slash and API version prefix (`/v1/x` → `x`). */
function keyVariants(key: string): string[] {
	const noSlash = key.replace(/^\/+/, "");
	const noVersion = noSlash.replace(/^v\d+\//, "");
	return [...new Set([key, noSlash, noVersion])];
}

function suggestKeys(index: IndexReader, trunks: readonly string[], key: string): string[] {
	const words = key
		.toLowerCase()
		.split(/[^a-z0-9]+/)
		.filter((w) => w.length > 1);
	if (words.length === 0) return [];
	const scored = new Map<string, number>();
	for (const trunk of trunks) {
		for (const s of index.dispatchSites(trunk)) {
			if (!s.key) continue;
			const lower = s.key.toLowerCase();
			const hits = words.filter((w) => lower.includes(w)).length;
			if (hits > 0) scored.set(`${trunk}:${s.key}`, hits);
		}
	}
	return [...scored.entries()]
		.sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
		.slice(0, 10)
		.map(([k]) => k);
}
