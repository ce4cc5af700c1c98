import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BenchCliOptions, type BenchIo, BenchUsageError, benchMain } from "../../src/bench/main.js";
import type { AskResult } from "../../src/pipeline/types.js";
import { startFakeGemini } from "../support/fake-gemini.js";
import type { FakeLlmServer } from "../support/fake-llm-http.js";
import { askResult, citation, emptyTrace, label, questionSet } from "./support/labels.js";
import { buildTinyIndex } from "./support/tiny-index.js";

let dir: string;
let indexPath: string;
let questionsPath: string;

beforeAll(() => {
	dir = mkdtempSync(join(tmpdir(), "codeask-benchmain-"));
	indexPath = buildTinyIndex();
	questionsPath = join(dir, "tiny.json");
	writeFileSync(
		questionsPath,
		JSON.stringify(questionSet([label(), label({ id: "q-send", core: ["src/net/send.ts"] })])),
	);
});

function io(): BenchIo & { out: string[]; err: string[] } {
	const out: string[] = [];
	const err: string[] = [];
	return { out, err, stdout: (t) => out.push(t), stderr: (t) => err.push(t), progress: false, env: {} };
}

/** Reads send.ts only: core recall 0.5 on q-push, 1 on q-send. */
const ask = async (): Promise<AskResult> =>
	askResult({
		answer: "send [1]",
		citations: [citation(1, "src/net/send.ts", 1, 3, "send")],
		trace: emptyTrace({
			read: [{ file: "src/net/send.ts", startLine: 1, endLine: 3, defId: "src/net/send.ts#send" }],
		}),
	});

const opts = (over: Partial<BenchCliOptions> = {}): BenchCliOptions => ({
	index: indexPath,
	questions: questionsPath,
	out: join(dir, "runs", "r1"),
	...over,
});

