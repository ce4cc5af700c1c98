/**
 * Select and read: choose the skeleton nodes whose bodies go to the answer stage, round-robin
 * across chains (so no topic starves), roots first, until the token budget is spent; then read
 * each body by line range from the index.
 */
import type { IndexReader } from "../index/reader.js";
import type { PipelineConfig } from "./config.js";
import type { Skeleton, SkeletonNode } from "./skeleton.js";
import type { ReadRange } from "./types.js";

export interface ReadItem {
	range: ReadRange & { defId: string };
	chain: string;
	node: SkeletonNode;
	/** The lines read (possibly cut to `maxLinesPerNode`). */
	text: string;
	tokens: number;
}

export type ReadIndex = Pick<IndexReader, "fileLines">;

/** Rough token count for code when no provider count is at hand: about four characters per token. */
export function estimateTokens(text: string): number {
	return Math.ceil(text.length / 4);
}

/** Order in which a chain's nodes are worth reading: roots, then by depth, then by relevance. */
export function readingOrder(sk: Skeleton): SkeletonNode[] {
	return sk.nodes
		.filter((n) => n.def.file && n.def.startLine !== null && n.def.endLine !== null)
		.sort((a, b) => a.depth - b.depth || b.relevance - a.relevance);
}

export function readNodes(
	index: ReadIndex,
	skeletons: readonly Skeleton[],
	config: PipelineConfig,
	count: (text: string) => number = estimateTokens,
): ReadItem[] {
	const queues = skeletons.map((sk) => ({ chain: sk.chain.id, nodes: readingOrder(sk) }));
	const items: ReadItem[] = [];
	const covered = new Map<string, [number, number][]>();
	let spent = 0;
	let progress = true;
	while (progress && spent < config.tokenBudget) {
		progress = false;
		for (const q of queues) {
			const node = q.nodes.shift();
			if (!node) continue;
			progress = true;
			const file = node.def.file as string;
			const start = node.def.startLine as number;
			const end = Math.min(node.def.endLine as number, start + config.maxLinesPerNode - 1);
			const ranges = covered.get(file) ?? [];
			if (ranges.some(([s, e]) => s <= start && end <= e)) continue; // already inside a read range
			const lines = index.fileLines(file, start, end);
			if (!lines) continue;
			const text = lines.join("\n");
			const tokens = count(text);
			if (spent + tokens > config.tokenBudget) continue; // a smaller node further on may still fit
			spent += tokens;
			ranges.push([start, end]);
			covered.set(file, ranges);
			items.push({
				range: { file, startLine: start, endLine: start + lines.length - 1, defId: node.def.defId },
				chain: q.chain,
				node,
				text,
				tokens,
			});
		}
	}
	return items;
}
