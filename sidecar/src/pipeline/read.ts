/**
 * What the answer stage reads: ranges of the index's files, each with the skeleton node it was
 * read for. The context assembler (material/) decides which ranges; this module holds the shared
 * shape and the token estimate.
 */
import type { SkeletonNode } from "./skeleton.js";
import type { ReadRange } from "./types.js";

export interface ReadItem {
	range: ReadRange & { defId: string };
	chain: string;
	node: SkeletonNode;
	/** The lines read. */
	text: string;
	tokens: number;
}

/** Rough token count for code when no provider count is at hand: about four characters per token. */
export function estimateTokens(text: string): number {
	return Math.ceil(text.length / 4);
}
