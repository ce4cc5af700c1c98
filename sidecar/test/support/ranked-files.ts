/**
 * The citation ranking's file order for a set of read definitions, the seed ranking putting their
 * files in the order given: what a test of a ranking lift (family-flow, sibling families) compares.
 */
import type { IndexReader } from "../../src/index/reader.js";
import type { DefRow } from "../../src/index/types.js";
import { parsePipelineConfig } from "../../src/pipeline/config.js";
import { rankCitations } from "../../src/pipeline/rank.js";
import type { ReadItem } from "../../src/pipeline/read.js";

/** A definition read whole, as a seed of chain c1. */
export const seedReadItem = (d: DefRow): ReadItem => ({
	range: { file: d.file ?? "", startLine: d.startLine ?? 1, endLine: d.endLine ?? 1, defId: d.defId },
	chain: "c1",
	node: { def: d, depth: 0, via: "seed", from: null, nodeClass: "major", relevance: 1 },
	text: "",
	tokens: 1,
});

/** The files in citation order, each file once. */
export function rankedFiles(index: IndexReader, read: readonly DefRow[]): string[] {
	const fused = read.map((d) => ({ file: d.file as string }));
	const { order } = rankCitations(index, read.map(seedReadItem), fused, parsePipelineConfig());
	return [...new Set(order.map((d) => d.file as string))];
}
