/** The shape of a benchmark run's results: one record per question, then the set's aggregates. */
import type { LlmProvider } from "@codeask/shared";
import type { BaselineResult } from "./baseline.js";
import { type ChainMiss, type GradeResult, RATIO_METRICS, type RatioMetric } from "./graders.js";
import type { JudgeResult } from "./judge.js";
import type { LossStage, Miss } from "./loss.js";

export const REPORT_SCHEMA = "codeask-bench-report/1";

/** The per-question numbers of `--json` and the report, in this order: the ratios first. */
export const METRIC_KEYS = [
	...RATIO_METRICS,
	"requests",
	"tokensIn",
	"tokensOut",
	"materialTokens",
	"answerChars",
	"abstained",
	"wallMs",
] as const;
export type MetricKey = (typeof METRIC_KEYS)[number];
/** Ratio metrics are null when the label (or answer) gives nothing to measure. */
export type Metrics = Record<RatioMetric, number | null> & Record<Exclude<MetricKey, RatioMetric>, number>;
export type MeanMetrics = Record<MetricKey, number | null>;

export interface QuestionResult {
	id: string;
	question: string;
	type: string;
	trunks: string[];
	metrics: Metrics;
	grades: Record<RatioMetric, GradeResult>;
	/** Core files the answer did not cite, with the pipeline stage each was lost at. */
	missed: Miss[];
	/** Chain entries not covered; `fileReached`: some range of the entry's file reached the answer stage. */
	chainMisses: ChainMiss[];
	routedSections: { sectionId: string; score: number; chain: string }[];
	chains: { id: string; title: string; direction: string; hops: number; defIds: string[] }[];
	citations: {
		n: number;
		file: string;
		startLine: number;
		endLine: number;
		symbol: string;
		valid: boolean;
		reason: string;
	}[];
	droppedCitations: number;
	provider: LlmProvider | null;
	fallbackReason: string | null;
	baseline: BaselineResult | null;
	judge: JudgeResult | null;
	/** The pipeline threw: the message; the recall metrics of the question score 0. */
	error: string | null;
}

export interface GroupMeans {
	n: number;
	mean: MeanMetrics;
}

export interface BaselineMeans {
	recallAt10: number;
	recallAt20: number;
	recallAt50: number;
}

export interface JudgeSummary {
	correct: number;
	partial: number;
	incorrect: number;
	failed: number;
	requests: number;
	tokensIn: number;
	tokensOut: number;
}

export interface RunDelta {
	/** Report the delta is taken against. */
	previous: string;
	previousStartedAt: string;
	/** Questions in both runs; the mean deltas are taken over these only. */
	common: number;
	/** current − previous, per mean metric over the common questions (null when either side has none). */
	mean: MeanMetrics;
	baseline: BaselineMeans | null;
	/** Questions whose coreRecallContext or chainCoverage changed, with both values. */
	changed: { id: string; metric: MetricKey; before: number | null; after: number | null }[];
}

export interface BenchReport {
	schema: typeof REPORT_SCHEMA;
	set: string;
	/** The commit the question labels are for (null: an unpinned set). */
	commit: string | null;
	repository: string;
	/** The commit the index was built from (null when not a git checkout). */
	indexCommit: string | null;
	label: string;
	toolVersion: string;
	llm: { provider: LlmProvider; model: string | null };
	judgeLlm: { provider: LlmProvider; model: string | null } | null;
	startedAt: string;
	finishedAt: string;
	questions: QuestionResult[];
	mean: MeanMetrics;
	latency: { p50: number; p90: number; max: number };
	/** Medians and maxima of the sizes per question (the budget bars are on medians). */
	sizes: Record<"materialTokens" | "answerChars" | "tokensIn", { p50: number; max: number }>;
	/** Questions whose answer abstained ("nothing in the code matches"). */
	abstentions: number;
	byType: Record<string, GroupMeans>;
	byTrunk: Record<string, GroupMeans>;
	/** Count of missed core files per stage, over the whole set. */
	loss: Record<LossStage, number>;
	/** Missed chain entries over the set: file never reached vs file reached but line/definition not. */
	chainLoss: { fileNotReached: number; fileReachedEntryMissed: number };
	baseline: BaselineMeans | null;
	judge: JudgeSummary | null;
	delta: RunDelta | null;
	errors: number;
}
