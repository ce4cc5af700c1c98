/** Scores one pipeline result against its label: re-checked citations, metrics, misses. */
import type { AskResult } from "../pipeline/types.js";
import type { BaselineResult } from "./baseline.js";
import { type CitationIndex, checkCitations } from "./citations.js";
import { chainMisses, type GradeResult, gradeAll, RATIO_METRICS, type RatioMetric } from "./graders.js";
import type { JudgeResult } from "./judge.js";
import { findMisses } from "./loss.js";
import type { QuestionLabel } from "./questions.js";
import type { QuestionResult } from "./report.js";

/** Hops listed per chain in a report (the full chain is in the answer itself). */
const REPORT_HOPS = 12;

export interface ScoreContext {
	index: CitationIndex;
	wallMs: number;
	baseline: BaselineResult | null;
	judge: JudgeResult | null;
}

const base = (label: QuestionLabel) => ({
	id: label.id,
	question: label.question,
	type: label.type,
	trunks: label.trunks,
});

export function scoreQuestion(label: QuestionLabel, result: AskResult, ctx: ScoreContext): QuestionResult {
	const citations = checkCitations(ctx.index, result.citations);
	const evidence = { answer: result.answer, read: result.trace.read, citations };
	const grades = gradeAll(label, evidence);
	const citedFiles = new Set(citations.filter((c) => c.check.valid).map((c) => c.file));
	return {
		...base(label),
		metrics: {
			...scores(grades),
			requests: result.usage.requests,
			tokensIn: result.usage.tokensIn,
			tokensOut: result.usage.tokensOut,
			materialTokens: result.trace.material?.tokens ?? 0,
			answerChars: result.answer.length,
			abstained: result.abstained ? 1 : 0,
			wallMs: ctx.wallMs,
		},
		grades,
		missed: findMisses({
			core: label.core,
			trace: result.trace,
			citedFiles,
			isIndexed: (f) => ctx.index.file(f) !== undefined,
			defIdsOf: (f) => ctx.index.defsInFile(f).map((d) => d.id),
		}),
		chainMisses: chainMisses(label, evidence),
		routedSections: result.trace.routedSections.map((s) => ({ ...s })),
		chains: result.chains.map((c) => ({
			id: c.id,
			title: c.title,
			direction: c.direction,
			hops: c.hops.length,
			defIds: c.hops.slice(0, REPORT_HOPS).map((h) => h.defId),
		})),
		citations: citations.map(({ check, ...c }) => ({ ...c, valid: check.valid, reason: check.reason })),
		droppedCitations: result.droppedCitations,
		provider: result.provider,
		fallbackReason: result.fallbackReason ?? null,
		baseline: ctx.baseline,
		judge: ctx.judge,
		error: null,
	};
}

/** A question whose pipeline run threw: recall metrics 0, no citations to validate. */
export function errorResult(label: QuestionLabel, message: string, ctx: ScoreContext): QuestionResult {
	const failed: GradeResult = { pass: false, score: 0, reason: `the pipeline failed: ${message}` };
	const grades = Object.fromEntries(
		RATIO_METRICS.map((m) => [
			m,
			m === "citationValidity" ? { pass: true, score: null, reason: "no answer" } : failed,
		]),
	) as Record<RatioMetric, GradeResult>;
	return {
		...base(label),
		metrics: {
			...scores(grades),
			requests: 0,
			tokensIn: 0,
			tokensOut: 0,
			materialTokens: 0,
			answerChars: 0,
			abstained: 0,
			wallMs: ctx.wallMs,
		},
		grades,
		missed: [],
		chainMisses: [],
		routedSections: [],
		chains: [],
		citations: [],
		droppedCitations: 0,
		provider: null,
		fallbackReason: null,
		baseline: ctx.baseline,
		judge: null,
		error: message,
	};
}

function scores(grades: Record<RatioMetric, GradeResult>): Record<RatioMetric, number | null> {
	return Object.fromEntries(RATIO_METRICS.map((m) => [m, grades[m].score])) as Record<
		RatioMetric,
		number | null
	>;
}
