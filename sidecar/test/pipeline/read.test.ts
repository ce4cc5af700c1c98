import { describe, expect, it } from "vitest";
import type { DefRow } from "../../src/index/types.js";
import { parsePipelineConfig } from "../../src/pipeline/config.js";
import { readNodes } from "../../src/pipeline/read.js";
import type { Skeleton, SkeletonNode } from "../../src/pipeline/skeleton.js";

const def = (id: number, file: string, start: number, end: number): DefRow => ({
	id,
	defId: `${file}#f${id}`,
	file,
	packageName: "p",
	name: `f${id}`,
	qualifiedName: `f${id}`,
	kind: "function",
	startLine: start,
	endLine: end,
	signature: null,
	doc: null,
	exported: true,
	parentId: null,
	fanIn: 0,
	fanOut: 0,
});
const node = (d: DefRow, depth: number, relevance = 0): SkeletonNode => ({
	def: d,
	depth,
	via: depth ? "call" : "seed",
	from: null,
	nodeClass: "major",
	relevance,
});
const skeleton = (id: string, nodes: SkeletonNode[]): Skeleton => ({
	chain: { id, title: id, paths: [], score: 0 },
	direction: "downstream",
	nodes,
});
// Every line is 40 characters: two lines and a newline are 21 tokens by the default estimate.
const index = {
	fileLines: (_f: string, s: number, e: number) => Array.from({ length: e - s + 1 }, () => "x".repeat(40)),
};

describe("readNodes", () => {
	it("takes chains in turn, roots first, and stops at the token budget", () => {
		const a = skeleton("a", [
			node(def(2, "a.ts", 10, 11), 1),
			node(def(1, "a.ts", 1, 2), 0),
			node(def(3, "a.ts", 20, 21), 2),
		]);
		const b = skeleton("b", [node(def(4, "b.ts", 1, 2), 0), node(def(5, "b.ts", 5, 6), 1)]);
		const items = readNodes(index, [a, b], { ...parsePipelineConfig(), tokenBudget: 90 });
		expect(items.map((i) => `${i.chain}:${i.node.def.name}`)).toEqual(["a:f1", "b:f4", "a:f2", "b:f5"]);
		expect(items.reduce((n, i) => n + i.tokens, 0)).toBeLessThanOrEqual(90);
	});

	it("cuts long bodies to maxLinesPerNode and skips ranges already read", () => {
		const big = def(1, "a.ts", 1, 100);
		const inner = def(2, "a.ts", 2, 3);
		const items = readNodes(
			index,
			[skeleton("a", [node(big, 0), node(inner, 1)])],
			parsePipelineConfig({ maxLinesPerNode: 5 }),
		);
		expect(items.map((i) => [i.range.startLine, i.range.endLine])).toEqual([[1, 5]]);
	});
});
