/** Set-level aggregates of per-question results: means, groups, loss breakdown, baseline, judge. */
import { LOSS_STAGES, type LossStage } from "./loss.js";
import {
	type BaselineMeans,
	type GroupMeans,
	type JudgeSummary,
	METRIC_KEYS,
	type MeanMetrics,
	type QuestionResult,
} from "./report.js";

const mean = (xs: readonly number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);

/** Mean of each metric over the questions that have a value for it (nulls are left out). */
export function meanMetrics(results: readonly QuestionResult[]): MeanMetrics {
	return Object.fromEntries(
		METRIC_KEYS.map((k) => [
			k,
			mean(results.map((r) => r.metrics[k]).filter((v): v is number => typeof v === "number")),
		]),
	) as MeanMetrics;
}

function groupMeans(results: readonly QuestionResult[], keysOf: (r: QuestionResult) => string[]) {
	const groups = new Map<string, QuestionResult[]>();
	for (const r of results) {
		for (const k of keysOf(r)) groups.set(k, [...(groups.get(k) ?? []), r]);
	}
	const out: Record<string, GroupMeans> = {};
	for (const k of [...groups.keys()].sort()) {
		const rs = groups.get(k) ?? [];
		out[k] = { n: rs.length, mean: meanMetrics(rs) };
	}
	return out;
}

export const byType = (results: readonly QuestionResult[]) => groupMeans(results, (r) => [r.type]);
/** A question with several trunks counts in each of them. */
export const byTrunk = (results: readonly QuestionResult[]) =>
	groupMeans(results, (r) => (r.trunks.length ? r.trunks : ["(none listed)"]));

export function lossBreakdown(results: readonly QuestionResult[]): Record<LossStage, number> {
	const counts = Object.fromEntries(LOSS_STAGES.map((s) => [s, 0])) as Record<LossStage, number>;
	for (const r of results) for (const m of r.missed) counts[m.stage]++;
	return counts;
}

export function chainLoss(results: readonly QuestionResult[]) {
	const misses = results.flatMap((r) => r.chainMisses);
	const reached = misses.filter((m) => m.fileReached).length;
	return { fileNotReached: misses.length - reached, fileReachedEntryMissed: reached };
}

export function baselineMeans(results: readonly QuestionResult[]): BaselineMeans | null {
	const bs = results.map((r) => r.baseline).filter((b) => b !== null);
	if (!bs.length) return null;
	return {
		recallAt10: mean(bs.map((b) => b.recallAt10)) ?? 0,
		recallAt20: mean(bs.map((b) => b.recallAt20)) ?? 0,
		recallAt50: mean(bs.map((b) => b.recallAt50)) ?? 0,
	};
}

export function judgeSummary(results: readonly QuestionResult[]): JudgeSummary | null {
	const js = results.map((r) => r.judge).filter((j) => j !== null);
	if (!js.length) return null;
	const count = (v: string) => js.filter((j) => j.verdict === v).length;
	return {
		correct: count("CORRECT"),
		partial: count("PARTIAL"),
		incorrect: count("INCORRECT"),
		failed: count("FAILED"),
		requests: js.reduce((a, j) => a + j.requests, 0),
		tokensIn: js.reduce((a, j) => a + j.tokensIn, 0),
		tokensOut: js.reduce((a, j) => a + j.tokensOut, 0),
	};
}

/** Nearest-rank percentile (p in 0..100) of wall times. */
export function percentile(values: readonly number[], p: number): number {
	if (!values.length) return 0;
	const sorted = [...values].sort((a, b) => a - b);
	const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
	return sorted[rank - 1] ?? 0;
}

export function latency(results: readonly QuestionResult[]) {
	const ms = results.map((r) => r.metrics.wallMs);
	return { p50: percentile(ms, 50), p90: percentile(ms, 90), max: ms.length ? Math.max(...ms) : 0 };
}

/** Median and maximum of the per-question sizes the budgets bound. */
export function sizes(results: readonly QuestionResult[]) {
	const of = (k: "materialTokens" | "answerChars" | "tokensIn") => {
		const xs = results.filter((r) => r.error === null).map((r) => r.metrics[k]);
		return { p50: percentile(xs, 50), max: xs.length ? Math.max(...xs) : 0 };
	};
	return { materialTokens: of("materialTokens"), answerChars: of("answerChars"), tokensIn: of("tokensIn") };
}

export const abstentions = (results: readonly QuestionResult[]) =>
	results.filter((r) => r.error === null && r.metrics.abstained === 1).length;
