/**
 * The HTTP API through supertest (real HTTP on 127.0.0.1, ephemeral port): auth, validation,
 * body limits, the answer path, cache, queue limits, timeouts, request ids and log redaction.
 */

import { askResponseSchema, errorResponseSchema, statusResponseSchema } from "@codeask/shared";
import request from "supertest";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ResolvedLlmSettings } from "../../src/server/questions.js";
import { createService, type Service } from "../../src/server/service.js";
import {
	auth,
	capturingLogger,
	indexCopy,
	instantAsk,
	pacedAsk,
	TOKEN,
	testConfig,
	WAIT,
} from "./support.js";

const services: Service[] = [];
function service(...args: Parameters<typeof createService>): Service {
	const s = createService(...args);
	services.push(s);
	return s;
}
afterEach(() => {
	for (const s of services.splice(0)) s.close();
});

function expectEnvelope(body: unknown, code: string) {
	const parsed = errorResponseSchema.parse(body);
	expect(parsed.error.code).toBe(code);
	expect(parsed.error.message.length).toBeGreaterThan(5);
	return parsed.error;
}

describe("probes and auth", () => {
	it("serves /healthz and /readyz without a token, and refuses /v1 without or with a wrong one", async () => {
		const { log } = capturingLogger();
		const s = service(testConfig(indexCopy()), { log, ask: instantAsk, createLlm: () => undefined });
		await request(s.app).get("/healthz").expect(200, { ok: true });
		await request(s.app).get("/readyz").expect(200, { ready: true });

		const missing = await request(s.app).get("/v1/status").expect(401);
		expectEnvelope(missing.body, "unauthorized");
		const basic = await request(s.app).get("/v1/status").set("authorization", `Basic ${TOKEN}`).expect(401);
		expectEnvelope(basic.body, "unauthorized");
		const wrong = await request(s.app)
			.get("/v1/status")
			.set("authorization", "Bearer not-the-token")
			.expect(403);
		expectEnvelope(wrong.body, "forbidden");
		const prefix = await request(s.app)
			.get("/v1/status")
			.set("authorization", `Bearer ${TOKEN.slice(0, -1)}`)
			.expect(403);
		expectEnvelope(prefix.body, "forbidden");
		// Unauthenticated POSTs are refused before their body is read.
		const post = await request(s.app).post("/v1/ask").send({ question: "x" }).expect(401);
		expectEnvelope(post.body, "unauthorized");
	});

	it("reports version, index counts, trunk summary and LLM without any key", async () => {
		const { log } = capturingLogger();
		const config = testConfig(indexCopy({ commit: "c0ffee1" }), {
			llm: { provider: "gemini", model: "gemini-test", apiKey: "AIza-secret-key-should-not-leak" },
		});
		const s = service(config, { log, ask: instantAsk, createLlm: () => undefined });
		const res = await request(s.app).get("/v1/status").set(auth).expect(200);
		const status = statusResponseSchema.parse(res.body);
		expect(status.index.commit).toBe("c0ffee1");
		expect(status.index).toMatchObject({ files: 8, packages: 4 });
		expect(status.trunks).toEqual({ callbacks: { keys: 1, bothSides: 1 }, rest: { keys: 1, bothSides: 1 } });
		expect(status.llm).toEqual({ provider: "gemini", model: "gemini-test" });
		expect(status.runtime).toMatchObject({ running: 0, queued: 0, maxRunning: 2, maxQueued: 32, jobs: 0 });
		expect(status.runtime?.rssBytes).toBeGreaterThan(1_000_000);
		expect(JSON.stringify(res.body)).not.toContain("AIza");
	});

	it("says not ready (503) when the index file is missing", async () => {
		const { log } = capturingLogger();
		const s = service(testConfig("/nonexistent/codeask/index.db"), {
			log,
			ask: instantAsk,
			createLlm: () => undefined,
		});
		const ready = await request(s.app).get("/readyz").expect(503);
		expect(ready.body.reason).toContain("no index");
		const ask = await request(s.app).post("/v1/ask").set(auth).send({ question: "how?" }).expect(503);
		expectEnvelope(ask.body, "index-not-ready");
	});
});

