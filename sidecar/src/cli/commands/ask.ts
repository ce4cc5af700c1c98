/**
 * `codeask ask "<question>"`: answer one question from an index, offline by default.
 * Answer Markdown (or the JSON answer with --json) on stdout; --report DIR writes what each
 * stage kept. Bad input and a missing index exit 2; an LLM that fails falls back to offline.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { llmProviderSchema } from "@codeask/shared";
import { type Command, InvalidArgumentError, Option } from "commander";
import { z } from "zod";
import { IndexReader } from "../../index/reader.js";
import { makeDirs } from "../../make-dirs.js";
import { AskInputError, ask } from "../../pipeline/ask.js";
import { PipelineConfigError } from "../../pipeline/config.js";
import type { AskResult } from "../../pipeline/types.js";
import { UsageError } from "../errors.js";
import { INDEX_OPTION_HELP } from "../find-index.js";
import { llmFromCliOptions } from "../llm-from-options.js";

const optionsSchema = z.strictObject({
	index: z.string().min(1),
	llm: llmProviderSchema,
	model: z.string().min(1).optional(),
	baseUrl: z.url().optional(),
	json: z.boolean().default(false),
	report: z.string().min(1).optional(),
	config: z.string().optional(),
	diagram: z.string().min(1).optional(),
	detail: z.enum(["short", "full"], { error: "must be short or full" }).default("short"),
});
export type AskCommandOptions = z.infer<typeof optionsSchema>;

export interface AskCommandResult {
	result: AskResult;
	/** Set when the LLM could not even be set up, and the answer is offline for that reason. */
	llmSetupError: string | null;
}

const CONFIG_HELP = "--config must be a JSON object of pipeline parameters, e.g. '{\"tokenBudget\":12000}'";

/** --config is checked as it is parsed, so a typo in it is named before the index is looked for. */
function checkConfigJson(value: string): string {
	let parsed: unknown;
	try {
		parsed = JSON.parse(value);
	} catch {
		throw new InvalidArgumentError(CONFIG_HELP);
	}
	if (!parsed || typeof parsed !== "object" || Array.isArray(parsed))
		throw new InvalidArgumentError(CONFIG_HELP);
	return value;
}

/** Run one question; returns data for the shell to print. */
export async function askMain(
	question: string,
	opts: AskCommandOptions,
	env: Readonly<Record<string, string | undefined>> = {},
): Promise<AskCommandResult> {
	let config: Record<string, unknown> = {};
	if (opts.config) {
		try {
			config = JSON.parse(opts.config) as Record<string, unknown>;
		} catch {
			throw new UsageError(CONFIG_HELP);
		}
	}
	const { llm, setupError: llmSetupError } = await llmFromCliOptions(opts, env);
	const index = IndexReader.open(opts.index);
	try {
		// The material's measure is shown only in the report.
		const result = await ask(index, question, {
			...(llm ? { llm } : {}),
			config,
			detail: opts.detail,
			measureMaterial: Boolean(opts.report),
		});
		if (llmSetupError) result.fallbackReason = `llm setup: ${llmSetupError}`;
		if (opts.report) writeReport(opts.report, question, result);
		if (opts.diagram && result.chains.length > 0) {
			// The renderer (Graphviz WASM + resvg) loads only when a picture is asked for.
			const { diagramOptionsFor, renderChainsPng } = await import("../../diagram/index.js");
			await renderChainsPng(result.chains, opts.diagram, { ...diagramOptionsFor(index), title: question });
		}
		return { result, llmSetupError };
	} catch (err) {
		if (err instanceof AskInputError || err instanceof PipelineConfigError) throw new UsageError(err.message);
		throw err;
	} finally {
		index.close();
	}
}

