/**
 * `codeask bench` as a function: validate the options and the question file, open the index,
 * check the labels against it, run the set, write the reports, and return the report plus the
 * exit code. The CLI command is a thin shell over this; the pipeline and the LLM factory are
 * injected so tests can drive it without a network.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { llmProviderSchema } from "@codeask/shared";
import { z } from "zod";
import { IndexReader } from "../index/reader.js";
import { createLlmClient, type LlmEnv, RequestBudget } from "../llm/index.js";
import type { LlmClient } from "../llm/types.js";
import { makeDirs } from "../make-dirs.js";
import type { AskOptions, AskResult } from "../pipeline/types.js";
import { findPreviousReport } from "./delta.js";
import { judgeAnswer } from "./judge.js";
import { loadQuestionSet, type QuestionLabel, QuestionSetError } from "./questions.js";
import type { BenchReport } from "./report.js";
import { consoleReporter } from "./reporters/console.js";
import { filesReporter } from "./reporters/files.js";
import { type BenchReporter, jsonSummary, runBench } from "./run.js";
import { checkSetAgainstIndex, type SetCheck } from "./validate.js";

/** Requests the judge may make per question: exactly one, outside the answer's budget of three. */
const JUDGE_REQUESTS = 1;

const emptyToUndefined = (v: unknown) => (v === "" ? undefined : v);

export const benchOptionsSchema = z.strictObject({
	index: z.string().min(1),
	questions: z.string().min(1, "--questions FILE is required"),
	llm: llmProviderSchema.default("none"),
	model: z.preprocess(emptyToUndefined, z.string().min(1).optional()),
	baseUrl: z.preprocess(emptyToUndefined, z.url().optional()),
	out: z.preprocess(emptyToUndefined, z.string().optional()),
	label: z.preprocess(
		emptyToUndefined,
		z
			.string()
			.regex(/^[A-Za-z0-9._-]+$/, "letters, digits, '.', '_' and '-' only")
			.optional(),
	),
	report: z.boolean().default(true),
	json: z.boolean().default(false),
	baseline: z.boolean().default(false),
	judge: z.boolean().default(false),
	judgeLlm: llmProviderSchema.optional(),
	judgeModel: z.preprocess(emptyToUndefined, z.string().min(1).optional()),
	judgeBaseUrl: z.preprocess(emptyToUndefined, z.url().optional()),
	minCoreRecall: z.coerce.number().min(0).max(1).optional(),
	allowMissingPaths: z.boolean().default(false),
	only: z.preprocess(emptyToUndefined, z.string().optional()),
	pipelineConfig: z.preprocess(emptyToUndefined, z.string().optional()),
	/** Settings passed to every LLM client (timeouts, spacing, retries). */
	llmSettings: z.record(z.string(), z.unknown()).optional(),
});
export type BenchCliOptions = z.input<typeof benchOptionsSchema>;

export interface BenchIo {
	stdout(text: string): void;
	stderr(text: string): void;
	/** Show a progress bar (stderr is a TTY and not --json). */
	progress: boolean;
	env: LlmEnv;
	now?: () => Date;
}

export interface BenchMainDeps {
	ask(index: IndexReader, question: string, options: AskOptions): Promise<AskResult>;
	/** Defaults to createLlmClient; tests may pass their own. */
	createLlm?: (settings: unknown, budget: RequestBudget, env: LlmEnv) => LlmClient;
}

/** A problem with the invocation (bad options, question file or labels): exit code 2. */
export class BenchUsageError extends Error {
	constructor(message: string) {
		super(message);
		this.name = "BenchUsageError";
	}
}

export interface BenchOutcome {
	report: BenchReport;
	exitCode: 0 | 1;
	outDir: string | null;
}

function parseOptions(raw: BenchCliOptions) {
	const parsed = benchOptionsSchema.safeParse(raw);
	if (!parsed.success) {
		const issues = parsed.error.issues.map((i) => `--${i.path.join(".") || "options"}: ${i.message}`);
		throw new BenchUsageError(`invalid options:\n${issues.map((i) => `  - ${i}`).join("\n")}`);
	}
	return parsed.data;
}

