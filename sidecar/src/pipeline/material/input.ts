/** What the assembler is given: the chains, the select picks, the question's words, the budget. */
import type { DefRow } from "../../index/types.js";
import type { PipelineConfig } from "../config.js";
import type { Skeleton } from "../skeleton.js";
import type { ImpactListing } from "./types.js";

export interface AssembleInput {
	skeletons: readonly Skeleton[];
	/** defIds the LLM's select stage asked to read first, in its order. */
	picks?: readonly string[];
	/**
	 * Of `picks`, the first this many are a pattern or convention question's family, read like picks
	 * but named by no model (offline too); the rest are the select stage's.
	 */
	familyPicks?: number;
	/** Lower-case words (stems) of the question. */
	words: readonly string[];
	relevance: (def: DefRow) => number;
	/** For an impact question: every use of its subject (its tokens come off the budget first). */
	impact?: ImpactListing | null;
	/** Offline: the definitions of the path the short answer tells (their join lines lead). */
	pathDefs?: ReadonlySet<number>;
}

export type AssembleConfig = Pick<PipelineConfig, "tokenBudget" | "wholeDefLines" | "sliceLines"> &
	Partial<Pick<PipelineConfig, "pickWholeLines" | "pickSliceLines">>;
