/**
 * Runs a question set through the answer pipeline and scores it. Collaborators are injected
 * (the answerer, the optional judge, the clock), so the runner is tested without the network and
 * without a particular pipeline. Questions run one after another: wall times stay honest on a
 * shared machine and offline runs are deterministic.
 */
import type { LlmProvider } from "@codeask/shared";
import type { IndexReader } from "../index/reader.js";
import type { AskResult } from "../pipeline/types.js";
import { VERSION } from "../version.js";
import {
	abstentions,
	baselineMeans,
	byTrunk,
	byType,
	chainLoss,
	judgeSummary,
	latency,
	lossBreakdown,
	meanMetrics,
	sizes,
} from "./aggregate.js";
import { bm25Baseline } from "./baseline.js";
import { computeDelta } from "./delta.js";
import type { JudgeResult } from "./judge.js";
import type { QuestionLabel, QuestionSet } from "./questions.js";
import { type BenchReport, type QuestionResult, REPORT_SCHEMA } from "./report.js";
import { errorResult, scoreQuestion } from "./score.js";

export interface LlmLabel {
	provider: LlmProvider;
	model: string | null;
}

export interface BenchOptions {
	set: QuestionSet;
	label: string;
	/** Also rank files with plain BM25 and report its recall side by side. */
	baseline: boolean;
	llm: LlmLabel;
	judgeLlm: LlmLabel | null;
	/** A previous report of the same set, for the delta. */
	previous?: { path: string; report: BenchReport } | null;
}

export interface BenchDeps {
	index: IndexReader;
	answer(question: string, label: QuestionLabel): Promise<AskResult>;
	judge?(label: QuestionLabel, answer: string): Promise<JudgeResult>;
	/** Monotonic milliseconds (performance.now by default). */
	clock?: () => number;
	now?: () => Date;
}

export interface ResultEvent {
	result: QuestionResult;
	/** The pipeline's full result (answer text included), null when it threw. */
	answer: AskResult | null;
	done: number;
	total: number;
}

/** Start/result/complete hooks, as in promptfoo: console, JSON and Markdown reporters plug in here. */
export interface BenchReporter {
	onStart?(e: { set: string; label: string; total: number }): void;
	onResult?(e: ResultEvent): void | Promise<void>;
	onComplete?(report: BenchReport): void | Promise<void>;
}

export async function runBench(
	options: BenchOptions,
	deps: BenchDeps,
	reporters: readonly BenchReporter[] = [],
): Promise<BenchReport> {
	const clock = deps.clock ?? (() => performance.now());
	const now = deps.now ?? (() => new Date());
	const { set } = options;
	const startedAt = now().toISOString();
	for (const r of reporters) r.onStart?.({ set: set.set, label: options.label, total: set.questions.length });

	const results: QuestionResult[] = [];
	for (const label of set.questions) {
		const baseline = options.baseline ? bm25Baseline(deps.index, label.question, label.core) : null;
		const t0 = clock();
		let answer: AskResult | null = null;
		let failure: string | null = null;
		try {
			answer = await deps.answer(label.question, label);
		} catch (err) {
			failure = (err as Error).message || String(err);
		}
		const wallMs = Math.round(clock() - t0);
		const judge = answer && deps.judge ? await deps.judge(label, answer.answer) : null;
		const ctx = { index: deps.index, wallMs, baseline, judge };
		const result = answer
			? scoreQuestion(label, answer, ctx)
			: errorResult(label, failure ?? "no answer", ctx);
		results.push(result);
		for (const r of reporters)
			await r.onResult?.({ result, answer, done: results.length, total: set.questions.length });
	}

	const partial = {
		mean: meanMetrics(results),
		baseline: baselineMeans(results),
		questions: results,
	};
	const report: BenchReport = {
		schema: REPORT_SCHEMA,
		set: set.set,
		commit: set.commit,
		repository: set.repository,
		indexCommit: deps.index.meta().commit,
		label: options.label,
		toolVersion: VERSION,
		llm: options.llm,
		judgeLlm: options.judgeLlm,
		startedAt,
		finishedAt: now().toISOString(),
		...partial,
		latency: latency(results),
		sizes: sizes(results),
		abstentions: abstentions(results),
		byType: byType(results),
		byTrunk: byTrunk(results),
		loss: lossBreakdown(results),
		chainLoss: chainLoss(results),
		judge: judgeSummary(results),
		delta: options.previous ? computeDelta({ questions: results }, options.previous) : null,
		errors: results.filter((r) => r.error !== null).length,
	};
	for (const r of reporters) await r.onComplete?.(report);
	return report;
}

/** The `--json` shape printed on stdout. */
export function jsonSummary(report: BenchReport) {
	return {
		set: report.set,
		commit: report.commit,
		indexCommit: report.indexCommit,
		questions: report.questions.map((q) => ({
			id: q.id,
			type: q.type,
			...q.metrics,
			missed: q.missed,
			...(q.judge ? { judge: { verdict: q.judge.verdict, reason: q.judge.reason } } : {}),
			...(q.error ? { error: q.error } : {}),
		})),
		mean: report.mean,
		baseline: report.baseline,
		latency: report.latency,
		sizes: report.sizes,
		abstentions: report.abstentions,
		loss: report.loss,
		judge: report.judge,
		errors: report.errors,
	};
}
