/**
 * Graph queries over the index: callers, callees, shortest path, listeners of a key.
 * String-dispatch keys are pseudo-nodes (`trunk:<trunk>#<key>`); callers/callees step through
 * them so "who calls this handler" answers with the code that dispatches the key.
 */
import { keyLiteral } from "../bus-key.js";
import type { IndexReader } from "../index/reader.js";
import type { DefRow, DispatchSiteRow, EdgeRow } from "../index/types.js";
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
	/** Stop after settling this many definitions. */
	maxVisited?: number;
}

/**
 * Cost of following an edge. Calls and trunk crossings are the flow; a reference (a callback
 * passed along, or a type) and a registration (wiring a handler, not calling it) are detours
 * a path takes only when nothing shorter exists.
 */
const EDGE_COST: Record<string, number> = { reference: 3, register: 4 };
const TYPE_KINDS = new Set(["interface", "type"]);
const TYPE_REFERENCE_COST = 6;

/** A binary min-heap of [cost, id]. */
class MinHeap {
	private readonly items: [number, number][] = [];
	get size(): number {
		return this.items.length;
	}
	push(item: [number, number]): void {
		const a = this.items;
		a.push(item);
		for (let i = a.length - 1; i > 0; ) {
			const p = (i - 1) >> 1;
			if ((a[p] as [number, number])[0] <= item[0]) break;
			a[i] = a[p] as [number, number];
			a[p] = item;
			i = p;
		}
	}
	pop(): [number, number] | undefined {
		const a = this.items;
		const top = a[0];
		const last = a.pop();
		if (a.length > 0 && last) {
			a[0] = last;
			for (let i = 0; ; ) {
				const l = 2 * i + 1;
				const r = l + 1;
				let m = i;
				if (l < a.length && (a[l] as [number, number])[0] < (a[m] as [number, number])[0]) m = l;
				if (r < a.length && (a[r] as [number, number])[0] < (a[m] as [number, number])[0]) m = r;
				if (m === i) break;
				[a[i], a[m]] = [a[m] as [number, number], a[i] as [number, number]];
				i = m;
			}
		}
		return top;
	}
}

/**
 * Cheapest directed path `from` → `to` over flow edges, crossing trunks through their keys
 * (Dijkstra; calls, dispatches and handlers cost 1, references 3 — 6 to a type — registrations 4).
 */
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
	const best = new Map<number, number>([[from.id, 0]]);
	const via = new Map<number, EdgeRow>();
	const settled = new Set<number>();
	const heap = new MinHeap();
	heap.push([0, from.id]);
	let found = false;
	let exhausted = false;

	while (heap.size > 0) {
		const [cost, id] = heap.pop() as [number, number];
		if (settled.has(id) || cost > (best.get(id) ?? Number.POSITIVE_INFINITY)) continue;
		settled.add(id);
		if (id === to.id) {
			found = true;
			break;
		}
		if (settled.size >= maxVisited) {
			exhausted = true;
			break;
		}
		for (const e of index.edgesFrom(id)) {
			if (!kinds.has(e.kind) || settled.has(e.dst)) continue;
			let step = EDGE_COST[e.kind] ?? 1;
			if (e.kind === "reference" && TYPE_KINDS.has(defOf(e.dst)?.kind ?? "")) step = TYPE_REFERENCE_COST;
			const next = cost + step;
			if (next < (best.get(e.dst) ?? Number.POSITIVE_INFINITY)) {
				best.set(e.dst, next);
				via.set(e.dst, e);
				heap.push([next, e.dst]);
			}
		}
	}

	const steps: PathStep[] = [];
	if (found) {
		const chain: { id: number; edge: EdgeRow | null }[] = [];
		for (let id: number | undefined = to.id; id !== undefined; ) {
			const edge: EdgeRow | null = via.get(id) ?? null;
			chain.unshift({ id, edge });
			id = edge && id !== from.id ? edge.src : undefined;
		}
		for (const s of chain) {
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
	return { from: toNode(from), to: toNode(to), steps, trunks, visited: settled.size, exhausted };
}

export interface ListenersOptions {
	/** Restrict to one trunk; by default every trunk that has the key. */
	trunk?: string;
}

/**
 * Every handler registered under a dispatch key, plus its register-only and dispatch sites. A key
 * typed as the code writes it finds it on every named bus and receiver it is scoped to (bus-key.ts).
 */
export function listeners(
	index: IndexReader,
	key: string,
	options: ListenersOptions = {},
): ListenersResult[] {
	const trunks = options.trunk ? [options.trunk] : index.trunkNames();
	const results: ListenersResult[] = [];
	for (const trunk of trunks) {
		// The key as typed (or a variant) with its sites, read once; then the literal on each named bus
		// and each receiver it is scoped to (bus-key.ts): `error` finds the socket's `error` too.
		const typed = typedKey(index, trunk, key);
		if (typed) results.push(keySides(index, trunk, typed.key, typed.sites));
		for (const scoped of scopedKeys(index, trunk, key))
			results.push(keySides(index, trunk, scoped, index.dispatchSites(trunk, scoped)));
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

/** The first of the key's variants the trunk has sites for, with those sites. */
function typedKey(
	index: IndexReader,
	trunk: string,
	key: string,
): { key: string; sites: DispatchSiteRow[] } | undefined {
	for (const candidate of keyVariants(key)) {
		const sites = index.dispatchSites(trunk, candidate);
		if (sites.length > 0) return { key: candidate, sites };
	}
	return undefined;
}

/** The trunk's keys that are the literal `written` scoped to a named bus or a receiver. */
function scopedKeys(index: IndexReader, trunk: string, written: string): string[] {
	const keys = new Set<string>();
	for (const s of index.dispatchSites(trunk))
		if (s.key && s.key !== written && keyLiteral(s.key) === written) keys.add(s.key);
	return [...keys].sort();
}

/** One key's handlers, register-only sites and dispatch sites (`sites`, the key's rows) on one trunk. */
function keySides(
	index: IndexReader,
	trunk: string,
	key: string,
	sites: readonly DispatchSiteRow[],
): ListenersResult {
	const result: ListenersResult = {
		trunk,
		key,
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
	const keyDef = index.def(keyDefId(trunk, key));
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
	return result;
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
