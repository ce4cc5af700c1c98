/** The provider-independent pieces: settings, budget, backoff, retry-after, pacing, JSON extraction. */
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import {
	createLlmClient,
	DEFAULT_GEMINI_MODEL,
	isOffline,
	LlmError,
	Pacer,
	RequestBudget,
	resolveLlmSettings,
} from "../../src/llm/index.js";
import { jsonCandidates, parseJsonOutput, toProviderJsonSchema } from "../../src/llm/json-output.js";
import { parseGoogleRetryDelay, parseRetryAfter, retryDelayMs, sleep } from "../../src/llm/retry.js";
import { countTokens } from "../../src/llm/token-count.js";
import { convertGeminiUsage, convertOpenAiUsage } from "../../src/llm/usage.js";

function thrown(fn: () => unknown): LlmError {
	try {
		fn();
	} catch (err) {
		expect(err).toBeInstanceOf(LlmError);
		return err as LlmError;
	}
	throw new Error("expected a throw");
}

describe("resolveLlmSettings", () => {
	it("defaults to the offline provider with documented limits", () => {
		expect(resolveLlmSettings(undefined)).toMatchObject({
			provider: "none",
			model: null,
			timeoutMs: 60_000,
			minSpacingMs: 0,
			maxRetries: 2,
		});
	});

	it("takes the Gemini key from the settings first, then GEMINI_API_KEY, with the default Flash model", () => {
		const env = { GEMINI_API_KEY: "env-key-123" };
		expect(resolveLlmSettings({ provider: "gemini" }, env)).toMatchObject({
			apiKey: "env-key-123",
			model: DEFAULT_GEMINI_MODEL,
		});
		expect(resolveLlmSettings({ provider: "gemini", apiKey: "own-key-456" }, env).apiKey).toBe("own-key-456");
		expect(DEFAULT_GEMINI_MODEL).toMatch(/^gemini-.*flash/);
	});

	it("counts empty strings as unset", () => {
		const err = thrown(() =>
			resolveLlmSettings({ provider: "gemini", apiKey: "" }, { GEMINI_API_KEY: "  " }),
		);
		expect(err.code).toBe("invalid-config");
		expect(err.message).toContain("GEMINI_API_KEY");
		expect(resolveLlmSettings({ provider: "none", model: "", baseUrl: "" }).model).toBeNull();
	});

	it("requires model and baseUrl for openai-compatible servers, the key stays optional", () => {
		const err = thrown(() => resolveLlmSettings({ provider: "openai" }));
		expect(err.message).toContain("model and baseUrl");
		const s = resolveLlmSettings({
			provider: "openai",
			model: "llama3",
			baseUrl: "http://127.0.0.1:11434/v1",
		});
		expect(s.apiKey).toBeUndefined();
		expect(
			resolveLlmSettings({ provider: "openai", model: "m", baseUrl: "http://h/v1" }, { OPENAI_API_KEY: "k9" })
				.apiKey,
		).toBe("k9");
	});

	it("lists every invalid field with its path, and never echoes a key", () => {
		const err = thrown(() =>
			resolveLlmSettings({
				provider: "gemini",
				apiKey: "AIza-secret-xyz",
				timeoutMs: -5,
				maxRetries: 99,
				nope: 1,
			}),
		);
		expect(err.code).toBe("invalid-config");
		expect(err.isRetryable).toBe(false);
		expect(err.message).toContain("timeoutMs");
		expect(err.message).toContain("maxRetries");
		expect(err.message).toContain("nope");
		expect(err.message).not.toContain("AIza-secret-xyz");
	});

	it("allows a per-attempt timeout of up to an hour (slow local models, a person playing the model)", () => {
		const base = { provider: "openai", model: "m", baseUrl: "http://127.0.0.1:1/v1" } as const;
		expect(resolveLlmSettings({ ...base, timeoutMs: 1_800_000 }).timeoutMs).toBe(1_800_000);
		expect(thrown(() => resolveLlmSettings({ ...base, timeoutMs: 3_600_001 })).message).toContain(
			"timeoutMs",
		);
	});

	it("rejects an unknown provider", () => {
		expect(thrown(() => resolveLlmSettings({ provider: "claude" })).message).toContain("provider");
	});
});

