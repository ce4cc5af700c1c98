/**
 * Skeleton: expand the definition graph from each chain's seeds, deterministically, in one
 * direction per chain: downstream (what it calls, dispatches, implements) for flow questions,
 * upstream (who calls, registers, dispatches it) for impact questions or when the seeds are
 * leaves. Dispatch keys are pseudo-nodes listing every registered handler; interface members
 * lead to their implementations; heavily used nodes are shown but not expanded, unless the
 * question is about them.
 */
import type { IndexReader } from "../index/reader.js";
import type { DefRow, EdgeRow } from "../index/types.js";
import { isAuxiliaryPath } from "./auxiliary-code.js";
import { isClassSeedAccessor } from "./class-accessor.js";
import type { PipelineConfig } from "./config.js";
import type { Intent } from "./query.js";
import type { TopicChain } from "./route.js";
import type { Seed } from "./seed.js";
import { lastSegment, namesIn } from "./verify.js";

export type Direction = "downstream" | "upstream";
export type NodeClass = "major" | "passthrough" | "boundary" | "hot" | "type" | "key";

export interface SkeletonNode {
	def: DefRow;
	depth: number;
	/** How the node was reached: "seed", an edge kind, or "dispatch:<trunk>" / "handler:<trunk>". */
	via: string;
	/** Row id of the node it was reached from. */
	from: number | null;
	nodeClass: NodeClass;
	/** Relevance to the question (lexical score), for ordering. */
	relevance: number;
	/** For dispatch keys: every registered handler (defIds), flat. */
	handlers?: DefRow[];
	/** For dispatch keys: handlers written inline at the register site (no definition of their own). */
	inlineHandlers?: InlineHandler[];
}

/** A handler function written inline in a register call (`hooks.add('key', async () => …)`). */
export interface InlineHandler {
	file: string;
	/** The register site's first line, and a bounded window after it. */
	startLine: number;
	endLine: number;
	/** Whether the key is written in that window, so the range can be cited for it. */
	keyInRange: boolean;
}

/** Lines of an inline handler shown and cited from its register site. */
const INLINE_HANDLER_LINES = 15;

export interface Skeleton {
	chain: TopicChain;
	direction: Direction;
	nodes: SkeletonNode[];
}

export type SkeletonIndex = Pick<
	IndexReader,
	"edgesFrom" | "edgesTo" | "defById" | "defsInFile" | "fileLines"
>;

const DOWN_KINDS = new Set(["call", "new", "jsx", "dispatch", "handler", "implementation", "register"]);
const CALLER_KINDS = new Set(["call", "new", "jsx", "handler"]);
const UP_KINDS = new Set([
	"call",
	"new",
	"jsx",
	"reference",
	"dispatch",
	"handler",
	"implementation",
	"register",
	"extends",
]);

/** Trunk of a dispatch-key pseudo-node: `trunk:<trunk>#<key>`. */
export function keyTrunk(def: DefRow): string {
	return def.defId.startsWith("trunk:") ? def.defId.slice(6, def.defId.indexOf("#")) : "key";
}

/**
 * Downstream for flows, upstream for impact; a chain whose seeds call nothing indexed is read upstream. Its
 * first three seeds decide, a class seed's getter or singleton accessor left out: a registry's accessor
 * dispatches to its keys, which would turn the chain of the class's producers downstream.
 */
export function chooseDirection(index: SkeletonIndex, seeds: readonly Seed[], intent: Intent): Direction {
	if (intent === "impact") return "upstream";
	const top = seeds.filter((s) => !isClassSeedAccessor(index, s.def, seeds)).slice(0, 3);
	const out = top.reduce(
		(n, s) => n + index.edgesFrom(s.def.id).filter((e) => DOWN_KINDS.has(e.kind)).length,
		0,
	);
	const into = top.reduce(
		(n, s) => n + index.edgesTo(s.def.id).filter((e) => UP_KINDS.has(e.kind)).length,
		0,
	);
	return out === 0 && into > 0 ? "upstream" : "downstream";
}

function classify(def: DefRow, parent: DefRow | null, config: PipelineConfig): NodeClass {
	if (def.kind === "dispatch-key") return "key";
	if (def.kind === "interface" || def.kind === "type") return "type";
	if (def.fanIn > config.hotFanIn) return "hot";
	if (parent?.packageName && def.packageName && parent.packageName !== def.packageName) return "boundary";
	const lines = (def.endLine ?? 0) - (def.startLine ?? 0);
	if (lines <= 3 && def.fanOut <= 1 && def.kind !== "class") return "passthrough";
	return "major";
}