describe("validation and limits", () => {
	const { log } = capturingLogger();
	let s: Service;
	beforeEach(() => {
		s = service(testConfig(indexCopy()), { log, ask: instantAsk, createLlm: () => undefined });
	});

	it("returns 400 with field-level issues for invalid bodies", async () => {
		const cases: [unknown, string][] = [
			[{}, "question"],
			[{ question: 42 }, "question"],
			[{ question: "   " }, "question"],
			[{ question: "ok", llm: { provider: "claude" } }, "llm.provider"],
			[{ question: "ok", llm: { provider: "gemini", apiKey: 7 } }, "llm.apiKey"],
			[{ question: "ok", llm: { provider: "openai", model: "m", baseUrl: "file:///etc/x" } }, "llm.baseUrl"],
			[{ question: "ok", extra: true }, "(body)"],
		];
		for (const [body, path] of cases) {
			const res = await request(s.app)
				.post("/v1/ask")
				.set(auth)
				.send(body as object)
				.expect(400);
			const error = expectEnvelope(res.body, "invalid-body");
			expect(error.issues?.map((i) => i.path)).toContain(path);
		}
		const array = await request(s.app).post("/v1/ask").set(auth).send([1, 2]).expect(400);
		expectEnvelope(array.body, "invalid-body");
	});

	it("limits question length, body size, JSON syntax and content type", async () => {
		const long = await request(s.app)
			.post("/v1/ask")
			.set(auth)
			.send({ question: "a".repeat(2001) })
			.expect(400);
		expect(expectEnvelope(long.body, "invalid-body").message).toContain("2000");
		await request(s.app)
			.post("/v1/ask")
			.set(auth)
			.send({ question: "a".repeat(2000) })
			.expect(200);

		const big = await request(s.app)
			.post("/v1/ask")
			.set(auth)
			.send({ question: "ok", user: "u".repeat(17 * 1024) })
			.expect(413);
		expectEnvelope(big.body, "body-too-large");

		const badJson = await request(s.app)
			.post("/v1/ask")
			.set(auth)
			.set("content-type", "application/json")
			.send('{"question": "unterminated')
			.expect(400);
		expectEnvelope(badJson.body, "invalid-json");

		const text = await request(s.app)
			.post("/v1/ask")
			.set(auth)
			.set("content-type", "text/plain")
			.send("how?")
			.expect(415);
		expectEnvelope(text.body, "unsupported-media-type");

		const unknown = await request(s.app).get("/v1/nothing-here").set(auth).expect(404);
		expectEnvelope(unknown.body, "not-found");
	});
});

