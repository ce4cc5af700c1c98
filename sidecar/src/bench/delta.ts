/**
 * The delta against the previous run in the same folder: either the report this run is about to
 * overwrite (same output folder), or the newest report of the same question set in a sibling
 * folder (e.g. another `eval/runs/<date>-<label>/`).
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { baselineMeans, meanMetrics } from "./aggregate.js";
import { type BenchReport, METRIC_KEYS, type MeanMetrics, REPORT_SCHEMA, type RunDelta } from "./report.js";

export const REPORT_JSON = "report.json";

function readReport(path: string): BenchReport | null {
	try {
		const data = JSON.parse(readFileSync(path, "utf8")) as Partial<BenchReport>;
		return data.schema === REPORT_SCHEMA && Array.isArray(data.questions) ? (data as BenchReport) : null;
	} catch {
		return null;
	}
}

/**
 * The previous report for `set`, looking first in `outDir` itself, then in its sibling folders
 * (newest first, preferring a run whose answers came from the same LLM provider).
 */
export function findPreviousReport(
	outDir: string,
	set: string,
	provider?: string,
): { path: string; report: BenchReport } | null {
	const own = join(outDir, REPORT_JSON);
	const ownReport = existsSync(own) ? readReport(own) : null;
	if (ownReport && ownReport.set === set) return { path: own, report: ownReport };
	// Paths stay as relative as `outDir` was given, so reports do not record this machine's folders.
	const parent = [".", ".."].includes(basename(outDir)) ? dirname(resolve(outDir)) : dirname(outDir);
	let entries: string[] = [];
	try {
		entries = readdirSync(resolve(parent));
	} catch {
		return null;
	}
	const candidates: { path: string; report: BenchReport }[] = [];
	for (const name of entries) {
		if (name === basename(resolve(outDir))) continue;
		const path = join(parent, name, REPORT_JSON);
		const report = existsSync(path) ? readReport(path) : null;
		if (report?.set === set) candidates.push({ path, report });
	}
	const rank = (c: { report: BenchReport }) => (provider && c.report.llm?.provider === provider ? 1 : 0);
	candidates.sort((x, y) => rank(y) - rank(x) || y.report.startedAt.localeCompare(x.report.startedAt));
	return candidates[0] ?? null;
}

const diff = (a: number | null | undefined, b: number | null | undefined) =>
	typeof a === "number" && typeof b === "number" ? a - b : null;

/** Metrics whose per-question change is listed (the ones a pipeline change moves). */
const TRACKED = ["coreRecallContext", "coreRecallCited", "chainCoverage"] as const;

export function computeDelta(
	current: Pick<BenchReport, "questions">,
	previous: { path: string; report: BenchReport },
): RunDelta {
	const prev = previous.report;
	// Means are compared over the questions both runs answered, so a run with --only is not
	// compared with a full run's means.
	const nowIds = new Set(current.questions.map((q) => q.id));
	const prevIds = new Set(prev.questions.map((q) => q.id));
	const nowCommon = current.questions.filter((q) => prevIds.has(q.id));
	const prevCommon = prev.questions.filter((q) => nowIds.has(q.id));
	const [nowMean, prevMean] = [meanMetrics(nowCommon), meanMetrics(prevCommon)];
	const mean = Object.fromEntries(METRIC_KEYS.map((k) => [k, diff(nowMean[k], prevMean[k])])) as MeanMetrics;
	const [nowBase, prevBase] = [baselineMeans(nowCommon), baselineMeans(prevCommon)];
	const prevById = new Map(prev.questions.map((q) => [q.id, q]));
	const changed: RunDelta["changed"] = [];
	for (const q of current.questions) {
		const p = prevById.get(q.id);
		if (!p) continue;
		for (const m of TRACKED) {
			const before = p.metrics?.[m] ?? null;
			const after = q.metrics[m];
			if (before !== after && Math.abs((after ?? 0) - (before ?? 0)) > 1e-9) {
				changed.push({ id: q.id, metric: m, before, after });
			}
		}
	}
	return {
		previous: previous.path,
		previousStartedAt: prev.startedAt,
		common: nowCommon.length,
		mean,
		baseline:
			nowBase && prevBase
				? {
						recallAt10: nowBase.recallAt10 - prevBase.recallAt10,
						recallAt20: nowBase.recallAt20 - prevBase.recallAt20,
						recallAt50: nowBase.recallAt50 - prevBase.recallAt50,
					}
				: null,
		changed,
	};
}
