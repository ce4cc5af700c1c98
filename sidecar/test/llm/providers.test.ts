/**
 * Behaviour every provider adapter shares, driven through the REAL SDKs (@google/genai, openai)
 * against fake servers on 127.0.0.1.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { createLlmClient, type LlmClient, LlmError, Pacer, RequestBudget } from "../../src/llm/index.js";
import { countTokens } from "../../src/llm/token-count.js";
import { startFakeGemini } from "../support/fake-gemini.js";
import type { FakeLlmServer, FakeServerOptions } from "../support/fake-llm-http.js";
import { startFakeOpenAI } from "../support/fake-openai.js";

const KEY = "sk-test-SECRET-4f9a1c";

interface ProviderCase {
	name: "gemini" | "openai";
	start(options?: FakeServerOptions): Promise<FakeLlmServer>;
	settings(fake: FakeLlmServer): Record<string, unknown>;
}

const cases: ProviderCase[] = [
	{
		name: "gemini",
		start: startFakeGemini,
		settings: (fake) => ({ provider: "gemini", apiKey: KEY, baseUrl: fake.url, model: "gemini-test" }),
	},
	{
		name: "openai",
		start: startFakeOpenAI,
		settings: (fake) => ({ provider: "openai", apiKey: KEY, baseUrl: fake.url, model: "qwen-test" }),
	},
];

/** Fast retries for tests; jitter pinned so delays are predictable. */
const FAST = { retryBaseMs: 20, maxRetryDelayMs: 5_000, timeoutMs: 5_000 };

const routeSchema = z.object({
	sections: z.array(z.string()).min(1),
	direction: z.enum(["downstream", "upstream"]),
});

async function rejection(p: Promise<unknown>): Promise<LlmError> {
	try {
		await p;
	} catch (err) {
		expect(err).toBeInstanceOf(LlmError);
		return err as LlmError;
	}
	throw new Error("expected the promise to reject");
}

