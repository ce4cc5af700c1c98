/**
 * The adapters inside the real pipeline: `ask()` on the mini-chat fixture index with real SDK
 * clients pointed at the fake servers. Asserts only what the LLM layer promises the pipeline:
 * at most 3 billed requests, usage equal to what the provider reported, and an offline answer
 * (with a reason) when the provider fails — after one stage's retries, not three.
 */
import { afterEach, describe, expect, it } from "vitest";
import { createLlmClient, RequestBudget } from "../../src/llm/index.js";
import { ask } from "../../src/pipeline/ask.js";
import { startFakeGemini } from "../support/fake-gemini.js";
import type { FakeLlmServer, FakeServerOptions } from "../support/fake-llm-http.js";
import { startFakeOpenAI } from "../support/fake-openai.js";
import { indexForSuite, openFixtureIndex } from "../support/open-index.js";

const QUESTION = "how does a message get sent?";

const cases = [
	{
		name: "gemini",
		start: startFakeGemini,
		settings: (url: string) => ({ provider: "gemini", apiKey: "k-123456", baseUrl: url }),
	},
	{
		name: "openai",
		start: startFakeOpenAI,
		settings: (url: string) => ({ provider: "openai", model: "m", baseUrl: url }),
	},
] as const;

const index = indexForSuite(openFixtureIndex);

describe.each(cases)("ask() with the $name adapter", (pc) => {
	let fake: FakeLlmServer;
	afterEach(async () => {
		await fake?.close();
	});
	const start = async (options: FakeServerOptions, extra: Record<string, unknown> = {}) => {
		fake = await pc.start(options);
		const budget = new RequestBudget();
		const llm = createLlmClient({ ...pc.settings(fake.url), retryBaseMs: 10, ...extra }, budget);
		return { llm, budget };
	};

	it("spends at most 3 billed requests and reports the provider's usage", async () => {
		let n = 0;
		const { llm } = await start({
			// JSON stages get unusable output (forcing repairs); the answer stage gets text.
			fallback: (req) => ({
				text: req.json ? "not json" : "It is sent by a method [1].",
				usage: { tokensIn: 100 + n, tokensOut: 10 + n++ },
			}),
		});
		const res = await ask(index(), QUESTION, { llm });
		expect(fake.billable()).toBeLessThanOrEqual(3);
		expect(res.usage.requests).toBe(fake.billable());
		const reported = fake.requests.slice(0, res.usage.requests);
		expect(res.usage.tokensIn).toBe(reported.reduce((s, _r, i) => s + 100 + i, 0));
		expect(res.citations.every((c) => c.verified)).toBe(true);
	});

	it("answers offline, with a reason, when the provider is unreachable; later stages do not retry again", async () => {
		const { llm } = await start({ fallback: { status: 503, error: "overloaded" } }, { maxRetries: 1 });
		const res = await ask(index(), QUESTION, { llm });
		expect(res.provider).toBe("none");
		expect(res.fallbackReason).toContain("overloaded");
		expect(res.usage.requests).toBe(0);
		expect(fake.requests).toHaveLength(2); // one stage: the first try and one retry
		expect(res.answer.length).toBeGreaterThan(0);
		expect(res.citations.length).toBeGreaterThan(0);
	});

	it("falls back offline on a timeout", async () => {
		const { llm } = await start(
			{ fallback: { text: "late", delayMs: 3_000 } },
			{ timeoutMs: 200, maxRetries: 0 },
		);
		const res = await ask(index(), QUESTION, { llm });
		expect(res.provider).toBe("none");
		expect(res.fallbackReason).toMatch(/did not answer within 200 ms/);
		expect(fake.requests).toHaveLength(1);
	});
});
