/**
 * Writes a run's reports into its folder: `report.json` (everything), `report.md` (for people),
 * and each answer's text under `scratch/answers/` (ignored by git: answers quote the source of
 * the repository under test, which must not be committed with the reports).
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { makeDirs } from "../../make-dirs.js";
import { REPORT_JSON } from "../delta.js";
import type { BenchReport } from "../report.js";
import type { BenchReporter, ResultEvent } from "../run.js";
import { renderMarkdown } from "./markdown.js";

export const REPORT_MD = "report.md";
export const ANSWERS_DIR = join("scratch", "answers");

export function filesReporter(outDir: string): BenchReporter {
	return {
		onStart() {
			makeDirs(join(outDir, ANSWERS_DIR));
		},
		onResult({ result, answer }: ResultEvent) {
			if (!answer) return;
			const sources = answer.citations.map(
				(c) => `[${c.n}] ${c.file}:${c.startLine}-${c.endLine} — ${c.symbol}`,
			);
			writeFileSync(
				join(outDir, ANSWERS_DIR, `${result.id}.md`),
				`# ${result.question}\n\n${answer.answer}\n\n---\nCitations as returned:\n${sources.join("\n")}\n`,
			);
		},
		onComplete(report: BenchReport) {
			writeFileSync(join(outDir, REPORT_JSON), `${JSON.stringify(report, null, 2)}\n`);
			writeFileSync(join(outDir, REPORT_MD), renderMarkdown(report));
		},
	};
}
