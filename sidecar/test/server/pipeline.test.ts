/**
 * The service with the real parts: the answer pipeline on the mini-chat fixture index, and the
 * production LLM factory driving the real @google/genai SDK against a fake Gemini on 127.0.0.1.
 */
import { askResponseSchema, jobSchema, overviewResponseSchema } from "@codeask/shared";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ask } from "../../src/pipeline/ask.js";
import { llmFactory } from "../../src/server/llm-factory.js";
import { inProcessRunner } from "../../src/server/questions.js";
import { createService, type Service } from "../../src/server/service.js";
import { startFakeGemini } from "../support/fake-gemini.js";
import type { FakeLlmServer } from "../support/fake-llm-http.js";
import { fixtureIndexPath } from "../support/fixture-index.js";
import { auth, capturingLogger, testConfig } from "./support.js";

const REQUEST_KEY = "AIza-request-key-from-the-app-settings";

describe("the service over the real pipeline (fixture index)", () => {
	const captured = capturingLogger();
	let s: Service;
	let fake: FakeLlmServer;
	beforeAll(async () => {
		s = createService(testConfig(await fixtureIndexPath()), {
			log: captured.log,
			ask,
			createLlm: llmFactory(captured.log),
		});
		fake = await startFakeGemini({
			fallback: { status: 401, error: "API key not valid. Please pass a valid API key." },
		});
	});
	afterAll(async () => {
		s.close();
		await fake.close();
	});

	it("answers offline with verified citations and no LLM requests", async () => {
		const res = await request(s.app)
			.post("/v1/ask")
			.set(auth)
			.send({ question: "How are push notifications sent to a user's devices?" })
			.expect(200);
		const answer = askResponseSchema.parse(res.body);
		expect(answer.provider).toBe("none");
		expect(answer.usage.requests).toBe(0);
		expect(answer.citations.length).toBeGreaterThan(0);
		expect(answer.citations.every((c) => c.verified)).toBe(true);
		expect(answer.citations.map((c) => c.file).join(" ")).toMatch(/push/i);
	});

	it("runs a job through the real pipeline", async () => {
		const { body } = await request(s.app)
			.post("/v1/jobs")
			.set(auth)
			.send({ question: "Who sets a user's presence status?" })
			.expect(202);
		await vi.waitFor(
			async () => {
				const polled = jobSchema.parse(
					(await request(s.app).get(`/v1/jobs/${body.jobId}`).set(auth).expect(200)).body,
				);
				expect(polled.status).toBe("done");
				expect(polled.result?.citations.every((c) => c.verified)).toBe(true);
			},
			{ timeout: 20_000, interval: 100 },
		);
	});

	it("sends a per-request key to the provider, falls back offline when it is refused, and leaks it nowhere", async () => {
		const llm = { provider: "gemini", apiKey: REQUEST_KEY, baseUrl: fake.url };
		const res = await request(s.app)
			.post("/v1/ask")
			.set(auth)
			.send({ question: "How is a message sent?", llm })
			.expect(200);
		const answer = askResponseSchema.parse(res.body);
		expect(fake.requests.length).toBeGreaterThan(0);
		expect(fake.requests.length).toBeLessThanOrEqual(3);
		for (const r of fake.requests) expect(r.headers["x-goog-api-key"]).toBe(REQUEST_KEY);
		expect(answer.fallbackReason).toBeTruthy();
		expect(answer.citations.every((c) => c.verified)).toBe(true);
		expect(JSON.stringify(res.body)).not.toContain(REQUEST_KEY);
		expect(captured.lines()).not.toContain(REQUEST_KEY);

		// A degraded (fallback) answer is not cached: asking again tries the provider again.
		const before = fake.requests.length;
		const again = await request(s.app)
			.post("/v1/ask")
			.set(auth)
			.send({ question: "How is a message sent?", llm });
		expect(again.headers["x-codeask-cache"]).toBe("miss");
		expect(fake.requests.length).toBeGreaterThan(before);
	});

	it("refuses with 400 every question the pipeline would refuse, naming what is wrong", async () => {
		const refused: [string, RegExp][] = [
			["???", /no letters or digits/],
			["how\u0001 are messages saved?", /control characters/],
			["\u{1F600}".repeat(1001), /no letters or digits|longer than/],
			["\u0000\u0000", /control characters|no letters/],
		];
		for (const [question, message] of refused) {
			const ask = await request(s.app).post("/v1/ask").set(auth).send({ question });
			expect(ask.status, JSON.stringify(question)).toBe(400);
			expect(ask.body.error.code).toBe("invalid-body");
			expect(ask.body.error.message).toMatch(message);
			expect(ask.body.error.issues[0].path).toBe("question");
			const job = await request(s.app).post("/v1/jobs").set(auth).send({ question });
			expect(job.status).toBe(400);
		}
	});

	it("draws the answer's chains as a PNG when asked, and not otherwise", async () => {
		const question = "How are push notifications sent to a user's devices?";
		const plain = await request(s.app).post("/v1/ask").set(auth).send({ question }).expect(200);
		expect(plain.body.diagramPng).toBeUndefined();
		const drawn = await request(s.app)
			.post("/v1/ask")
			.set(auth)
			.send({ question, diagramPng: true })
			.expect(200);
		const answer = askResponseSchema.parse(drawn.body);
		expect(
			Buffer.from(answer.diagramPng ?? "", "base64")
				.subarray(0, 8)
				.toString("hex"),
		).toBe("89504e470d0a1a0a");
	});

	it("serves POST /v1/overview for the repository and one package, 404 for an unknown package", async () => {
		const whole = overviewResponseSchema.parse(
			(await request(s.app).post("/v1/overview").set(auth).send({}).expect(200)).body,
		);
		expect(whole.scope).toBe("repository");
		expect(whole.provider).toBe("none");
		expect(whole.markdown.length).toBeGreaterThan(100);
		expect(whole.diagram).toMatch(/flowchart|graph/);

		const pkg = overviewResponseSchema.parse(
			(
				await request(s.app)
					.post("/v1/overview")
					.set(auth)
					.send({ package: "apps/server", diagramPng: true })
					.expect(200)
			).body,
		);
		expect(pkg.scope).toBe("package");
		expect(
			Buffer.from(pkg.diagramPng ?? "", "base64")
				.subarray(0, 4)
				.toString("hex"),
		).toBe("89504e47");

		const missing = await request(s.app)
			.post("/v1/overview")
			.set(auth)
			.send({ package: "no-such-package" })
			.expect(404);
		expect(missing.body.error.code).toBe("unknown-package");
		const bad = await request(s.app).post("/v1/overview").set(auth).send({ package: 5 }).expect(400);
		expect(bad.body.error.issues[0].path).toBe("package");
	});

	it("refuses unusable LLM settings with a 400 that names the problem", async () => {
		const res = await request(s.app)
			.post("/v1/ask")
			.set(auth)
			.send({ question: "anything", llm: { provider: "openai" } })
			.expect(400);
		expect(res.body.error.code).toBe("bad-llm-settings");
		expect(res.body.error.message).toMatch(/model|baseUrl/);
	});
});