describe("benchMain", () => {
	it("prints the --json shape and writes the reports", async () => {
		const o = io();
		const { report, exitCode, outDir } = await benchMain(opts({ json: true, baseline: true }), o, { ask });
		expect(exitCode).toBe(0);
		const printed = JSON.parse(o.out.join(""));
		expect(Object.keys(printed)).toEqual(
			expect.arrayContaining(["set", "commit", "questions", "mean", "baseline"]),
		);
		expect(printed.questions[0]).toMatchObject({
			id: "q-push",
			type: "architecture",
			coreRecallContext: 0.5,
			coreRecallCited: 0.5,
			requests: 0,
			missed: [{ file: "src/push/push.ts", stage: "never a candidate" }],
		});
		expect(Object.keys(printed.baseline)).toEqual(["recallAt10", "recallAt20", "recallAt50"]);
		expect(printed.mean.coreRecallContext).toBe(0.75);
		expect(report.mean.coreRecallContext).toBe(0.75);
		expect(JSON.parse(readFileSync(join(outDir ?? "", "report.json"), "utf8")).set).toBe("tiny");
	});

	it("exits 1 when the mean core recall is below --min-core-recall, 0 when it is met", async () => {
		const low = io();
		expect((await benchMain(opts({ minCoreRecall: 0.8, report: false }), low, { ask })).exitCode).toBe(1);
		expect(low.err.join("")).toMatch(/0\.750 is below --min-core-recall 0\.8/);
		expect((await benchMain(opts({ minCoreRecall: 0.75, report: false }), io(), { ask })).exitCode).toBe(0);
	});

	it("exits 1 when a question fails in the pipeline, after scoring the rest", async () => {
		const o = io();
		const failing = async (_i: unknown, q: string) => {
			if (q === label().question) throw new Error("boom");
			return ask();
		};
		const { report, exitCode } = await benchMain(opts({ report: false }), o, { ask: failing });
		expect(exitCode).toBe(1);
		expect(report.questions.map((q) => q.error)).toEqual(["boom", "boom"]);
	});

	it("rejects a malformed questions file with field paths", async () => {
		const bad = join(dir, "bad.json");
		writeFileSync(
			bad,
			JSON.stringify({ ...questionSet([label()]), questions: [{ ...label(), core: "x.ts" }] }),
		);
		await expect(benchMain(opts({ questions: bad }), io(), { ask })).rejects.toThrow(/questions\[0\]\.core:/);
	});

	it("lists every label path that is not in the index", async () => {
		const q = join(dir, "missing.json");
		writeFileSync(
			q,
			JSON.stringify(
				questionSet([label({ core: ["src/a.ts", "src/net/send.ts"], supporting: ["src/b.ts"] })]),
			),
		);
		const err = await benchMain(opts({ questions: q }), io(), { ask }).catch((e: Error) => e);
		expect(err).toBeInstanceOf(BenchUsageError);
		expect((err as Error).message).toMatch(/2 label path\(s\)/);
		expect((err as Error).message).toContain("q-push: src/a.ts");
		expect((err as Error).message).toContain("q-push: src/b.ts");
	});

	it("with --allow-missing-paths, runs anyway, warns, and counts missing core files as 'not indexed'", async () => {
		const q = join(dir, "missing-allowed.json");
		writeFileSync(q, JSON.stringify(questionSet([label({ core: ["src/a.ts", "src/net/send.ts"] })])));
		const o = io();
		const { report } = await benchMain(opts({ questions: q, allowMissingPaths: true, report: false }), o, {
			ask,
		});
		expect(o.err.join("")).toMatch(
			/warning: 1 label path\(s\) are neither in the index nor in the indexed repository/,
		);
		expect(report.questions[0]?.missed).toEqual([{ file: "src/a.ts", stage: "not indexed" }]);
		expect(report.loss["not indexed"]).toBe(1);
		expect(report.mean.coreRecallContext).toBe(0.5);
	});

	it("warns and shows both commits when the index is of another commit", async () => {
		const other = join(dir, "other.json");
		writeFileSync(
			other,
			JSON.stringify(questionSet([label()], { commit: "1111111111111111111111111111111111111111" })),
		);
		const o = io();
		await benchMain(opts({ questions: other, report: false }), o, { ask });
		expect(o.err.join("")).toMatch(
			/built from commit abcdef1234567890abcdef1234567890abcdef12, but the questions are labelled for commit 1111111111111111111111111111111111111111/,
		);
	});

	it("runs only the questions named by --only, and rejects unknown ids", async () => {
		const { report } = await benchMain(opts({ only: "q-send", report: false }), io(), { ask });
		expect(report.questions.map((q) => q.id)).toEqual(["q-send"]);
		await expect(benchMain(opts({ only: "q-nope" }), io(), { ask })).rejects.toThrow(
			/unknown question ids: q-nope/,
		);
	});

	it("refuses --judge without an LLM, and bad option values", async () => {
		await expect(benchMain(opts({ judge: true }), io(), { ask })).rejects.toThrow(/--judge needs an LLM/);
		await expect(benchMain(opts({ minCoreRecall: 2 }), io(), { ask })).rejects.toThrow(/--minCoreRecall/);
		await expect(benchMain(opts({ llm: "gemini" }), io(), { ask })).rejects.toThrow(/GEMINI_API_KEY/);
	});
});

describe("--judge against a fake Gemini server", () => {
	let fake: FakeLlmServer;
	beforeAll(async () => {
		fake = await startFakeGemini();
	});
	afterAll(() => fake.close());

	it("grades each answer with one request on its own budget, with the label's mechanism in the prompt", async () => {
		fake.enqueue(
			{ json: { verdict: "PARTIAL", reason: "names send but not the class" } },
			{ text: "not json at all" },
		);
		const o = io();
		o.env = { GEMINI_API_KEY: "test-key" };
		const { report } = await benchMain(
			opts({
				judge: true,
				judgeLlm: "gemini",
				judgeBaseUrl: fake.url,
				report: false,
				llmSettings: { maxRetries: 0 },
			}),
			o,
			{ ask },
		);
		// the answers were offline: no answer requests; the judge made exactly one per question
		expect(report.mean.requests).toBe(0);
		expect(fake.requests).toHaveLength(2);
		expect(fake.requests[0]?.prompt).toContain("PushSender.sendNativeNotification calls send.");
		expect(fake.requests[0]?.prompt).toContain("send [1]");
		expect(fake.requests[0]?.json).toBe(true);
		expect(report.questions[0]?.judge).toMatchObject({
			verdict: "PARTIAL",
			reason: "names send but not the class",
		});
		// malformed output: no repair within a one-request budget, so the verdict is FAILED
		expect(report.questions[1]?.judge?.verdict).toBe("FAILED");
		expect(report.judge).toMatchObject({ partial: 1, failed: 1, requests: 2 });
		// the malformed reply was billed too: the summary counts what the provider billed
		expect(fake.billable()).toBe(2);
		expect(report.judgeLlm?.provider).toBe("gemini");
	});
});
