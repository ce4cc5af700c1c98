/**
 * Drawing never blocks the probes: `codeask serve` (the built CLI) answers /healthz while 20
 * questions with `diagramPng` are drawn in its worker threads. Only that it answers is asserted;
 * the latency bar (200 ms) is measured by `sidecar/src/scripts/diagram-probe.ts`
 * (benchmarks/service.md).
 */
import { spawnSync } from "node:child_process";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { askResponseSchema } from "@codeask/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SpawnedService, spawnService } from "../../src/scripts/spawn-service.js";
import { fixtureIndexPath } from "../support/fixture-index.js";

const ROOT = resolve(fileURLToPath(new URL("../../..", import.meta.url)));
const TOPICS = ["push notifications", "a message", "presence", "push tokens", "the client"];

describe("20 concurrent asks with diagrams (process, worker threads)", () => {
	let service: SpawnedService;
	beforeAll(async () => {
		spawnSync(process.execPath, [join(ROOT, "node_modules/typescript/bin/tsc"), "-b", "shared", "sidecar"], {
			cwd: ROOT,
			stdio: "ignore",
		});
		service = await spawnService(await fixtureIndexPath(), { CODEASK_CACHE_ENTRIES: "0" });
	});
	afterAll(async () => {
		await service?.stop();
	});

	it("answers /healthz while they are drawn, and every answer with chains carries its PNG", async () => {
		const headers = { authorization: `Bearer ${service.token}`, "content-type": "application/json" };
		let pending = 20;
		const asks = Array.from({ length: 20 }, async (_, i) => {
			const question = `How is ${TOPICS[i % TOPICS.length]} handled (${i})?`;
			const r = await fetch(`${service.url}/v1/ask`, {
				method: "POST",
				headers,
				body: JSON.stringify({ question, diagramPng: true }),
			});
			const body = await r.json();
			pending--;
			return { status: r.status, body };
		});
		const probesWhileBusy: number[] = [];
		while (pending > 0) {
			const probe = await fetch(`${service.url}/healthz`);
			await probe.arrayBuffer();
			if (pending > 0) probesWhileBusy.push(probe.status);
		}
		const results = await Promise.all(asks);
		expect(probesWhileBusy.length).toBeGreaterThan(0);
		expect(probesWhileBusy.every((s) => s === 200)).toBe(true);
		const answers = results.map(({ status, body }) => {
			expect(status).toBe(200);
			return askResponseSchema.parse(body);
		});
		for (const answer of answers) {
			if (answer.chains.length > 0) expect(answer.diagramPng).toMatch(/^iVBORw0KGgo/);
		}
		expect(answers.some((a) => a.diagramPng)).toBe(true);

		// The overview's package graph is drawn in a worker as well.
		const overview = await fetch(`${service.url}/v1/overview`, {
			method: "POST",
			headers,
			body: JSON.stringify({ diagramPng: true }),
		});
		expect(overview.status).toBe(200);
		expect(((await overview.json()) as { diagramPng?: string }).diagramPng).toMatch(/^iVBORw0KGgo/);
	});
});
