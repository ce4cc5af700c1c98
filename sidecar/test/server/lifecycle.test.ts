/**
 * A real listening server on 127.0.0.1: graceful shutdown finishes the questions it accepted and
 * refuses new ones; replacing the index file swaps the service to it without failing a request
 * that is running on the old one.
 */
import { existsSync, rmSync } from "node:fs";
import { dirname } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type Listening, listen } from "../../src/server/serve.js";
import { createService, type Service } from "../../src/server/service.js";
import { capturingLogger, indexCopy, pacedAsk, replaceIndex, TOKEN, testConfig, WAIT } from "./support.js";

const headers = { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" };
const running: Listening[] = [];
afterEach(async () => {
	for (const l of running.splice(0)) await l.shutdown();
});

async function serve(service: Service): Promise<Listening> {
	const { log } = capturingLogger();
	const l = await listen(service, { host: "127.0.0.1", port: 0, shutdownTimeoutMs: 5000, log });
	running.push(l);
	return l;
}

const ask = (url: string, question: string) =>
	fetch(`${url}/v1/ask`, { method: "POST", headers, body: JSON.stringify({ question }) });

describe("graceful shutdown", () => {
	it("finishes running and queued questions, refuses new ones, then closes", async () => {
		const { log } = capturingLogger();
		const paced = pacedAsk();
		const s = createService(
			testConfig(indexCopy(), {
				limits: { maxRunning: 1, maxQueued: 4, askTimeoutMs: 10_000, retryAfterSeconds: 2 },
			}),
			{ log, ask: paced.ask, createLlm: () => undefined },
		);
		const l = await serve(s);
		const first = ask(l.url, "first");
		await paced.started(1);
		const second = ask(l.url, "second");
		await vi.waitFor(() => expect(s.limiter.queued).toBe(1), WAIT);

		const shutdown = l.shutdown();
		// New work on an open connection is refused while accepted work continues.
		await vi.waitFor(() => expect(s.lifecycle.shuttingDown).toBe(true), WAIT);
		const ready = await fetch(`${l.url}/readyz`).catch(() => null);
		if (ready) expect(ready.status).toBe(503);
		const late = await ask(l.url, "too late").catch((err: Error) => err);
		if (late instanceof Response) {
			expect(late.status).toBe(503);
			expect(((await late.json()) as { error: { code: string } }).error.code).toBe("shutting-down");
		} else expect(late).toBeInstanceOf(Error); // connection refused: the listener is closed
		expect(paced.calls).toBe(1);

		paced.releaseAll();
		await paced.started(1);
		paced.releaseAll();
		const [r1, r2] = await Promise.all([first, second]);
		expect(r1.status).toBe(200);
		expect(r2.status).toBe(200);
		expect(((await r2.json()) as { answer: string }).answer).toBe("answer to: second");
		expect(await shutdown).toBe(true);
		await expect(fetch(`${l.url}/healthz`)).rejects.toThrow();
	});

	it("gives up after the grace period and reports that not everything finished", async () => {
		const { log } = capturingLogger();
		const paced = pacedAsk();
		const s = createService(testConfig(indexCopy()), { log, ask: paced.ask, createLlm: () => undefined });
		const l = await listen(s, { host: "127.0.0.1", port: 0, shutdownTimeoutMs: 100, log });
		const stuck = ask(l.url, "never finishes").catch(() => "connection closed");
		await paced.started(1);
		expect(await l.shutdown()).toBe(false);
		paced.releaseAll();
		await stuck;
	});
});

describe("index swap", () => {
	it("answers new questions from the replaced index while a running one finishes on the old", async () => {
		const { log } = capturingLogger();
		const paced = pacedAsk();
		const indexPath = indexCopy({ commit: "aaaaaaa", builtAt: "2026-01-01T00:00:00.000Z" });
		const s = createService(testConfig(indexPath, { indexPollMs: 25 }), {
			log,
			ask: paced.ask,
			createLlm: () => undefined,
		});
		const l = await serve(s);

		const before = ask(l.url, "on the old index");
		await paced.started(1);
		const oldReader = paced.pending[0]?.index;

		replaceIndex(indexPath, { commit: "bbbbbbb", builtAt: "2026-02-02T00:00:00.000Z" });
		await vi.waitFor(async () => {
			const status = await fetch(`${l.url}/v1/status`, { headers });
			expect(((await status.json()) as { index: { commit: string } }).index.commit).toBe("bbbbbbb");
		}, WAIT);

		const after = ask(l.url, "on the new index");
		await paced.started(2);
		expect(paced.pending[1]?.index).not.toBe(oldReader);
		// The old reader is still open for the question that started on it.
		expect(oldReader?.db.open).toBe(true);
		paced.releaseAll();
		const [r1, r2] = await Promise.all([before, after]);
		expect(((await r1.json()) as { indexCommit: string }).indexCommit).toBe("aaaaaaa");
		expect(((await r2.json()) as { indexCommit: string }).indexCommit).toBe("bbbbbbb");
		expect(oldReader?.db.open).toBe(false);
	});

	it("keeps serving the current index when the file is removed or replaced by garbage", async () => {
		const { log } = capturingLogger();
		const paced = pacedAsk();
		const indexPath = indexCopy({ commit: "ccccccc" });
		const s = createService(testConfig(indexPath), { log, ask: paced.ask, createLlm: () => undefined });
		rmSync(indexPath);
		expect(s.holder.reload()).toBe(false);
		expect(s.holder.ready).toBe(true);
		expect(existsSync(dirname(indexPath))).toBe(true);
		const { writeFileSync } = await import("node:fs");
		writeFileSync(indexPath, "not a database");
		expect(s.holder.reload()).toBe(false);
		expect(s.holder.identity).toContain("ccccccc");
		s.close();
	});
});
