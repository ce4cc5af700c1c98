/**
 * `codeask bench`: run a gold-labelled question set through the answer pipeline and score it.
 * A thin shell over `benchMain` (src/bench/main.ts): options in, report and exit code out.
 */
import { type Command, Option } from "commander";
import { type BenchCliOptions, BenchUsageError, benchMain } from "../../bench/main.js";
import { ask } from "../../pipeline/ask.js";
import { UsageError } from "../errors.js";
import { INDEX_OPTION_HELP } from "../find-index.js";

const LLM_CHOICES = ["none", "gemini", "openai"];

export function register(program: Command): void {
	program
		.command("bench")
		.description(
			"Score the answer pipeline on a gold-labelled question set: core-file recall (context and cited), chain coverage, key symbols, citation validity, requests, tokens and wall time, per question and as means.",
		)
		.requiredOption("--questions <file>", "question set (schema codeask-questions/1); may live anywhere")
		.option("--index <file>", INDEX_OPTION_HELP)
		.addOption(
			new Option("--llm <provider>", "LLM for the answers (none = offline, extractive)")
				.choices(LLM_CHOICES)
				.default("none"),
		)
		.option("--model <name>", "model for --llm")
		.option("--base-url <url>", "base URL for --llm (openai-compatible servers, or a Gemini proxy)")
		.option("--out <dir>", "report folder (default eval/runs/<date>-<label>)")
		.option("--label <name>", "run label used in the default report folder (default <set>-<llm>)")
		.option("--no-report", "do not write report files (console or --json only)")
		.option("--json", "print the results as JSON on stdout (no progress bar, no summary)", false)
		.option("--baseline", "also rank files with plain BM25 and report its core recall at 10/20/50", false)
		.option("--judge", "grade each answer against the label's mechanism with one extra LLM request", false)
		.addOption(new Option("--judge-llm <provider>", "LLM for --judge (default: --llm)").choices(LLM_CHOICES))
		.option("--judge-model <name>", "model for --judge-llm")
		.option("--judge-base-url <url>", "base URL for --judge-llm")
		.option("--min-core-recall <x>", "exit 1 when the mean coreRecallContext is below x (0..1)")
		.option("--only <ids>", "comma-separated question ids to run")
		.option(
			"--allow-missing-paths",
			"run even when label paths are in neither the index nor the indexed repository (they count as misses)",
			false,
		)
		.option("--pipeline-config <file>", "JSON object of pipeline parameter overrides (see docs/pipeline.md)")
		.addHelpText(
			"after",
			`
Metrics are defined in eval/README.md. Reports (report.md, report.json) go to the --out folder, with
the delta against the previous run of the same set found in that folder or its siblings; answer texts
go to <out>/scratch/ (not committed). API keys come from GEMINI_API_KEY / OPENAI_API_KEY.

Label paths that exist in the repository but were not indexed (not source, tests, excluded) are
listed as a warning and count as misses at stage "not indexed".

Exit codes: 0 ok; 1 a question failed or --min-core-recall not met; 2 bad options, question file,
label paths in neither the index nor the repository, or index missing.

Examples:
  codeask bench --index .codeask/index.db --questions eval/mini-chat.json --baseline
  codeask bench --index rc.db --questions eval/rocketchat-dev.json --json --no-report --min-core-recall 0.8
  codeask bench --index rc.db --questions held-out.json --judge --judge-llm gemini`,
		)
		.action(async (raw: Record<string, unknown>) => {
			try {
				const outcome = await benchMain(
					raw as BenchCliOptions,
					{
						stdout: (t) => process.stdout.write(t),
						stderr: (t) => process.stderr.write(t),
						progress: process.stderr.isTTY === true && raw.json !== true,
						env: process.env,
					},
					{ ask },
				);
				process.exitCode = outcome.exitCode;
			} catch (err) {
				if (err instanceof BenchUsageError) throw new UsageError(err.message);
				throw err;
			}
		});
}