describe("the none provider", () => {
	it("is offline and refuses to generate with a clear error", async () => {
		const llm = createLlmClient({ provider: "none" });
		expect(isOffline(llm)).toBe(true);
		expect(isOffline(undefined)).toBe(true);
		expect(llm.model).toBeNull();
		await expect(llm.generateText({ stage: "answer", system: "", prompt: "" })).rejects.toMatchObject({
			code: "offline",
			isRetryable: false,
		});
	});

	it("is the default when no settings are given", () => {
		expect(createLlmClient(undefined).provider).toBe("none");
		expect(isOffline(createLlmClient({ provider: "gemini", apiKey: "k" }))).toBe(false);
	});
});

describe("RequestBudget", () => {
	it("bills only answered requests and frees the slot of a failed one", () => {
		const b = new RequestBudget(2);
		const failed = b.reserve("route");
		expect(b.remaining).toBe(1);
		failed.finish({ ms: 5, ok: false, error: "server-error" });
		expect(b.remaining).toBe(2);
		const ok = b.reserve("answer");
		ok.bill();
		ok.bill(); // idempotent
		ok.finish({ usage: { tokensIn: 10, tokensOut: 3 }, ms: 7, ok: true });
		expect(b.used).toBe(1);
		expect(b.remaining).toBe(1);
		expect(b.totals()).toEqual({ requests: 1, tokensIn: 10, tokensOut: 3 });
		expect(b.records.map((r) => [r.stage, r.billed, r.ok])).toEqual([
			["route", false, false],
			["answer", true, true],
		]);
	});

	it("refuses a reservation over the cap, counting requests still in flight", () => {
		const b = new RequestBudget(1);
		b.reserve("a");
		const err = thrown(() => b.reserve("b"));
		expect(err.code).toBe("budget-exhausted");
		expect(err.message).toContain('"b"');
	});
});

describe("retry-after and backoff", () => {
	const h = (o: Record<string, string>) => new Headers(o);

	it("reads seconds, HTTP dates and retry-after-ms", () => {
		expect(parseRetryAfter(h({ "retry-after": "7" }))).toBe(7_000);
		expect(parseRetryAfter(h({ "retry-after": "1.5" }))).toBe(1_500);
		const now = Date.parse("2026-01-01T00:00:00Z");
		expect(parseRetryAfter(h({ "retry-after": "Thu, 01 Jan 2026 00:00:30 GMT" }), now)).toBe(30_000);
		expect(parseRetryAfter(h({ "retry-after": "Wed, 31 Dec 2025 00:00:00 GMT" }), now)).toBe(0);
		expect(parseRetryAfter(h({ "retry-after-ms": "250", "retry-after": "9" }))).toBe(250);
		expect(parseRetryAfter(h({ "retry-after": "soon" }))).toBeUndefined();
		expect(parseRetryAfter(h({}))).toBeUndefined();
	});

	it("reads Google's RetryInfo from an error body", () => {
		const body = {
			error: {
				code: 429,
				details: [{ "@type": "type.googleapis.com/google.rpc.RetryInfo", retryDelay: "13s" }],
			},
		};
		expect(parseGoogleRetryDelay(body)).toBe(13_000);
		expect(parseGoogleRetryDelay({ error: { code: 429 } })).toBeUndefined();
	});

	it("backs off exponentially with jitter, capped, and gives up on a retry-after beyond the cap", () => {
		const policy = { retryBaseMs: 100, maxRetryDelayMs: 1_000 };
		expect(retryDelayMs(0, undefined, policy, () => 0.5)).toBe(100);
		expect(retryDelayMs(2, undefined, policy, () => 0.5)).toBe(400);
		expect(retryDelayMs(2, undefined, policy, () => 0)).toBe(300);
		expect(retryDelayMs(2, undefined, policy, () => 1)).toBe(500);
		expect(retryDelayMs(9, undefined, policy, () => 0.5)).toBe(1_000);
		expect(retryDelayMs(0, 800, policy)).toBe(800);
		expect(retryDelayMs(0, 5_000, policy)).toBeNull();
	});

	it("sleep rejects with aborted when the signal fires", async () => {
		const c = new AbortController();
		const p = sleep(10_000, c.signal);
		c.abort();
		await expect(p).rejects.toMatchObject({ code: "aborted" });
	});
});