/** One skeleton per chain, each grown from that chain's seeds. */
export function buildSkeletons(
	index: SkeletonIndex,
	seeded: { chains: readonly TopicChain[]; seeds: readonly Seed[] },
	intent: Intent,
	relevance: (def: DefRow) => number,
	config: PipelineConfig,
): Skeleton[] {
	return seeded.chains.map((chain) =>
		buildSkeleton(
			index,
			chain,
			seeded.seeds.filter((s) => s.chain === chain.id),
			intent,
			relevance,
			config,
		),
	);
}

export function buildSkeleton(
	index: SkeletonIndex,
	chain: TopicChain,
	seeds: readonly Seed[],
	intent: Intent,
	relevance: (def: DefRow) => number,
	config: PipelineConfig,
): Skeleton {
	const direction = chooseDirection(index, seeds, intent);
	const nodes = new Map<number, SkeletonNode>();
	const protectedIds = new Set(seeds.filter((s) => s.named || s.lexical >= 1).map((s) => s.def.id));
	const queue: SkeletonNode[] = [];
	const push = (n: SkeletonNode) => {
		if (nodes.has(n.def.id) || nodes.size >= config.maxNodesPerChain) return false;
		nodes.set(n.def.id, n);
		queue.push(n);
		return true;
	};
	for (const s of seeds) {
		push({
			def: s.def,
			depth: 0,
			via: "seed",
			from: null,
			nodeClass: classify(s.def, null, config),
			relevance: s.lexical,
		});
	}

	// A flow also has an entry: the direct callers of the seeds, a few each (upstreamWeight of the
	// width), shown one hop up and not expanded further.
	const callers: SkeletonNode[] = [];
	if (direction === "downstream" && config.upstreamWeight > 0) {
		const width = Math.ceil(config.maxWidth * config.upstreamWeight);
		for (const s of seeds) {
			const up = neighbours(index, index.edgesTo(s.def.id), "upstream", CALLER_KINDS, s.def.id)
				.filter((n) => !(n.def.file && isAuxiliaryPath(n.def.file)))
				.map((n) => ({ ...n, rel: relevance(n.def) }))
				.sort((a, b) => b.rel - a.rel || b.def.fanIn - a.def.fanIn)
				.slice(0, width);
			for (const n of up) {
				callers.push({
					def: n.def,
					depth: 1,
					via: "caller",
					from: s.def.id,
					nodeClass: classify(n.def, s.def, config),
					relevance: n.rel,
				});
			}
		}
	}

	while (queue.length > 0 && nodes.size < config.maxNodesPerChain) {
		// Breadth first, most relevant first within a depth.
		queue.sort((a, b) => a.depth - b.depth || b.relevance - a.relevance);
		const node = queue.shift() as SkeletonNode;
		if (node.nodeClass === "key") {
			expandKey(index, node, direction, relevance, config, push);
			continue;
		}
		if (node.depth >= config.maxDepth) continue;
		if (node.nodeClass === "hot" && !protectedIds.has(node.def.id)) continue;
		const edges = direction === "downstream" ? index.edgesFrom(node.def.id) : index.edgesTo(node.def.id);
		const kinds = direction === "downstream" ? DOWN_KINDS : UP_KINDS;
		const next = neighbours(index, edges, direction, kinds, node.def.id);
		// A class seed with no edges of its own leads to its methods.
		if (node.def.kind === "class" && node.depth === 0 && node.def.file) {
			for (const m of index.defsInFile(node.def.file).filter((d) => d.parentId === node.def.id)) {
				next.push({ def: m, via: "member" });
			}
		}
		const ranked = next
			.filter(({ def }) => !nodes.has(def.id))
			.map((n) => ({ ...n, rel: relevance(n.def) }))
			.filter((n) => !(n.def.file && isAuxiliaryPath(n.def.file)) || n.rel >= 1)
			.sort((a, b) => b.rel - a.rel || priority(a.via) - priority(b.via) || b.def.fanIn - a.def.fanIn)
			.slice(0, config.maxWidth);
		for (const n of ranked) {
			push({
				def: n.def,
				depth: node.depth + 1,
				via: n.via,
				from: node.def.id,
				nodeClass: classify(n.def, node.def, config),
				relevance: n.rel,
			});
		}
	}
	for (const c of callers) {
		if (nodes.has(c.def.id) || nodes.size >= config.maxNodesPerChain + callers.length) continue;
		nodes.set(c.def.id, c);
	}
	// Keys the walk stopped before still list their handlers (without walking on from them).
	for (const node of nodes.values()) {
		if (node.nodeClass !== "key" || node.handlers) continue;
		listHandlers(index, node, config);
	}
	return { chain, direction, nodes: [...nodes.values()] };
}

