/** Wire details that differ per provider, through the real SDKs against the fakes. */
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { createLlmClient, type LlmError, RequestBudget } from "../../src/llm/index.js";
import { startFakeGemini } from "../support/fake-gemini.js";
import type { FakeLlmServer } from "../support/fake-llm-http.js";
import { startFakeOpenAI } from "../support/fake-openai.js";

const FAST = { retryBaseMs: 10, timeoutMs: 5_000 };
const schema = z.object({ ok: z.boolean() });
let fake: FakeLlmServer;
afterEach(async () => {
	await fake?.close();
});

describe("gemini", () => {
	const gemini = (extra: Record<string, unknown> = {}, budget = new RequestBudget()) =>
		createLlmClient(
			{ provider: "gemini", apiKey: "AIza-test-key", baseUrl: fake.url, ...FAST, ...extra },
			budget,
		);

	it("calls the default Flash model with the key from GEMINI_API_KEY", async () => {
		fake = await startFakeGemini({ apiKey: "env-key-777", responses: [{ text: "hi" }] });
		const llm = createLlmClient({ provider: "gemini", baseUrl: fake.url }, new RequestBudget(), {
			env: { GEMINI_API_KEY: "env-key-777" },
		});
		await llm.generateText({ stage: "answer", system: "s", prompt: "p" });
		expect(llm.model).toMatch(/flash/);
		expect(fake.requests[0]?.model).toBe(llm.model);
		expect(fake.requests[0]?.headers["x-goog-api-key"]).toBe("env-key-777");
	});

	it("maps Gemini's 400 API_KEY_INVALID to a non-retryable unauthorized error", async () => {
		fake = await startFakeGemini({ apiKey: "the-right-key" });
		const err = (await gemini()
			.generateText({ stage: "answer", system: "s", prompt: "p" })
			.catch((e) => e)) as LlmError;
		expect(err.code).toBe("unauthorized");
		expect(err.isRetryable).toBe(false);
		expect(err.status).toBe(400);
		expect(fake.requests).toHaveLength(1);
	});

	it("honours the RetryInfo delay in a 429 body when there is no retry-after header", async () => {
		const quota = {
			error: {
				code: 429,
				message: "Resource has been exhausted",
				status: "RESOURCE_EXHAUSTED",
				details: [{ "@type": "type.googleapis.com/google.rpc.RetryInfo", retryDelay: "1s" }],
			},
		};
		fake = await startFakeGemini({ responses: [{ status: 429, body: quota }, { text: "ok" }] });
		await gemini().generateText({ stage: "answer", system: "s", prompt: "p" });
		expect((fake.requests[1]?.at ?? 0) - (fake.requests[0]?.at ?? 0)).toBeGreaterThanOrEqual(950);
	});

	it("counts thinking tokens as output and ignores thought parts in the text", async () => {
		fake = await startFakeGemini({
			responses: [
				{
					body: {
						candidates: [
							{
								content: {
									role: "model",
									parts: [{ text: "pondering…", thought: true }, { text: '{"ok":true}' }],
								},
								finishReason: "STOP",
							},
						],
						usageMetadata: { promptTokenCount: 40, candidatesTokenCount: 5, thoughtsTokenCount: 60 },
					},
				},
			],
		});
		const res = await gemini().generateJson({ stage: "route", system: "s", prompt: "p", schema });
		expect(res.value).toEqual({ ok: true });
		expect(res.usage).toEqual({ tokensIn: 40, tokensOut: 65 });
	});

	it("reports a blocked prompt as malformed output with the block reason", async () => {
		fake = await startFakeGemini({ responses: [{ body: { promptFeedback: { blockReason: "SAFETY" } } }] });
		const err = (await gemini()
			.generateText({ stage: "answer", system: "s", prompt: "p" })
			.catch((e) => e)) as LlmError;
		expect(err.code).toBe("malformed-output");
		expect(err.message).toContain("SAFETY");
	});
});

describe("openai-compatible", () => {
	const openai = (extra: Record<string, unknown> = {}) =>
		createLlmClient({ provider: "openai", model: "llama3.1", baseUrl: fake.url, ...FAST, ...extra });

	it("sends no Authorization header when no key is configured (Ollama, llama.cpp)", async () => {
		fake = await startFakeOpenAI({ responses: [{ text: "hi" }] });
		const res = await openai().generateText({ stage: "answer", system: "s", prompt: "p" });
		expect(res.text).toBe("hi");
		expect(fake.requests[0]?.headers.authorization).toBeUndefined();
		expect(fake.requests[0]?.model).toBe("llama3.1");
	});

	it("sends the key from OPENAI_API_KEY when the settings carry none", async () => {
		fake = await startFakeOpenAI({ apiKey: "vllm-key", responses: [{ text: "hi" }] });
		const llm = createLlmClient({ provider: "openai", model: "m", baseUrl: fake.url }, new RequestBudget(), {
			env: { OPENAI_API_KEY: "vllm-key" },
		});
		await llm.generateText({ stage: "answer", system: "s", prompt: "p" });
		expect(fake.requests[0]?.headers.authorization).toBe("Bearer vllm-key");
	});

	it("falls back to plain text (unbilled) when the server rejects response_format, then parses fenced JSON", async () => {
		fake = await startFakeOpenAI({
			responses: [
				{ status: 400, error: "response_format is not supported" },
				{ text: 'Sure:\n```json\n{"ok": true}\n```' },
				{ text: '{"ok": false}' },
			],
		});
		const budget = new RequestBudget();
		const llm = createLlmClient({ provider: "openai", model: "m", baseUrl: fake.url, ...FAST }, budget);
		expect((await llm.generateJson({ stage: "route", system: "s", prompt: "p", schema })).value).toEqual({
			ok: true,
		});
		expect(fake.requests.map((r) => r.json)).toEqual([true, false]);
		expect(budget.used).toBe(1);
		// the client remembers: the next JSON request goes without response_format at once
		await llm.generateJson({ stage: "select", system: "s", prompt: "p", schema });
		expect(fake.requests[2]?.json).toBe(false);
	});

	it("honours retry-after-ms", async () => {
		fake = await startFakeOpenAI({
			responses: [{ status: 429, headers: { "retry-after-ms": "400" } }, { text: "ok" }],
		});
		await openai().generateText({ stage: "answer", system: "s", prompt: "p" });
		expect((fake.requests[1]?.at ?? 0) - (fake.requests[0]?.at ?? 0)).toBeGreaterThanOrEqual(380);
	});
});
