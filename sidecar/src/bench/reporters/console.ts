/**
 * Console reporter: a progress bar on stderr (only when stderr is a TTY), then a short summary on
 * stdout: means beside the baseline, where missed core files were lost, and where the reports are.
 */
import cliProgress from "cli-progress";
import { LOSS_STAGES } from "../loss.js";
import { type BenchReport, METRIC_KEYS } from "../report.js";
import type { BenchReporter } from "../run.js";
import { fmtDelta, fmtMetric, fmtRatio } from "./format.js";

export interface ConsoleReporterOptions {
	progress: boolean;
	write?: (text: string) => void;
	/** Where the reports were written, to print at the end. */
	outDir?: string | null;
}

export function consoleReporter(options: ConsoleReporterOptions): BenchReporter {
	const write = options.write ?? ((t: string) => process.stdout.write(t));
	let bar: cliProgress.SingleBar | null = null;
	return {
		onStart({ total, set }) {
			if (!options.progress) return;
			bar = new cliProgress.SingleBar(
				{
					stream: process.stderr,
					format: `${set} [{bar}] {value}/{total} {id}`,
					hideCursor: true,
					clearOnComplete: true,
				},
				cliProgress.Presets.shades_classic,
			);
			bar.start(total, 0, { id: "" });
		},
		onResult({ result, done }) {
			bar?.update(done, { id: result.id });
		},
		onComplete(report) {
			bar?.stop();
			write(renderSummary(report, options.outDir ?? null));
		},
	};
}

export function renderSummary(report: BenchReport, outDir: string | null): string {
	const lines: string[] = [];
	lines.push(
		`${report.set}: ${report.questions.length} questions, answers by ${report.llm.provider}, index ${report.indexCommit?.slice(0, 12) ?? "(no commit)"}${report.errors ? `, ${report.errors} FAILED` : ""}`,
	);
	const width = Math.max(...METRIC_KEYS.map((k) => k.length));
	if (report.delta && report.delta.common < report.questions.length) {
		lines.push(`  (deltas over the ${report.delta.common} questions also in ${report.delta.previous})`);
	}
	for (const k of METRIC_KEYS) {
		const d = report.delta ? fmtDelta(k, report.delta.mean[k]) : "";
		lines.push(`  ${k.padEnd(width)}  ${fmtMetric(k, report.mean[k]).padStart(7)}${d ? `  (${d})` : ""}`);
	}
	lines.push(`  wall ms p50/p90/max: ${report.latency.p50}/${report.latency.p90}/${report.latency.max}`);
	if (report.sizes) {
		const z = report.sizes;
		lines.push(
			`  median/max: material tokens ${z.materialTokens.p50}/${z.materialTokens.max}, answer chars ${z.answerChars.p50}/${z.answerChars.max}, LLM tokens in ${z.tokensIn.p50}/${z.tokensIn.max}; abstained ${report.abstentions ?? 0} of ${report.questions.length}`,
		);
	}
	if (report.baseline) {
		const b = report.baseline;
		lines.push(
			`  BM25 baseline core recall: top10 ${fmtRatio(b.recallAt10)}  top20 ${fmtRatio(b.recallAt20)}  top50 ${fmtRatio(b.recallAt50)}`,
		);
	}
	lines.push(`  missed core files by stage: ${LOSS_STAGES.map((s) => `${s} ${report.loss[s]}`).join(", ")}`);
	lines.push(
		`  missed chain entries: file never reached ${report.chainLoss.fileNotReached}, file reached but entry not ${report.chainLoss.fileReachedEntryMissed}`,
	);
	if (report.judge) {
		const j = report.judge;
		lines.push(
			`  judge: CORRECT ${j.correct}, PARTIAL ${j.partial}, INCORRECT ${j.incorrect}, failed ${j.failed}`,
		);
	}
	if (report.delta?.changed.length) {
		lines.push(`  changed since ${report.delta.previousStartedAt} (${report.delta.previous}):`);
		for (const c of report.delta.changed)
			lines.push(`    ${c.id} ${c.metric} ${fmtRatio(c.before)} → ${fmtRatio(c.after)}`);
	}
	const fellBack = report.questions.filter((q) => q.fallbackReason);
	if (fellBack.length) {
		lines.push(
			`  ${fellBack.length} answer(s) fell back to offline, e.g. ${fellBack[0]?.id}: ${fellBack[0]?.fallbackReason}`,
		);
	}
	for (const q of report.questions.filter((q) => q.error)) lines.push(`  FAILED ${q.id}: ${q.error}`);
	if (outDir) lines.push(`reports: ${outDir}/report.md, ${outDir}/report.json`);
	return `${lines.join("\n")}\n`;
}
