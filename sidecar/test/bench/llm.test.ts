/**
 * `codeask bench --llm gemini` with the real pipeline and the real @google/genai SDK against a
 * fake Gemini server: the benchmark's request and token counts are what the provider billed.
 */
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BenchIo, benchMain } from "../../src/bench/main.js";
import { ask } from "../../src/pipeline/ask.js";
import { startFakeGemini } from "../support/fake-gemini.js";
import type { FakeLlmServer } from "../support/fake-llm-http.js";
import { fixtureIndexPath } from "../support/fixture-index.js";

const QUESTIONS = join(resolve(fileURLToPath(new URL("../../..", import.meta.url))), "eval/mini-chat.json");

let fake: FakeLlmServer;
let indexPath: string;
beforeAll(async () => {
	indexPath = await fixtureIndexPath();
	// Whatever a stage asks, answer something well-formed but unhelpful: JSON stages get {}, text gets prose.
	fake = await startFakeGemini({
		fallback: (req) => (req.json ? { json: {} } : { text: "The flow starts in the composer." }),
	});
});
afterAll(() => fake.close());

describe("bench with an LLM", () => {
	it("reports per question the requests and tokens the provider billed, never more than 3", async () => {
		const err: string[] = [];
		const io: BenchIo = {
			stdout: () => {},
			stderr: (t) => err.push(t),
			progress: false,
			env: { GEMINI_API_KEY: "test-key" },
		};
		const { report } = await benchMain(
			{
				index: indexPath,
				questions: QUESTIONS,
				llm: "gemini",
				baseUrl: fake.url,
				report: false,
				only: "mc-01-push,mc-03-after-save",
				llmSettings: { maxRetries: 0 },
			},
			io,
			{ ask },
		);
		expect(report.llm.provider).toBe("gemini");
		expect(report.errors).toBe(0);
		const requests = report.questions.map((q) => q.metrics.requests);
		for (const n of requests) expect(n).toBeLessThanOrEqual(3);
		expect(requests.reduce((a, b) => a + b, 0)).toBe(fake.billable());
		expect(fake.billable()).toBeGreaterThan(0);
		for (const q of report.questions) {
			if (q.metrics.requests > 0) expect(q.metrics.tokensIn).toBeGreaterThan(0);
			expect(q.provider === "gemini" || q.fallbackReason !== null).toBe(true);
		}
		expect(err.join("")).toBe("");
	});
});