function readPipelineConfig(path: string | undefined): Record<string, unknown> | undefined {
	if (!path) return undefined;
	try {
		const value = JSON.parse(readFileSync(path, "utf8")) as unknown;
		if (value && typeof value === "object" && !Array.isArray(value)) return value as Record<string, unknown>;
	} catch (err) {
		throw new BenchUsageError(`cannot read --pipeline-config ${path}: ${(err as Error).message}`);
	}
	throw new BenchUsageError(`--pipeline-config ${path} must hold a JSON object`);
}

/** Whether a label path exists in the indexed repository on this machine (false when it is not here). */
function inIndexedRepository(repoRoot: string): (path: string) => boolean {
	const here = repoRoot !== "" && existsSync(repoRoot);
	return (path) => here && existsSync(join(repoRoot, path));
}

const MAX_LISTED = 25;
const listPaths = (ms: readonly { id: string; path: string }[]) =>
	[
		...ms.slice(0, MAX_LISTED).map((m) => `  - ${m.id}: ${m.path}`),
		...(ms.length > MAX_LISTED ? [`  … and ${ms.length - MAX_LISTED} more`] : []),
	].join("\n");

/**
 * Label paths missing from the index. A path that is not in the indexed repository either is an
 * error (a typo, or labels for another tree) unless --allow-missing-paths; a path that is in the
 * repository but was not indexed (not source, a test, excluded) is a warning. Either way such a
 * core file counts as a miss at stage "not indexed".
 */
function reportMissingPaths(
	missing: SetCheck["missingPaths"],
	opts: { questions: string; index: string; allowMissingPaths: boolean },
	io: BenchIo,
): void {
	const unknown = missing.filter((m) => !m.inRepository);
	const notIndexed = missing.filter((m) => m.inRepository);
	if (unknown.length && !opts.allowMissingPaths) {
		throw new BenchUsageError(
			`${unknown.length} label path(s) in ${opts.questions} are neither files of the index ${opts.index} nor of the indexed repository (typo, wrong index, or labels for another commit?); --allow-missing-paths runs anyway:\n${listPaths(unknown)}`,
		);
	}
	if (unknown.length) {
		io.stderr(
			`codeask bench: warning: ${unknown.length} label path(s) are neither in the index nor in the indexed repository; core files among them count as misses ("not indexed"):\n${listPaths(unknown)}\n`,
		);
	}
	if (notIndexed.length) {
		io.stderr(
			`codeask bench: warning: ${notIndexed.length} label path(s) exist in the repository but are not in the index (not source, tests, or excluded); core files among them count as misses ("not indexed"):\n${listPaths(notIndexed)}\n`,
		);
	}
}