describe("answering", () => {
	it("answers, reuses x-request-id, and serves a normalised repeat from the cache", async () => {
		const { log, lines } = capturingLogger();
		let calls = 0;
		const s = service(testConfig(indexCopy({ commit: "feedbee" })), {
			log,
			ask: async (index, question) => {
				calls++;
				return instantAsk(index, question);
			},
			createLlm: () => undefined,
		});
		const first = await request(s.app)
			.post("/v1/ask")
			.set(auth)
			.set("x-request-id", "app-req-42")
			.send({ question: "How are messages sent?" })
			.expect(200);
		expect(first.headers["x-request-id"]).toBe("app-req-42");
		expect(first.headers["x-codeask-cache"]).toBe("miss");
		const answer = askResponseSchema.parse(first.body);
		expect(answer.indexCommit).toBe("feedbee");
		expect(first.body).not.toHaveProperty("trace");

		const again = await request(s.app)
			.post("/v1/ask")
			.set(auth)
			.send({ question: "  how are MESSAGES sent " })
			.expect(200);
		expect(again.headers["x-codeask-cache"]).toBe("hit");
		expect(again.body).toEqual(first.body);
		expect(calls).toBe(1);

		// A different LLM setting is a different cache entry.
		await request(s.app)
			.post("/v1/ask")
			.set(auth)
			.send({ question: "how are messages sent?", llm: { provider: "none", model: "m2" } })
			.expect(200);
		expect(calls).toBe(2);

		// A malformed request id is replaced, not echoed.
		const odd = await request(s.app)
			.post("/v1/ask")
			.set(auth)
			.set("x-request-id", "bad id\twith spaces")
			.send({ question: "q" });
		expect(odd.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
		expect(lines()).toContain("app-req-42");
	});

	it("uses a per-request API key for that request only and never logs keys or the token", async () => {
		const { log, lines } = capturingLogger();
		const seen: ResolvedLlmSettings[] = [];
		const config = testConfig(indexCopy(), {
			llm: { provider: "gemini", model: "gemini-env", apiKey: "ENV-KEY-aaaaaaaaaaaa" },
			providerKeys: { gemini: "ENV-KEY-aaaaaaaaaaaa" },
		});
		const s = service(config, {
			log,
			ask: instantAsk,
			createLlm: (settings) => {
				seen.push(settings);
				return undefined;
			},
		});
		await request(s.app)
			.post("/v1/ask")
			.set(auth)
			.send({ question: "first", llm: { provider: "gemini", apiKey: "REQ-KEY-bbbbbbbbbbbb" } })
			.expect(200);
		await request(s.app).post("/v1/ask").set(auth).send({ question: "second" }).expect(200);
		expect(seen.map((x) => x.apiKey)).toEqual(["REQ-KEY-bbbbbbbbbbbb", "ENV-KEY-aaaaaaaaaaaa"]);
		expect(seen[0]?.model).toBe("gemini-env");
		const logged = lines();
		expect(logged).toContain("[redacted]");
		expect(logged).not.toContain("REQ-KEY");
		expect(logged).not.toContain("ENV-KEY");
		expect(logged).not.toContain(TOKEN);
	});

	it("never sends the sidecar's own key to a base URL named by the request", async () => {
		const seen: ResolvedLlmSettings[] = [];
		const config = testConfig(indexCopy(), {
			llm: { provider: "gemini", model: "gemini-env", apiKey: "ENV-KEY-aaaaaaaaaaaa" },
			providerKeys: { gemini: "ENV-KEY-aaaaaaaaaaaa", openai: "OPENAI-ENV-KEY-cccc" },
		});
		const s = service(config, {
			log: capturingLogger().log,
			ask: instantAsk,
			createLlm: (settings) => {
				seen.push(settings);
				return undefined;
			},
		});
		const ask = (llm: Record<string, string>) =>
			request(s.app)
				.post("/v1/ask")
				.set(auth)
				.send({ question: `q ${seen.length}`, llm })
				.expect(200);
		await ask({ provider: "gemini", baseUrl: "http://127.0.0.1:9/elsewhere" });
		await ask({ provider: "openai", model: "m", baseUrl: "http://127.0.0.1:9/v1" });
		await ask({ provider: "openai", model: "m", baseUrl: "http://127.0.0.1:9/v1", apiKey: "REQ-KEY-dddd" });
		await ask({ provider: "openai", model: "m" });
		expect(seen.map((x) => x.apiKey)).toEqual([undefined, undefined, "REQ-KEY-dddd", "OPENAI-ENV-KEY-cccc"]);
	});

	it("refuses with 503 + Retry-After when running and queued slots are full, and frees them after", async () => {
		const { log } = capturingLogger();
		const paced = pacedAsk();
		const s = service(
			testConfig(indexCopy(), {
				limits: { maxRunning: 1, maxQueued: 1, askTimeoutMs: 10_000, retryAfterSeconds: 7 },
			}),
			{ log, ask: paced.ask, createLlm: () => undefined },
		);
		const running = request(s.app)
			.post("/v1/ask")
			.set(auth)
			.send({ question: "one" })
			.then((r) => r);
		await paced.started(1);
		const queued = request(s.app)
			.post("/v1/ask")
			.set(auth)
			.send({ question: "two" })
			.then((r) => r);
		await vi.waitFor(() => expect(s.limiter.queued).toBe(1), WAIT);

		const refused = await request(s.app).post("/v1/ask").set(auth).send({ question: "three" }).expect(503);
		expect(refused.headers["retry-after"]).toBe("7");
		expectEnvelope(refused.body, "busy");
		const job = await request(s.app).post("/v1/jobs").set(auth).send({ question: "four" }).expect(503);
		expectEnvelope(job.body, "busy");

		paced.releaseAll();
		await paced.started(1);
		paced.releaseAll();
		expect((await running).status).toBe(200);
		expect((await queued).status).toBe(200);
		expect(s.limiter.running + s.limiter.queued).toBe(0);
	});

	it("times a question out with 504, aborts the pipeline and keeps the slot until it stops", async () => {
		const { log } = capturingLogger();
		const paced = pacedAsk();
		const s = service(
			testConfig(indexCopy(), {
				limits: { maxRunning: 1, maxQueued: 0, askTimeoutMs: 150, retryAfterSeconds: 1 },
			}),
			{ log, ask: paced.ask, createLlm: () => undefined },
		);
		const res = await request(s.app).post("/v1/ask").set(auth).send({ question: "slow one" }).expect(504);
		expectEnvelope(res.body, "timeout");
		expect(paced.pending[0]?.options.signal?.aborted).toBe(true);
		// The pipeline has not stopped yet: its slot is still taken.
		expect(s.limiter.running).toBe(1);
		await request(s.app).post("/v1/ask").set(auth).send({ question: "next" }).expect(503);
		paced.releaseAll();
		await vi.waitFor(() => expect(s.limiter.running).toBe(0), WAIT);
	});

	it("turns a pipeline crash into a 500 envelope without a stack", async () => {
		const { log, lines } = capturingLogger();
		const s = service(testConfig(indexCopy()), {
			log,
			ask: async () => {
				throw new Error("boom at pipeline/secret-internal.ts:12");
			},
			createLlm: () => undefined,
		});
		const res = await request(s.app).post("/v1/ask").set(auth).send({ question: "crash?" }).expect(500);
		const error = expectEnvelope(res.body, "answer-failed");
		expect(JSON.stringify(res.body)).not.toContain("secret-internal");
		expect(error.requestId).toBe(res.headers["x-request-id"]);
		expect(lines()).toContain("secret-internal");
	});
});
