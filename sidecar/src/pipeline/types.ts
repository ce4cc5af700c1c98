import type { AskResponse } from "@codeask/shared";

/** A line range given to the answer stage (or cited), with the definition it was read for. */
export interface ReadRange {
	file: string;
	startLine: number;
	endLine: number;
	defId: string | null;
}

/**
 * How much of a file the material holds: a definition whole or a slice of it, a module-level block,
 * the lines around a site (a caller's call of a seed, an impact listing's use), or a signature line.
 */
export type HeldUnit = "whole" | "slice" | "block" | "site" | "signature";

/**
 * What each stage kept, so the benchmark can say where a gold file was lost (never a candidate →
 * not seeded → cut from the skeleton → not read → named only → read but not cited; bench/loss.ts) and
 * `--report` can show it.
 */
export interface AskTrace {
	routedSections: { sectionId: string; score: number; chain: string }[];
	seeds: { defId: string; file: string; score: number; chain: string }[];
	/** defIds in the skeletons, per chain. */
	skeleton: { chain: string; defIds: string[] }[];
	/** Everything given to the answer stage: the material's sources, and the sites an impact listing names. */
	read: ReadRange[];
	/** The material's size and make-up (pipeline/material/). */
	material?: {
		tokens: number;
		budget: number;
		sources: number;
		/** Sources per role (pick, seed, chain, key-hop, module, neighbour). */
		roles: Record<string, number>;
		/** An impact question's listing of every use: exact counts. */
		impact: { target: string; sites: number; files: number; testSites: number } | null;
	};
	/** LLM requests made, by stage, with token counts. */
	requests: { stage: string; tokensIn: number; tokensOut: number; ms: number; ok: boolean }[];
	/** What the abstention test saw (pipeline/abstain.ts): shares of the question's IDF weight. */
	abstention?: { covered: number; absent: number; namesRepository: boolean };
	/** Files in the seeding stage's fused order and in the citation ranking's order (best first, 40 each). */
	ranking?: { fused: string[]; cited: string[] };
	/**
	 * The seeding's candidates (pipeline/trace-stages.ts): `fused`, the whole fused file ranking, best
	 * first; `scored`, the row ids of every definition it scored.
	 */
	candidates?: { fused: string[]; scored: number[] };
	/** Each file `read` mentions, in first-mention order, with the most of it the material holds. */
	held?: { file: string; unit: HeldUnit }[];
}

/** The full result of the pipeline: the wire answer plus the trace. */
export interface AskResult extends AskResponse {
	trace: AskTrace;
}

/** Options for one question. Defaults for `config` are documented in pipeline/config.ts. */
export interface AskOptions {
	/** Absent or a `none` client: offline, extractive answer. */
	llm?: import("../llm/types.js").LlmClient;
	/** Overrides of the pipeline parameters (depths, widths, budget, …). */
	config?: Record<string, unknown>;
	/** "short" (default): the one-message answer; "full": the long form with every chain and excerpts. */
	detail?: "short" | "full";
	signal?: AbortSignal;
	/**
	 * Offline, the LLM's material is assembled only to be measured (the trace's `read` and `material`:
	 * bench, `--report`). Default true; callers that show only the answer (the service, MCP, `ask`
	 * without `--report`) pass false and skip that assembly. With an LLM it is always assembled.
	 */
	measureMaterial?: boolean;
}
// The entry point, implemented in pipeline/ask.ts:
//   export async function ask(index: IndexReader, question: string, options?: AskOptions): Promise<AskResult>