describe.each(cases)("$name adapter", (pc) => {
	let fake: FakeLlmServer;
	let budget: RequestBudget;
	const client = (
		extra: Record<string, unknown> = {},
		deps: Parameters<typeof createLlmClient>[2] = {},
	): LlmClient =>
		createLlmClient({ ...pc.settings(fake), ...FAST, ...extra }, budget, { random: () => 0.5, ...deps });

	beforeEach(() => {
		budget = new RequestBudget(3);
	});
	afterEach(async () => {
		await fake?.close();
	});

	it("generates text, sending the system instruction, prompt and limits, and reports provider usage", async () => {
		fake = await pc.start({
			responses: [{ text: "Push goes through PushSender.", usage: { tokensIn: 120, tokensOut: 7 } }],
		});
		const llm = client();
		const res = await llm.generateText({
			stage: "answer",
			system: "You answer questions about code.",
			prompt: "how do push notifications work?",
			maxOutputTokens: 256,
			temperature: 0.1,
		});
		expect(res.text).toBe("Push goes through PushSender.");
		expect(res.usage).toEqual({ tokensIn: 120, tokensOut: 7 });
		expect(llm.provider).toBe(pc.name);
		const [req] = fake.requests;
		expect(fake.requests).toHaveLength(1);
		expect(req?.system).toBe("You answer questions about code.");
		expect(req?.prompt).toBe("how do push notifications work?");
		expect(req?.json).toBe(false);
		const body = req?.body as Record<string, Record<string, unknown>>;
		if (pc.name === "gemini") {
			expect(req?.path).toBe("/v1beta/models/gemini-test:generateContent");
			expect(req?.headers["x-goog-api-key"]).toBe(KEY);
			expect(body.generationConfig).toMatchObject({ maxOutputTokens: 256, temperature: 0.1 });
		} else {
			expect(req?.path).toBe("/v1/chat/completions");
			expect(req?.headers.authorization).toBe(`Bearer ${KEY}`);
			expect(body).toMatchObject({ model: "qwen-test", max_tokens: 256, temperature: 0.1 });
		}
		expect(budget.used).toBe(1);
		expect(budget.records).toEqual([
			expect.objectContaining({ stage: "answer", tokensIn: 120, tokensOut: 7, ok: true, billed: true }),
		]);
	});

	it("generates JSON validated by the zod schema, asking the provider for that schema", async () => {
		fake = await pc.start({ responses: [{ json: { sections: ["apps/push"], direction: "downstream" } }] });
		const res = await client().generateJson({
			stage: "route",
			system: "s",
			prompt: "p",
			schema: routeSchema,
		});
		expect(res.value).toEqual({ sections: ["apps/push"], direction: "downstream" });
		const req = fake.requests[0];
		expect(req?.json).toBe(true);
		const body = req?.body as Record<string, Record<string, unknown>>;
		const sentSchema =
			pc.name === "gemini"
				? body.generationConfig?.responseJsonSchema
				: (body.response_format?.json_schema as Record<string, unknown> | undefined)?.schema;
		expect(sentSchema).toMatchObject({
			type: "object",
			required: ["sections", "direction"],
			properties: { direction: { enum: ["downstream", "upstream"] } },
		});
	});

	it("retries a 429 after the retry-after the provider asked for (seconds), then succeeds", async () => {
		fake = await pc.start({
			responses: [{ status: 429, error: "quota exceeded", headers: { "retry-after": "1" } }, { text: "ok" }],
		});
		const res = await client().generateText({ stage: "answer", system: "s", prompt: "p" });
		expect(res.text).toBe("ok");
		expect(fake.requests).toHaveLength(2);
		const gap = (fake.requests[1]?.at ?? 0) - (fake.requests[0]?.at ?? 0);
		expect(gap).toBeGreaterThanOrEqual(950);
		// the 429 is not billed: one request counted
		expect(budget.used).toBe(1);
		expect(fake.billable()).toBe(1);
	});

	it("honours retry-after given as an HTTP date", async () => {
		// HTTP dates have 1 s resolution: 2 s ahead leaves more than 1 s to wait once truncated.
		const later = () => new Date(Date.now() + 2_000).toUTCString();
		fake = await pc.start({
			responses: [() => ({ status: 503, headers: { "retry-after": later() } }), { text: "ok" }],
		});
		await client().generateText({ stage: "answer", system: "s", prompt: "p" });
		const gap = (fake.requests[1]?.at ?? 0) - (fake.requests[0]?.at ?? 0);
		expect(gap).toBeGreaterThanOrEqual(900);
	});

	it("fails at once when retry-after is longer than the longest wait allowed", async () => {
		fake = await pc.start({
			responses: [{ status: 429, headers: { "retry-after": "120" } }, { text: "never" }],
		});
		const err = await rejection(client().generateText({ stage: "answer", system: "s", prompt: "p" }));
		expect(err.code).toBe("rate-limited");
		expect(err.isRetryable).toBe(true);
		expect(err.status).toBe(429);
		expect(err.retryAfterMs).toBe(120_000);
		expect(fake.requests).toHaveLength(1);
		expect(budget.used).toBe(0);
		expect(budget.remaining).toBe(3);
	});

	it("retries 5xx with backoff and gives up after maxRetries with a retryable server-error", async () => {
		fake = await pc.start({ fallback: { status: 500, error: "backend exploded" } });
		const err = await rejection(
			client({ maxRetries: 2 }).generateText({ stage: "answer", system: "s", prompt: "p" }),
		);
		expect(err.code).toBe("server-error");
		expect(err.isRetryable).toBe(true);
		expect(err.status).toBe(500);
		expect(err.message).toContain("backend exploded");
		expect(fake.requests).toHaveLength(3);
		// backoff grows: 20 ms then 40 ms (jitter pinned at its midpoint)
		const [a, b, c] = fake.requests.map((r) => r.at);
		expect((b ?? 0) - (a ?? 0)).toBeGreaterThanOrEqual(18);
		expect((c ?? 0) - (b ?? 0)).toBeGreaterThanOrEqual(38);
		expect(budget.used).toBe(0);
		expect(budget.records).toEqual([
			expect.objectContaining({ ok: false, billed: false, error: "server-error" }),
		]);
	});

	it("fails later stages fast, without network, once the provider is down for this question", async () => {
		fake = await pc.start({ fallback: { status: 503, error: "overloaded" } });
		const llm = client({ maxRetries: 1 });
		const first = await rejection(
			llm.generateJson({ stage: "route", system: "s", prompt: "p", schema: routeSchema }),
		);
		expect(first.code).toBe("server-error");
		expect(fake.requests).toHaveLength(2);
		const later = await rejection(llm.generateText({ stage: "answer", system: "s", prompt: "p" }));
		expect(later.code).toBe("server-error");
		expect(later.message).toContain('"answer"');
		expect(later.message).toContain("overloaded");
		expect(fake.requests).toHaveLength(2);
	});

	it("keeps asking after a request-specific failure (400)", async () => {
		fake = await pc.start({ responses: [{ status: 400, error: "too long" }, { text: "fine" }] });
		const llm = client();
		expect((await rejection(llm.generateText({ stage: "route", system: "s", prompt: "p" }))).code).toBe(
			"bad-request",
		);
		expect((await llm.generateText({ stage: "answer", system: "s", prompt: "p" })).text).toBe("fine");
	});

	it("recovers from a 502 HTML page", async () => {
		fake = await pc.start({
			responses: [{ status: 502, rawBody: "<html>Bad Gateway</html>" }, { text: "ok" }],
		});
		expect((await client().generateText({ stage: "answer", system: "s", prompt: "p" })).text).toBe("ok");
		expect(fake.requests).toHaveLength(2);
	});

	it("does not retry a 400", async () => {
		fake = await pc.start({ fallback: { status: 400, error: "prompt is too long" } });
		const err = await rejection(client().generateText({ stage: "answer", system: "s", prompt: "p" }));
		expect(err.code).toBe("bad-request");
		expect(err.isRetryable).toBe(false);
		// openai: one extra unbilled try without response_format only applies to JSON requests
		expect(fake.requests).toHaveLength(1);
	});

	it("repairs malformed JSON with one more request that shows the model its reply and the problem", async () => {
		fake = await pc.start({
			responses: [
				{ text: "Sure! The sections are apps/push.", usage: { tokensIn: 50, tokensOut: 9 } },
				{ json: { sections: ["apps/push"], direction: "upstream" }, usage: { tokensIn: 80, tokensOut: 12 } },
			],
		});
		const res = await client().generateJson({
			stage: "route",
			system: "s",
			prompt: "which sections?",
			schema: routeSchema,
		});
		expect(res.value.direction).toBe("upstream");
		expect(res.usage).toEqual({ tokensIn: 130, tokensOut: 21 });
		const repair = fake.requests[1];
		expect(repair?.turns.map((t) => t.role)).toEqual(
			pc.name === "gemini" ? ["user", "model", "user"] : ["user", "assistant", "user"],
		);
		expect(repair?.turns[0]?.text).toBe("which sections?");
		expect(repair?.turns[1]?.text).toBe("Sure! The sections are apps/push.");
		expect(repair?.prompt).toContain("not valid JSON");
		expect(budget.used).toBe(2);
		expect(budget.records.map((r) => [r.stage, r.ok])).toEqual([
			["route", false],
			["route:repair", true],
		]);
	});

	it("names the schema problem in the repair request", async () => {
		fake = await pc.start({
			responses: [
				{ json: { sections: [], direction: "sideways" } },
				{ json: { sections: ["a"], direction: "downstream" } },
			],
		});
		await client().generateJson({ stage: "route", system: "s", prompt: "p", schema: routeSchema });
		expect(fake.requests[1]?.prompt).toContain("does not match the schema");
		expect(fake.requests[1]?.prompt).toContain("direction");
	});

	it("throws malformed-output when the repair is malformed too", async () => {
		fake = await pc.start({ responses: [{ text: "nope" }, { text: '```json\n{"sections": 3}\n```' }] });
		const err = await rejection(
			client().generateJson({ stage: "route", system: "s", prompt: "p", schema: routeSchema }),
		);
		expect(err.code).toBe("malformed-output");
		expect(err.isRetryable).toBe(false);
		expect(fake.requests).toHaveLength(2);
		expect(budget.used).toBe(2);
	});

	it("times out a request that takes too long, and retries it", async () => {
		fake = await pc.start({ responses: [{ text: "late", delayMs: 1_500 }, { text: "fast" }] });
		const llm = client({ timeoutMs: 300, maxRetries: 1 });
		const res = await llm.generateText({ stage: "answer", system: "s", prompt: "p" });
		expect(res.text).toBe("fast");
		expect(fake.requests).toHaveLength(2);
		expect(budget.used).toBe(1);
	});

	it("reports a timeout as a retryable LlmError once retries are spent", async () => {
		fake = await pc.start({ fallback: { text: "late", delayMs: 2_000 } });
		const err = await rejection(
			client({ timeoutMs: 200, maxRetries: 0 }).generateText({ stage: "answer", system: "s", prompt: "p" }),
		);
		expect(err.code).toBe("timeout");
		expect(err.isRetryable).toBe(true);
		expect(fake.requests[0]?.status).toBeUndefined(); // given up before the server answered
		expect(budget.used).toBe(0);
	});

	it("stops at once when the caller's AbortSignal fires, without retrying", async () => {
		fake = await pc.start({ fallback: { text: "late", delayMs: 3_000 } });
		const controller = new AbortController();
		setTimeout(() => controller.abort(), 150);
		const err = await rejection(
			client({ maxRetries: 2 }).generateText({
				stage: "answer",
				system: "s",
				prompt: "p",
				signal: controller.signal,
			}),
		);
		expect(err.code).toBe("aborted");
		expect(err.isRetryable).toBe(false);
		expect(fake.requests[0]?.status).toBeUndefined(); // stopped before the server answered
		expect(fake.requests).toHaveLength(1);
	});

	it("caps a question at 3 requests: the 4th is refused without touching the network", async () => {
		fake = await pc.start({ fallback: { text: "ok" } });
		const llm = client();
		for (const stage of ["route", "select", "answer"])
			await llm.generateText({ stage, system: "s", prompt: "p" });
		const err = await rejection(llm.generateText({ stage: "extra", system: "s", prompt: "p" }));
		expect(err.code).toBe("budget-exhausted");
		expect(err.isRetryable).toBe(false);
		expect(fake.requests).toHaveLength(3);
		expect(fake.billable()).toBe(3);
		expect(budget.remaining).toBe(0);
	});

	it("shares the budget across concurrent stages without overshooting", async () => {
		fake = await pc.start({ fallback: { text: "ok", delayMs: 50 } });
		const llm = client();
		const results = await Promise.allSettled(
			Array.from({ length: 5 }, (_, i) => llm.generateText({ stage: `s${i}`, system: "s", prompt: "p" })),
		);
		expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(3);
		expect(fake.billable()).toBe(3);
		expect(fake.requests).toHaveLength(3);
	});

	it("skips the repair when the budget has no request left for it", async () => {
		fake = await pc.start({
			responses: [
				{ text: "a" },
				{ text: "b" },
				{ text: "not json" },
				{ json: { sections: ["x"], direction: "downstream" } },
			],
		});
		const llm = client();
		await llm.generateText({ stage: "route", system: "s", prompt: "p" });
		await llm.generateText({ stage: "select", system: "s", prompt: "p" });
		const err = await rejection(
			llm.generateJson({ stage: "answer", system: "s", prompt: "p", schema: routeSchema }),
		);
		expect(err.code).toBe("malformed-output");
		expect(err.message).toContain("no request is left");
		expect(fake.billable()).toBe(3);
	});

	it("counts usage in o200k tokens (and says it is estimated) only when the provider reports none", async () => {
		fake = await pc.start({ responses: [{ text: "12345678", usage: null }] });
		const res = await client().generateText({ stage: "answer", system: "", prompt: "abcd" });
		// o200k splits the digits in threes: 3 tokens where chars/4 said 2.
		expect(res.usage).toEqual({ tokensIn: countTokens("abcd"), tokensOut: 3, estimated: true });
	});

	it("treats an empty reply as malformed output (billed)", async () => {
		fake = await pc.start({
			responses: [{ text: "", finishReason: pc.name === "gemini" ? "MAX_TOKENS" : "length" }],
		});
		const err = await rejection(client().generateText({ stage: "answer", system: "s", prompt: "p" }));
		expect(err.code).toBe("malformed-output");
		expect(err.message).toMatch(/MAX_TOKENS|length/);
		expect(budget.used).toBe(1);
	});

	it("never puts the key in an error message or a log line, even when the server echoes it", async () => {
		fake = await pc.start({
			responses: [
				(req) => ({
					status: 401,
					error: `invalid key ${req.headers["x-goog-api-key"] ?? req.headers.authorization}`,
				}),
			],
		});
		const logged: string[] = [];
		const logger = { warn: (obj: object, msg: string) => logged.push(JSON.stringify(obj) + msg) };
		const llm = client({}, { logger });
		const err = await rejection(llm.generateText({ stage: "answer", system: "s", prompt: "p" }));
		expect(err.code).toBe("unauthorized");
		expect(err.status).toBe(401);
		expect(err.isRetryable).toBe(false);
		expect(err.message).toContain("invalid key");
		expect(err.message).toContain("[redacted]");
		expect(err.message).not.toContain(KEY);
		expect(String(err.stack)).not.toContain(KEY);
		expect(JSON.stringify(err)).not.toContain(KEY);
		expect(logged.length).toBeGreaterThan(0);
		expect(logged.join("\n")).not.toContain(KEY);
		expect(JSON.stringify(llm)).not.toContain(KEY);
	});

	it("reports an unreachable server as a retryable network error", async () => {
		fake = await pc.start();
		const settings = pc.settings(fake);
		await fake.close();
		const llm = createLlmClient({ ...settings, ...FAST, maxRetries: 1 }, budget);
		const err = await rejection(llm.generateText({ stage: "answer", system: "s", prompt: "p" }));
		expect(err.code).toBe("network");
		expect(err.isRetryable).toBe(true);
		expect(budget.used).toBe(0);
	});

	it("retries a dropped connection", async () => {
		fake = await pc.start({ responses: [{ drop: true }, { text: "ok" }] });
		expect((await client().generateText({ stage: "answer", system: "s", prompt: "p" })).text).toBe("ok");
		expect(fake.requests).toHaveLength(2);
	});

	it("spaces requests by minSpacingMs", async () => {
		fake = await pc.start({ fallback: { text: "ok" } });
		const llm = client({}, { pacer: new Pacer(300) });
		// Spacing is between send starts: the second cannot leave before first start + 300 ms.
		const firstStart = Date.now();
		await llm.generateText({ stage: "a", system: "s", prompt: "p" });
		await llm.generateText({ stage: "b", system: "s", prompt: "p" });
		expect((fake.requests[1]?.receivedAt ?? 0) - firstStart).toBeGreaterThanOrEqual(295);
	});
});
