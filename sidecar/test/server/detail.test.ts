/**
 * The answer's form on the HTTP API: `detail` ("short" default, "full") reaches the pipeline,
 * is part of the cache key, and anything else is refused naming the field.
 */
import request from "supertest";
import { afterEach, describe, expect, it } from "vitest";
import type { IndexReader } from "../../src/index/reader.js";
import type { AskOptions } from "../../src/pipeline/types.js";
import { createService, type Service } from "../../src/server/service.js";
import { auth, capturingLogger, indexCopy, instantAsk, testConfig } from "./support.js";

const services: Service[] = [];
afterEach(() => {
	for (const s of services.splice(0)) s.close();
});

describe("POST /v1/ask detail", () => {
	it("passes detail to the pipeline, caches each form apart, and refuses other values", async () => {
		const seen: (string | undefined)[] = [];
		const ask = async (index: IndexReader, question: string, options?: AskOptions) => {
			seen.push(options?.detail);
			const answer = await instantAsk(index, question);
			return { ...answer, answer: `${options?.detail ?? "short"}: ${answer.answer}` };
		};
		const { log } = capturingLogger();
		const s = createService(testConfig(indexCopy()), { log, ask, createLlm: () => undefined });
		services.push(s);
		const short = await request(s.app).post("/v1/ask").set(auth).send({ question: "how?" }).expect(200);
		const full = await request(s.app)
			.post("/v1/ask")
			.set(auth)
			.send({ question: "how?", detail: "full" })
			.expect(200);
		expect(short.body.answer).toMatch(/^short: /);
		expect(full.body.answer).toMatch(/^full: /);
		expect(full.headers["x-codeask-cache"]).toBe("miss");
		expect(seen).toEqual([undefined, "full"]);
		const bad = await request(s.app)
			.post("/v1/ask")
			.set(auth)
			.send({ question: "how?", detail: "long" })
			.expect(400);
		expect((bad.body.error.issues as { path: string }[]).map((i) => i.path)).toContain("detail");
	});
});