describe("diagrams under the question limiter", () => {
	it("draws in the runner (a slot), caches the PNG with the answer, and never draws a hit again", async () => {
		const { log } = capturingLogger();
		const calls = { ask: 0, draw: 0, packages: 0 };
		const s = createService(
			testConfig(await fixtureIndexPath(), { limits: { ...testConfig("").limits, maxRunning: 1 } }),
			{
				log,
				ask,
				createLlm: () => undefined,
				runners: () => {
					const base = inProcessRunner(ask, log);
					return {
						ask: (task) => {
							calls.ask++;
							return base.ask(task);
						},
						draw: (task) => {
							calls.draw++;
							return base.draw(task);
						},
						drawPackages: (task) => {
							calls.packages++;
							return base.drawPackages(task);
						},
					};
				},
			},
		);
		try {
			const question = "How are push notifications sent to a user's devices?";
			// Asked without a picture first: cached without one.
			const plain = await request(s.app).post("/v1/ask").set(auth).send({ question }).expect(200);
			expect(plain.body.diagramPng).toBeUndefined();
			expect(calls).toEqual({ ask: 1, draw: 0, packages: 0 });
			// Then with one: drawn once, in a slot, and stored with the answer.
			const first = await request(s.app)
				.post("/v1/ask")
				.set(auth)
				.send({ question, diagramPng: true })
				.expect(200);
			expect(first.headers["x-codeask-cache"]).toBe("hit");
			expect(first.body.diagramPng).toMatch(/^iVBORw0KGgo/);
			expect(calls).toEqual({ ask: 1, draw: 1, packages: 0 });
			const again = await request(s.app)
				.post("/v1/ask")
				.set(auth)
				.send({ question, diagramPng: true })
				.expect(200);
			expect(again.body.diagramPng).toBe(first.body.diagramPng);
			expect(calls).toEqual({ ask: 1, draw: 1, packages: 0 });
			// A hit without diagramPng does not carry the cached picture.
			const bare = await request(s.app).post("/v1/ask").set(auth).send({ question }).expect(200);
			expect(bare.body.diagramPng).toBeUndefined();
			// A new question with a picture: answered and drawn in one run.
			const other = await request(s.app)
				.post("/v1/ask")
				.set(auth)
				.send({ question: "Where is a message saved?", diagramPng: true })
				.expect(200);
			if (other.body.chains.length > 0) expect(other.body.diagramPng).toMatch(/^iVBORw0KGgo/);
			expect(calls).toEqual({ ask: 2, draw: 1, packages: 0 });
			// The overview's package graph is drawn by the runner too (a worker in codeask serve).
			const overview = await request(s.app)
				.post("/v1/overview")
				.set(auth)
				.send({ diagramPng: true })
				.expect(200);
			expect(overview.body.diagramPng).toMatch(/^iVBORw0KGgo/);
			expect(calls).toEqual({ ask: 2, draw: 1, packages: 1 });
		} finally {
			s.close();
		}
	});
});
