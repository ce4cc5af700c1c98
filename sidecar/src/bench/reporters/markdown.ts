/** The Markdown report of a run: means beside the baseline, loss breakdown, groups, per question. */
import { describeMiss, LOSS_STAGE_MEANING, LOSS_STAGES } from "../loss.js";
import { type BenchReport, type GroupMeans, METRIC_KEYS, type QuestionResult } from "../report.js";
import { fmtDelta, fmtMetric, fmtRatio } from "./format.js";

const esc = (s: string) => s.replace(/\|/g, "\\|").replace(/\n/g, " ");
const row = (cells: readonly (string | number)[]) => `| ${cells.map((c) => esc(String(c))).join(" | ")} |`;
const header = (cells: readonly string[]) => [row(cells), row(cells.map(() => "---"))];

export function renderMarkdown(report: BenchReport): string {
	const out: string[] = [];
	out.push(`# Benchmark run: ${report.set} — ${report.label}`, "");
	out.push(
		`- started ${report.startedAt}, finished ${report.finishedAt}, CodeAsk ${report.toolVersion}`,
		`- labels for ${report.repository} at ${report.commit ? `\`${report.commit}\`` : "its working tree (unpinned)"}; index built from \`${report.indexCommit ?? "no commit"}\``,
		`- answers: ${report.llm.provider}${report.llm.model ? ` (${report.llm.model})` : ""}; judge: ${report.judgeLlm ? report.judgeLlm.provider + (report.judgeLlm.model ? ` (${report.judgeLlm.model})` : "") : "off"}`,
		`- ${report.questions.length} questions, ${report.errors} failed, ${report.questions.filter((q) => q.fallbackReason).length} fell back to offline answering`,
		"",
	);

	out.push("## Means", "");
	const withDelta = report.delta !== null;
	out.push(...header(withDelta ? ["metric", "mean", "Δ previous run"] : ["metric", "mean"]));
	for (const k of METRIC_KEYS) {
		const cells = [k, fmtMetric(k, report.mean[k])];
		if (withDelta) cells.push(fmtDelta(k, report.delta?.mean[k]));
		out.push(row(cells));
	}
	out.push(
		"",
		`Wall time per question: p50 ${report.latency.p50} ms, p90 ${report.latency.p90} ms, max ${report.latency.max} ms.`,
		...(report.sizes
			? [
					"",
					`Sizes per question (median / max): material ${report.sizes.materialTokens.p50} / ${report.sizes.materialTokens.max} tokens, answer ${report.sizes.answerChars.p50} / ${report.sizes.answerChars.max} characters, LLM input ${report.sizes.tokensIn.p50} / ${report.sizes.tokensIn.max} tokens. Abstained: ${report.abstentions ?? 0} of ${report.questions.length}.`,
				]
			: []),
		"",
	);

	if (report.baseline) {
		out.push("## Side by side with a plain BM25 file ranking", "");
		out.push(
			"Share of core files found. BM25 ranks whole files by the question's words minus stop words (same index, same run).",
			"",
		);
		out.push(...header(["ranking", "top 10", "top 20", "top 50", "CodeAsk context", "CodeAsk cited"]));
		out.push(
			row([
				"BM25 baseline",
				fmtRatio(report.baseline.recallAt10),
				fmtRatio(report.baseline.recallAt20),
				fmtRatio(report.baseline.recallAt50),
				"",
				"",
			]),
			row([
				"CodeAsk",
				"",
				"",
				"",
				fmtRatio(report.mean.coreRecallContext),
				fmtRatio(report.mean.coreRecallCited),
			]),
			"",
		);
	}

	out.push("## Where missed core files were lost", "");
	out.push(
		"Each core file not cited is charged to the first stage after the furthest one it reached (seeding candidate → seed → skeleton → material → cite).",
		"",
	);
	out.push(...header(["stage", "core files", "the file …"]));
	for (const s of LOSS_STAGES) out.push(row([s, report.loss[s], LOSS_STAGE_MEANING[s]]));
	out.push("");
	out.push(
		`Missed chain entries: ${report.chainLoss.fileNotReached} whose file never reached the answer stage, ${report.chainLoss.fileReachedEntryMissed} whose file did but not at that line or definition.`,
		"",
	);

	out.push("## By question type", "", ...groupTable(report.byType, "type"), "");
	out.push(
		"## By trunk",
		"",
		"A question with several trunks counts under each.",
		"",
		...groupTable(report.byTrunk, "trunk"),
		"",
	);

	if (report.judge) {
		const j = report.judge;
		out.push("## LLM judge", "");
		out.push(
			`CORRECT ${j.correct} · PARTIAL ${j.partial} · INCORRECT ${j.incorrect} · failed ${j.failed} (${j.requests} judge requests, ${j.tokensIn} tokens in, ${j.tokensOut} out; not counted in the answers' budget).`,
			"",
		);
	}

	if (report.delta) {
		out.push(
			"## Changes since the previous run",
			"",
			`Previous: \`${report.delta.previous}\` (${report.delta.previousStartedAt}); means compared over the ${report.delta.common} questions in both runs.`,
			"",
		);
		if (report.delta.changed.length) {
			out.push(...header(["question", "metric", "before", "after"]));
			for (const c of report.delta.changed)
				out.push(row([c.id, c.metric, fmtRatio(c.before), fmtRatio(c.after)]));
		} else out.push("No per-question change in coreRecallContext, coreRecallCited or chainCoverage.");
		out.push("");
	}

	out.push("## Questions", "");
	out.push(
		...header(["id", "type", "ctx", "cited", "cited@10", "chain", "keys", "valid", "prec", "ms", "BM25@20"]),
	);
	for (const q of report.questions) {
		const m = q.metrics;
		out.push(
			row([
				q.error ? `${q.id} (failed)` : q.id,
				q.type,
				fmtRatio(m.coreRecallContext),
				fmtRatio(m.coreRecallCited),
				fmtRatio(m.coreRecallCitedTop10),
				fmtRatio(m.chainCoverage),
				fmtRatio(m.keySymbolRecall),
				fmtRatio(m.citationValidity),
				fmtRatio(m.citationPrecision),
				m.wallMs,
				q.baseline ? fmtRatio(q.baseline.recallAt20) : "",
			]),
		);
	}
	out.push("");
	for (const q of report.questions) out.push(...questionSection(q));
	return `${out.join("\n")}\n`;
}