/** Lower is followed first: implementations and dispatches are the hops static call graphs miss. */
function priority(via: string): number {
	if (via.startsWith("dispatch") || via.startsWith("handler") || via === "implementation") return 0;
	if (via === "call" || via === "new" || via === "jsx") return 1;
	return 2;
}

function neighbours(
	index: SkeletonIndex,
	edges: readonly EdgeRow[],
	direction: Direction,
	kinds: ReadonlySet<string>,
	self: number,
): { def: DefRow; via: string }[] {
	const seen = new Set<number>();
	const out: { def: DefRow; via: string }[] = [];
	for (const e of edges) {
		if (!kinds.has(e.kind)) continue;
		const id = direction === "downstream" ? e.dst : e.src;
		if (id === self || seen.has(id)) continue;
		seen.add(id);
		const def = index.defById(id);
		if (!def || def.kind === "module" || def.kind === "property") continue;
		const via = def.kind === "dispatch-key" ? `${e.kind}:${keyTrunk(def)}` : e.kind;
		out.push({ def, via });
	}
	return out;
}

/** A key's registered handlers, as definitions and as inline functions at their register site. */
function listHandlers(index: SkeletonIndex, node: SkeletonNode, config: PipelineConfig): DefRow[] {
	const handlers = neighbours(
		index,
		index.edgesFrom(node.def.id),
		"downstream",
		new Set(["handler"]),
		node.def.id,
	)
		.map((n) => n.def)
		.slice(0, config.maxHandlersPerKey);
	node.handlers = handlers;
	node.inlineHandlers = inlineHandlers(index, node.def.id, config.maxHandlersPerKey);
	return handlers;
}

/**
 * Handlers registered as inline functions are recorded against the file's module pseudo-def; the
 * handler edge's location is the register site, so that is where the reader is sent.
 */
function inlineHandlers(index: SkeletonIndex, keyId: number, max: number): InlineHandler[] {
	const out: InlineHandler[] = [];
	for (const e of index.edgesFrom(keyId)) {
		if (out.length >= max) break;
		if (e.kind !== "handler" || !e.file || !e.line) continue;
		const def = index.defById(e.dst);
		if (def?.kind !== "module") continue;
		const endLine = Math.min(def.endLine ?? e.line, e.line + INLINE_HANDLER_LINES - 1);
		// A registry created elsewhere (`const onLeave = Callbacks.create('key')`) has no key at the site.
		const keyName = lastSegment(index.defById(keyId)?.qualifiedName ?? "");
		const text = (index.fileLines(e.file, e.line, endLine) ?? []).join("\n");
		out.push({
			file: e.file,
			startLine: e.line,
			endLine,
			keyInRange: namesIn(text, keyName),
		});
	}
	return out;
}

/** A key lists every handler flat; downstream they are expanded further, upstream the dispatchers are. */
function expandKey(
	index: SkeletonIndex,
	node: SkeletonNode,
	direction: Direction,
	relevance: (def: DefRow) => number,
	config: PipelineConfig,
	push: (n: SkeletonNode) => boolean,
): void {
	const trunk = keyTrunk(node.def);
	const handlers = listHandlers(index, node, config);
	const callers = neighbours(
		index,
		index.edgesTo(node.def.id),
		"upstream",
		new Set(["dispatch", "register"]),
		node.def.id,
	)
		.map((n) => ({ def: n.def, rel: relevance(n.def) }))
		.sort((a, b) => b.rel - a.rel)
		.slice(0, config.maxWidth);
	const depth = node.depth + 1;
	if (direction === "downstream" || node.via === "seed") {
		for (const h of handlers) {
			push({
				def: h,
				depth,
				via: `handler:${trunk}`,
				from: node.def.id,
				nodeClass: classify(h, null, config),
				relevance: relevance(h),
			});
		}
	}
	if (direction === "upstream" || node.via === "seed") {
		for (const c of callers) {
			push({
				def: c.def,
				depth,
				via: `dispatch:${trunk}`,
				from: node.def.id,
				nodeClass: classify(c.def, null, config),
				relevance: c.rel,
			});
		}
	}
}
