/**
 * GET /v1/openapi.json: generated from the zod contract, served without a token, every documented
 * route answered by the app; and a short fast-check property run from it (the long run is
 * `sidecar/src/scripts/fuzz-openapi.ts`, benchmarks/service.md): whatever the generated body,
 * the service answers below 500, and a refusal is the error envelope with a message.
 */
import { errorResponseSchema, MAX_QUESTION_CHARS } from "@codeask/shared";
import fc from "fast-check";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
	arbitraryFor,
	confine,
	type OpenApiDoc,
	type Schema,
} from "../../src/scripts/openapi-arbitraries.js";
import { createService, type Service } from "../../src/server/service.js";
import { auth, capturingLogger, indexCopy, instantAsk, testConfig } from "./support.js";

describe("the OpenAPI description", () => {
	let s: Service;
	let doc: OpenApiDoc & { openapi: string };
	beforeAll(async () => {
		s = createService(
			{ ...testConfig(indexCopy()), feedbackPath: `${indexCopy()}.feedback.db` },
			{ log: capturingLogger().log, ask: instantAsk, createLlm: () => undefined },
		);
		doc = (await request(s.app).get("/v1/openapi.json").expect(200)).body;
	});
	afterAll(() => s.close());

	it("is OpenAPI 3.1 generated from the contract, and every documented route exists", async () => {
		expect(doc.openapi).toBe("3.1.0");
		const ask = doc.components.schemas.AskRequest as { properties: { question: { maxLength: number } } };
		expect(ask.properties.question.maxLength).toBe(MAX_QUESTION_CHARS);
		for (const path of [
			"/v1/ask",
			"/v1/jobs",
			"/v1/overview",
			"/v1/feedback",
			"/v1/status",
			"/v1/callback-origins",
		]) {
			expect(Object.keys(doc.paths)).toContain(path);
		}
		for (const [path, methods] of Object.entries(doc.paths)) {
			for (const method of Object.keys(methods)) {
				const url = path.replace("{id}", "00000000-0000-0000-0000-000000000000");
				const r = await (method === "post" ? request(s.app).post(url).send({}) : request(s.app).get(url)).set(
					auth,
				);
				expect(r.status === 404 && r.body.error?.code === "not-found", `${method} ${path}`).toBe(false);
			}
		}
	});

	it("holds for generated bodies: below 500, refusals in the envelope", async () => {
		type Body = { content: { "application/json": { schema: Schema } } };
		const posts = Object.entries(doc.paths).flatMap(([path, m]) => {
			const body = m.post?.requestBody as Body | undefined;
			return body ? [{ path, schema: body.content["application/json"].schema }] : [];
		});
		const arb = fc
			.constantFrom(...posts)
			.chain((p) => arbitraryFor(p.schema, doc).map((body) => ({ path: p.path, body })));
		await fc.assert(
			fc.asyncProperty(arb, async ({ path, body }) => {
				const r = await request(s.app)
					.post(path)
					.set(auth)
					.send(JSON.stringify(confine(body)))
					.type("json");
				expect(r.status).toBeLessThan(500);
				if (r.status >= 400)
					expect(errorResponseSchema.parse(r.body).error.message.length).toBeGreaterThan(5);
			}),
			{ numRuns: 300, seed: 42 },
		);
	});
});