export async function benchMain(
	raw: BenchCliOptions,
	io: BenchIo,
	deps: BenchMainDeps,
): Promise<BenchOutcome> {
	const opts = parseOptions(raw);
	const createLlm = deps.createLlm ?? ((s, b, env) => createLlmClient(s, b, { env }));

	let set: ReturnType<typeof loadQuestionSet>;
	try {
		set = loadQuestionSet(opts.questions);
	} catch (err) {
		if (err instanceof QuestionSetError) throw new BenchUsageError(err.message);
		throw err;
	}
	if (opts.only) {
		const wanted = opts.only
			.split(",")
			.map((s) => s.trim())
			.filter(Boolean);
		const unknown = wanted.filter((id) => !set.questions.some((q) => q.id === id));
		if (unknown.length) throw new BenchUsageError(`--only names unknown question ids: ${unknown.join(", ")}`);
		set = { ...set, questions: set.questions.filter((q) => wanted.includes(q.id)) };
	}
	const pipelineConfig = readPipelineConfig(opts.pipelineConfig);

	// LLM settings are checked before the index is opened, so a bad key fails fast.
	const answerSettings = {
		...opts.llmSettings,
		provider: opts.llm,
		model: opts.model,
		baseUrl: opts.baseUrl,
	};
	const judgeProvider = opts.judgeLlm ?? opts.llm;
	const judgeSettings = {
		...opts.llmSettings,
		provider: judgeProvider,
		model: opts.judgeModel ?? (opts.judgeLlm ? undefined : opts.model),
		baseUrl: opts.judgeBaseUrl ?? (opts.judgeLlm ? undefined : opts.baseUrl),
	};
	if (opts.judge && judgeProvider === "none") {
		throw new BenchUsageError("--judge needs an LLM: pass --llm gemini|openai, or --judge-llm gemini|openai");
	}
	const answerLlm = (): LlmClient => createLlm(answerSettings, new RequestBudget(), io.env);
	const judgeLlm = (budget = new RequestBudget(JUDGE_REQUESTS)): LlmClient =>
		createLlm(judgeSettings, budget, io.env);
	/** One verdict on a fresh one-request budget; the requests billed are read from that budget. */
	const judge = async (l: QuestionLabel, answer: string) => {
		const budget = new RequestBudget(JUDGE_REQUESTS);
		return { ...(await judgeAnswer(judgeLlm(budget), l, answer)), requests: budget.used };
	};
	let probe: LlmClient;
	let judgeProbe: LlmClient | null = null;
	try {
		probe = answerLlm();
		if (opts.judge) judgeProbe = judgeLlm();
	} catch (err) {
		throw new BenchUsageError((err as Error).message);
	}

	// Question after question on one reader: the whole edge table at the first lookup (reader.ts).
	const index = IndexReader.open(opts.index, { questions: "many" });
	try {
		const check = checkSetAgainstIndex(set, index, inIndexedRepository(index.meta().repoRoot));
		reportMissingPaths(check.missingPaths, opts, io);
		if (check.commitMismatch) {
			io.stderr(
				`codeask bench: warning: the index was built from commit ${check.commitMismatch.index ?? "(none: not a git checkout)"}, but the questions are labelled for commit ${check.commitMismatch.questions}; scores may not be comparable\n`,
			);
		}

		const label = opts.label ?? `${set.set}-${opts.llm}`;
		const now = io.now ?? (() => new Date());
		const outDir = opts.report
			? (opts.out ?? join("eval", "runs", `${now().toISOString().slice(0, 10)}-${label}`))
			: null;
		const previous = outDir ? findPreviousReport(outDir, set.set, opts.llm) : null;
		if (outDir) makeDirs(outDir);

		const reporters: BenchReporter[] = [];
		if (outDir) reporters.push(filesReporter(outDir));
		if (!opts.json) reporters.push(consoleReporter({ progress: io.progress, write: io.stdout, outDir }));

		const report = await runBench(
			{
				set,
				label,
				baseline: opts.baseline,
				llm: { provider: probe.provider, model: probe.model },
				judgeLlm: judgeProbe ? { provider: judgeProbe.provider, model: judgeProbe.model } : null,
				previous,
			},
			{
				index,
				answer: (question) =>
					deps.ask(index, question, {
						llm: answerLlm(),
						...(pipelineConfig ? { config: pipelineConfig } : {}),
					}),
				...(opts.judge ? { judge } : {}),
				now,
			},
			reporters,
		);

		if (opts.json) io.stdout(`${JSON.stringify(jsonSummary(report), null, 2)}\n`);
		let exitCode: 0 | 1 = 0;
		if (report.errors > 0) {
			io.stderr(`codeask bench: ${report.errors} question(s) failed in the pipeline\n`);
			exitCode = 1;
		}
		if (opts.minCoreRecall !== undefined) {
			const got = report.mean.coreRecallContext ?? 0;
			if (got < opts.minCoreRecall) {
				io.stderr(
					`codeask bench: mean coreRecallContext ${got.toFixed(3)} is below --min-core-recall ${opts.minCoreRecall}\n`,
				);
				exitCode = 1;
			}
		}
		return { report, exitCode, outDir };
	} finally {
		index.close();
	}
}
