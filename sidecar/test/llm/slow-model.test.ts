/**
 * A model slower than Node's fetch allows by default: undici cuts a response whose headers take
 * longer than its `headersTimeout` (300 s in Node), and the client retried the same request, so a
 * slow model was asked every 5 minutes and the question fell back offline. Here the process-wide
 * default is made 300 ms (undici's `setGlobalDispatcher`, which Node's fetch reads too) and the fake
 * server takes 900 ms: the client's own timeout (5 s) decides, one request is made and answered.
 * Without the dispatcher the Gemini case fails (a second request, the first cut short). The OpenAI
 * SDK's fetch does not read that default in this harness, so its case shows only that the SDK takes
 * the dispatcher and the slow answer comes back once; the relay run showed its 5-minute re-sends.
 */
import { Agent, type Dispatcher, getGlobalDispatcher, setGlobalDispatcher } from "undici";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createLlmClient, RequestBudget } from "../../src/llm/index.js";
import { startFakeGemini } from "../support/fake-gemini.js";
import type { FakeLlmServer } from "../support/fake-llm-http.js";
import { startFakeOpenAI } from "../support/fake-openai.js";

const cases = [
	{ name: "openai", start: startFakeOpenAI, model: "qwen-test" },
	{ name: "gemini", start: startFakeGemini, model: "gemini-test" },
] as const;

describe.each(cases)("$name: a model slower than fetch's default header timeout", (pc) => {
	let fake: FakeLlmServer;
	let before: Dispatcher;
	beforeAll(() => {
		before = getGlobalDispatcher();
		setGlobalDispatcher(new Agent({ headersTimeout: 300, bodyTimeout: 300 }));
	});
	afterAll(() => setGlobalDispatcher(before));
	afterEach(async () => {
		await fake?.close();
	});

	it("is waited for up to the client's own timeout, asked once", async () => {
		fake = await pc.start({ responses: [{ text: "Slow but sure.", delayMs: 900 }] });
		const llm = createLlmClient(
			{
				provider: pc.name,
				apiKey: "k",
				baseUrl: fake.url,
				model: pc.model,
				timeoutMs: 5_000,
				retryBaseMs: 20,
			},
			new RequestBudget(3),
			{ random: () => 0.5 },
		);
		const res = await llm.generateText({ stage: "answer", system: "s", prompt: "p" });
		expect(res.text).toBe("Slow but sure.");
		expect(fake.requests).toHaveLength(1);
	});
});
