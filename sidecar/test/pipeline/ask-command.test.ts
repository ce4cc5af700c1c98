import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AskCommandOptions, askMain } from "../../src/cli/commands/ask.js";
import { UsageError } from "../../src/cli/errors.js";
import { IndexError } from "../../src/index/index-error.js";
import { fixtureIndexPath } from "../support/fixture-index.js";

describe("codeask ask (askMain)", () => {
	let db: string;
	let dir: string;
	beforeAll(async () => {
		db = await fixtureIndexPath();
		dir = mkdtempSync(join(tmpdir(), "codeask-ask-"));
	});
	afterAll(() => rmSync(dir, { recursive: true, force: true }));

	/** The options as the CLI hands them over after parsing (its defaults: offline, short form). */
	const opts = (extra: Partial<AskCommandOptions> = {}): AskCommandOptions => ({
		index: db,
		llm: "none",
		json: false,
		detail: "short",
		...extra,
	});

	it("writes the report: answer, result JSON and a report with routed sections, skeleton, reads and requests", async () => {
		const out = join(dir, "report");
		const { result } = await askMain("How do push notifications work?", opts({ report: out }));
		expect(readFileSync(join(out, "answer.md"), "utf8")).toBe(result.answer);
		const report = readFileSync(join(out, "report.md"), "utf8");
		for (const heading of ["## Routed sections", "## Seeds", "## Skeleton", "## Read", "## Requests"]) {
			expect(report).toContain(heading);
		}
		expect(report).toContain("- none (offline)");
		expect(JSON.parse(readFileSync(join(out, "result.json"), "utf8")).trace.read.length).toBe(
			result.trace.read.length,
		);
	});

	it("turns bad questions and bad --config into usage errors, and a missing index into an IndexError", async () => {
		await expect(askMain("   ", opts())).rejects.toThrow(UsageError);
		await expect(askMain("push", opts({ config: "{not json" }))).rejects.toThrow(
			/--config must be a JSON object/,
		);
		await expect(askMain("push", opts({ config: '{"maxDepth":99}' }))).rejects.toThrow(UsageError);
		await expect(askMain("push", opts({ index: join(dir, "missing.db") }))).rejects.toThrow(IndexError);
		expect(existsSync(join(dir, "missing.db"))).toBe(false);
	});

	it("answers offline and says why when the LLM cannot be set up (no key)", async () => {
		const { result, llmSetupError } = await askMain(
			"How do push notifications work?",
			opts({ llm: "gemini" }),
			{},
		);
		// In the CLI's words: the variable to set, not a settings field the command line has no flag for.
		expect(llmSetupError).toBe("--llm gemini needs an API key in GEMINI_API_KEY");
		expect(result.provider).toBe("none");
		expect(result.fallbackReason).toMatch(/^llm setup: /);
		expect(result.citations.length).toBeGreaterThan(0);
		const openai = await askMain("How do push notifications work?", opts({ llm: "openai" }), {});
		expect(openai.llmSetupError).toMatch(/^--llm openai needs --model and --base-url/);
	});
});