function groupTable(groups: Record<string, GroupMeans>, name: string): string[] {
	const lines = header([name, "n", "ctx", "cited", "cited@10", "chain", "keys", "valid", "prec", "ms"]);
	for (const [k, g] of Object.entries(groups)) {
		lines.push(
			row([
				k,
				g.n,
				fmtRatio(g.mean.coreRecallContext),
				fmtRatio(g.mean.coreRecallCited),
				fmtRatio(g.mean.coreRecallCitedTop10),
				fmtRatio(g.mean.chainCoverage),
				fmtRatio(g.mean.keySymbolRecall),
				fmtRatio(g.mean.citationValidity),
				fmtRatio(g.mean.citationPrecision),
				fmtMetric("wallMs", g.mean.wallMs),
			]),
		);
	}
	return lines;
}

function questionSection(q: QuestionResult): string[] {
	const out = [
		`### ${q.id} (${q.type}; trunks: ${q.trunks.join(", ") || "none"})`,
		"",
		`> ${esc(q.question)}`,
		"",
	];
	if (q.error) out.push(`**The pipeline failed:** ${esc(q.error)}`, "");
	out.push(...header(["metric", "score", "why"]));
	for (const [k, g] of Object.entries(q.grades)) out.push(row([k, fmtRatio(g.score), g.reason]));
	out.push(
		"",
		`Requests ${q.metrics.requests}, tokens ${q.metrics.tokensIn} in / ${q.metrics.tokensOut} out, ${q.metrics.wallMs} ms${q.fallbackReason ? `; fallback: ${esc(q.fallbackReason)}` : ""}.`,
		"",
	);
	if (q.missed.length) {
		out.push("Missed core files:", "");
		for (const m of q.missed) out.push(`- \`${m.file}\` — ${describeMiss(m)}`);
		out.push("");
	}
	if (q.routedSections.length) {
		out.push(
			`Routed sections: ${q.routedSections.map((s) => `\`${s.sectionId}\` (${s.chain}, ${s.score.toFixed(2)})`).join(", ")}`,
			"",
		);
	}
	if (q.chains.length) {
		out.push("Chains:", "");
		for (const c of q.chains) {
			const more = c.hops > c.defIds.length ? ` … (+${c.hops - c.defIds.length})` : "";
			out.push(
				`- **${esc(c.title)}** (${c.direction}, ${c.hops} hops): ${c.defIds.map((d) => `\`${d}\``).join(" → ")}${more}`,
			);
		}
		out.push("");
	}
	if (q.chainMisses.length) {
		out.push("Missed chain entries:", "");
		for (const m of q.chainMisses) {
			out.push(
				`- \`${m.symbol}\` at \`${m.file}:${m.line}\` — ${m.fileReached ? "file reached, entry not" : "file never reached"}`,
			);
		}
		out.push("");
	}
	const invalid = q.citations.filter((c) => !c.valid);
	if (invalid.length) {
		out.push("Invalid citations:", "");
		for (const c of invalid)
			out.push(`- [${c.n}] \`${c.file}:${c.startLine}-${c.endLine}\` ${c.symbol}: ${c.reason}`);
		out.push("");
	}
	if (q.baseline) {
		const ranks = Object.entries(q.baseline.coreRanks).map(
			([f, r]) => `\`${f}\` ${r === null ? ">50" : `#${r}`}`,
		);
		out.push(`BM25 words: ${q.baseline.words.join(" ")}; core file ranks: ${ranks.join(", ")}`, "");
	}
	if (q.judge) out.push(`Judge: **${q.judge.verdict}**: ${esc(q.judge.reason)}`, "");
	return out;
}