/** The --report folder: answer, routed sections, chains and skeleton, nodes read, requests and tokens. */
export function writeReport(dir: string, question: string, r: AskResult): void {
	makeDirs(dir);
	writeFileSync(join(dir, "answer.md"), r.answer);
	writeFileSync(join(dir, "result.json"), `${JSON.stringify(r, null, 2)}\n`);
	const md = [
		"# CodeAsk report",
		"",
		`Question: ${question}`,
		`Provider: ${r.provider}${r.fallbackReason ? ` (fallback: ${r.fallbackReason})` : ""}`,
		`Requests: ${r.usage.requests}, tokens in ${r.usage.tokensIn}, out ${r.usage.tokensOut}`,
		`Citations: ${r.citations.length} verified, ${r.droppedCitations} dropped`,
		`Timings (ms): ${Object.entries(r.timings)
			.map(([k, v]) => `${k} ${v}`)
			.join(", ")}`,
		"",
		"## Routed sections",
		...r.trace.routedSections.map((s) => `- ${s.chain} ${s.sectionId} (${s.score.toFixed(3)})`),
		"",
		"## Seeds",
		...r.trace.seeds.map((s) => `- ${s.chain} ${s.defId} (${s.score.toFixed(4)})`),
		"",
		"## Skeleton",
		...r.chains.flatMap((c) => [
			`### ${c.id} ${c.title} (${c.direction})`,
			...c.hops.map((h) => `${"  ".repeat(Math.min(h.depth, 6))}- ${h.defId}${h.via ? ` ← ${h.via}` : ""}`),
		]),
		"",
		"## Read",
		...r.trace.read.map((x) => `- ${x.file}:${x.startLine}-${x.endLine} ${x.defId ?? ""}`),
		"",
		"## Requests",
		...(r.trace.requests.length
			? r.trace.requests.map(
					(x) => `- ${x.stage}: ${x.ok ? "ok" : "failed"}, in ${x.tokensIn}, out ${x.tokensOut}, ${x.ms} ms`,
				)
			: ["- none (offline)"]),
		"",
	].join("\n");
	writeFileSync(join(dir, "report.md"), md);
}

export function register(program: Command): void {
	program
		.command("ask")
		.description("Answer a question about the indexed repository, with verified line-range citations.")
		.argument("<question>", 'the question, e.g. "how do push notifications work?"')
		.option("-i, --index <file>", INDEX_OPTION_HELP)
		.addOption(
			new Option(
				"--llm <provider>",
				"none (offline), gemini (GEMINI_API_KEY) or openai (OpenAI-compatible, --base-url)",
			)
				.choices(llmProviderSchema.options)
				.default("none"),
		)
		.option("--model <name>", "LLM model name (default: the provider's default)")
		.option("--base-url <url>", "LLM endpoint (openai: e.g. http://127.0.0.1:11434/v1 for Ollama)")
		.option(
			"--config <json>",
			"pipeline parameters as JSON, e.g. '{\"tokenBudget\":12000}' (see docs/pipeline.md)",
			checkConfigJson,
		)
		.option("--json", "print the JSON answer {answer, citations, chains, usage, indexCommit, timings}", false)
		.addOption(
			new Option(
				"--detail <form>",
				"short (the flow through the code and where to look, one chat message) or full (every flow, neighbours, code excerpts)",
			)
				.choices(["short", "full"])
				.default("short"),
		)
		.option(
			"--diagram <file.png>",
			"also draw the answer's chains as a PNG (offline: Graphviz WASM + resvg; see docs/overview.md)",
		)
		.option(
			"--report <dir>",
			"write report.md, answer.md and result.json (routed sections, chains, skeleton, nodes read, requests, tokens)",
		)
		.addHelpText(
			"after",
			[
				"",
				"Examples:",
				'  codeask ask "how are messages sent?" --index .codeask/index.db',
				'  codeask ask "how are messages sent?" --detail full      # the long form',
				'  GEMINI_API_KEY=… codeask ask "where is a permission checked?" --llm gemini --json',
				"",
				"Exit codes: 0 answered (also when the LLM failed and the answer is offline), 2 bad question, options or index.",
			].join("\n"),
		)
		.action(async (question: string, raw: Record<string, unknown>) => {
			const parsed = optionsSchema.safeParse(raw);
			if (!parsed.success) {
				throw new UsageError(
					parsed.error.issues.map((i) => `--${i.path.join(".")}: ${i.message}`).join("; "),
				);
			}
			const { result } = await askMain(question, parsed.data, process.env);
			if (parsed.data.json) {
				const { trace: _trace, ...wire } = result;
				process.stdout.write(`${JSON.stringify(wire, null, 2)}\n`);
			} else {
				process.stdout.write(result.answer);
				if (result.fallbackReason)
					process.stderr.write(`codeask: answered offline: ${result.fallbackReason}\n`);
			}
		});
}
