/** A definition the assembler may read, with the chain and role it comes in under. */
import type { DefRow } from "../../index/types.js";
import type { SkeletonNode } from "../skeleton.js";
import type { SourceRole } from "./types.js";

export interface Candidate {
	node: SkeletonNode;
	chain: string;
	role: SourceRole;
	/** Read within the picks' share: the wrapper of a pick (what the model asked for). */
	lead?: boolean;
	/** A pick's place in the select stage's order (0 = first). */
	pickRank?: number;
}

/**
 * The select stage's first picks (what the model named first), which go in whole up to
 * `pickWholeLines` or as `pickSliceLines` of slices with the declarations their decisions read.
 */
export const DEEP_PICKS = 3;

/** Is `c` one of the select stage's first `DEEP_PICKS` picks? */
export const isDeepPick = (c: Candidate): boolean =>
	c.role === "pick" && (c.pickRank ?? DEEP_PICKS) < DEEP_PICKS;

/** A definition reached from the material (not a chain node): where, how and how relevant. */
export function reachedCandidate(
	def: DefRow,
	at: Pick<SkeletonNode, "depth" | "via" | "from" | "relevance">,
	chain: string,
	role: SourceRole,
): Candidate {
	return {
		node: { def, depth: at.depth, via: at.via, from: at.from, nodeClass: "major", relevance: at.relevance },
		chain,
		role,
	};
}

/** Above this many users a definition is a shared helper (a logger, a settings getter): no step of a flow. */
export const HOT_FAN_IN = 40;

/** How a label names a definition. */
export const named = (d: DefRow) => d.qualifiedName || d.name;
