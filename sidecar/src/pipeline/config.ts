/**
 * Every tunable of the answer pipeline in one zod-validated object. `parsePipelineConfig({})`
 * gives the documented defaults; callers (CLI, service, benchmark) pass overrides as plain JSON.
 */
import { z } from "zod";

export const pipelineConfigSchema = z.strictObject({
	/** Route: outline sections kept after scoring. */
	routeSections: z.number().int().min(1).max(50).default(8),
	/** Route: topic chains formed from the routed sections (and from strong lexical hits outside them). */
	maxChains: z.number().int().min(1).max(12).default(10),
	/** Seed: candidates taken from each lexical channel before fusion. */
	channelDepth: z.number().int().min(5).max(500).default(80),
	/** Seed: the k of reciprocal rank fusion (larger flattens the ranks). */
	rrfK: z.number().int().min(1).max(500).default(30),
	/** Seed: best-ranked files whose graph neighbours get a say (graph channel of the fusion). */
	graphFiles: z.number().int().min(0).max(200).default(30),
	/** Seed: weight of the graph channel in the fusion (lexical channel = 1). */
	graphWeight: z.number().min(0).max(5).default(1),
	/** Seed: best-ranked files read wide (several definitions each, not just the best one). */
	wideFiles: z.number().int().min(0).max(100).default(12),
	/** Seed: extra definitions read from each wide file. */
	defsPerWideFile: z.number().int().min(0).max(20).default(3),
	/** Seed: seed definitions per chain. */
	seedsPerChain: z.number().int().min(1).max(50).default(14),
	/** Skeleton: hops followed from a seed. */
	maxDepth: z.number().int().min(0).max(8).default(3),
	/** Skeleton: edges followed out of one node (best-scored first). */
	maxWidth: z.number().int().min(1).max(50).default(8),
	/** Skeleton: nodes per chain. */
	maxNodesPerChain: z.number().int().min(5).max(400).default(80),
	/** Skeleton: a node with more distinct users than this is "hot": shown, not expanded (unless asked about). */
	hotFanIn: z.number().int().min(2).max(100_000).default(40),
	/** Skeleton: handlers listed per dispatch key. */
	maxHandlersPerKey: z.number().int().min(1).max(100).default(12),
	/** Skeleton: on a downstream chain, direct callers shown per seed, as a share of maxWidth (0 = none). */
	upstreamWeight: z.number().min(0).max(1).default(0.15),
	/** Material: tokens of code given to the answer stage, in both modes (the LLM's prompt carries it). */
	tokenBudget: z.number().int().min(500).max(1_000_000).default(16_000),
	/** Material: input tokens of the three LLM requests of one question together (route, select, answer). */
	maxInputTokens: z.number().int().min(2_000).max(2_000_000).default(30_000),
	/** Material: a definition up to this many lines goes in whole; a longer one gives slices. */
	wholeDefLines: z.number().int().min(5).max(2000).default(150),
	/** Material: one of the LLM select stage's first 3 picks goes in whole up to this many lines (250 cost the stand-in key lines). */
	pickWholeLines: z.number().int().min(5).max(2000).default(150),
	/** Material: lines of slices taken from one long definition at most. */
	sliceLines: z.number().int().min(5).max(2000).default(60),
	/** Material: lines of slices taken from one long definition the LLM's select stage asked for. */
	pickSliceLines: z.number().int().min(5).max(2000).default(120),
	/** Answer: best files (by the fused seed ranking) whose flow links lift the files they link to in the citation order. */
	citationLinkFiles: z.number().int().min(0).max(100).default(10),
	/** Answer: how much a link to one of those files lifts a file (share of that file's own score). */
	citationLinkWeight: z.number().min(0).max(2).default(0.4),
	/**
	 * Answer: re-order the citation ranking's first files by the learned model (citation-model.json).
	 * Off: judged leave-one-set-out it lifts the ranking's core recall, but the answers churn (session 49 — ltr49).
	 */
	citationModel: z.boolean().default(false),
	/**
	 * Answer: choose and order the short answer's "Where to look" places by the learned places model
	 * (places-model.json); the path search keeps the hand-made order (session 50 — wtl50).
	 */
	placesModel: z.boolean().default(false),
	/**
	 * Answer: in the short answer's "Where to look", a contract (interface member, abstract method or
	 * stub) with one implementation gives its place to that implementation; when the path or an
	 * earlier place already cites the implementation, true keeps the contract's own place (the
	 * service's declared API, what other packages call), false gives the place to the next file.
	 */
	contractBesideImplementation: z.boolean().default(true),
	/** Answer: citations in the offline answer at most. */
	maxCitations: z.number().int().min(1).max(200).default(60),
	/** Answer: lines of code shown per excerpt in the offline answer. */
	excerptLines: z.number().int().min(0).max(60).default(8),
	/** Answer: excerpts in the offline answer. */
	maxExcerpts: z.number().int().min(0).max(40).default(4),
	/** LLM: output tokens of the answer call. */
	answerMaxOutputTokens: z.number().int().min(256).max(65_536).default(4096),
});

export type PipelineConfig = z.infer<typeof pipelineConfigSchema>;

export class PipelineConfigError extends Error {
	constructor(message: string) {
		super(message);
		this.name = "PipelineConfigError";
	}
}

/** Defaults merged with `overrides`; every bad field is reported at once, with its name. */
export function parsePipelineConfig(overrides: Record<string, unknown> = {}): PipelineConfig {
	const r = pipelineConfigSchema.safeParse(overrides);
	if (!r.success) {
		const issues = r.error.issues.map((i) => `${i.path.join(".") || "(config)"}: ${i.message}`).join("; ");
		throw new PipelineConfigError(`invalid pipeline config: ${issues}`);
	}
	return r.data;
}