describe("Pacer", () => {
	it("hands out slots minSpacingMs apart, in order", async () => {
		vi.useFakeTimers();
		try {
			const pacer = new Pacer(120, () => Date.now());
			const done: number[] = [];
			const waits = [0, 1, 2].map((i) => pacer.wait().then(() => done.push(i)));
			await vi.advanceTimersByTimeAsync(0);
			expect(done).toEqual([0]);
			await vi.advanceTimersByTimeAsync(119);
			expect(done).toEqual([0]);
			await vi.advanceTimersByTimeAsync(1);
			expect(done).toEqual([0, 1]);
			await vi.advanceTimersByTimeAsync(120);
			expect(done).toEqual([0, 1, 2]);
			await Promise.all(waits);
		} finally {
			vi.useRealTimers();
		}
	});
});

describe("JSON output", () => {
	const schema = z.object({ keys: z.array(z.string()) });

	it("accepts bare JSON, fenced blocks and JSON wrapped in prose", () => {
		expect(parseJsonOutput('{"keys":["a"]}', schema)).toEqual({ ok: true, value: { keys: ["a"] } });
		expect(parseJsonOutput('Here you go:\n```json\n{"keys":["b"]}\n```\nDone.', schema)).toEqual({
			ok: true,
			value: { keys: ["b"] },
		});
		expect(parseJsonOutput('The answer is {"keys": ["c"]} as requested.', schema)).toEqual({
			ok: true,
			value: { keys: ["c"] },
		});
	});

	it("keeps the first items of a list longer than the schema allows, and repairs nothing else", () => {
		const bounded = z.object({ chains: z.array(z.object({ ids: z.array(z.string()).max(2) })).max(2) });
		const long = '{"chains":[{"ids":["a","b","c"]},{"ids":["d"]},{"ids":["e"]}]}';
		expect(parseJsonOutput(long, bounded)).toEqual({
			ok: true,
			value: { chains: [{ ids: ["a", "b"] }, { ids: ["d"] }] },
		});
		// A wrong type beside a long list is still a problem to report.
		const mixed = parseJsonOutput('{"chains":[{"ids":[1]},{"ids":[]},{"ids":[]}]}', bounded);
		expect(mixed.ok).toBe(false);
	});

	it("says what was wrong: not JSON, empty, or the schema path that failed", () => {
		expect(parseJsonOutput("no json here", schema)).toEqual({
			ok: false,
			problem: "the reply was not valid JSON",
		});
		expect(parseJsonOutput("  ", schema)).toEqual({ ok: false, problem: "the reply was empty" });
		const r = parseJsonOutput('{"keys":[1]}', schema);
		expect(r.ok).toBe(false);
		expect(!r.ok && r.problem).toContain("keys.0");
	});

	it("lists candidates without duplicates", () => {
		expect(jsonCandidates('{"a":1}')).toEqual(['{"a":1}']);
	});

	it("converts zod to a provider JSON schema without $schema", () => {
		const json = toProviderJsonSchema(z.object({ a: z.string(), b: z.number().optional() }));
		expect(json.$schema).toBeUndefined();
		expect(json).toMatchObject({ type: "object", required: ["a"] });
	});
});

describe("usage normalisation", () => {
	it("maps Gemini usageMetadata, counting thinking tokens as output", () => {
		expect(
			convertGeminiUsage({ promptTokenCount: 100, candidatesTokenCount: 20, thoughtsTokenCount: 30 }, "", ""),
		).toEqual({
			tokensIn: 100,
			tokensOut: 50,
		});
	});

	it("maps OpenAI usage", () => {
		expect(convertOpenAiUsage({ prompt_tokens: 11, completion_tokens: 4 }, "", "")).toEqual({
			tokensIn: 11,
			tokensOut: 4,
		});
	});

	it("counts o200k tokens, marked estimated, only when the provider reports nothing", () => {
		// Dense code: chars/4 would say 6 tokens for the prompt and 3 for the answer.
		const prompt = "[12] f(a,b):{x[0]}";
		const answer = "a.b(c);";
		expect(convertOpenAiUsage(null, prompt, answer)).toEqual({
			tokensIn: countTokens(prompt),
			tokensOut: countTokens(answer),
			estimated: true,
		});
		expect(countTokens(prompt)).toBeGreaterThan(Math.ceil(prompt.length / 4));
		expect(convertGeminiUsage(undefined, prompt, "")).toEqual({
			tokensIn: countTokens(prompt),
			tokensOut: 0,
			estimated: true,
		});
	});
});
