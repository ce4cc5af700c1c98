/**
 * The worker pool's mechanics with a scripted worker (same protocol as ask-worker.js): answers
 * come back by id, a runaway question is stopped by replacing its worker, a crashed worker is
 * replaced, and the pool keeps serving afterwards.
 */
import type { AskResponse } from "@codeask/shared";
import { afterEach, describe, expect, it } from "vitest";
import type { IndexLease } from "../../src/index/holder.js";
import { AskPool, WorkerCrashedError } from "../../src/server/ask-pool.js";
import { capturingLogger } from "./support.js";

const workerUrl = new URL("./fixtures/scripted-worker.mjs", import.meta.url);
const pools: AskPool[] = [];
afterEach(async () => {
	for (const p of pools.splice(0)) await p.close();
});

function pool(size: number, killAfterMs = 200): AskPool {
	const { log } = capturingLogger();
	const p = new AskPool({ size, killAfterMs, log, logLevel: "silent", workerUrl });
	pools.push(p);
	return p;
}

// The scripted worker never opens the index: a lease that only names a generation will do.
const lease = {
	handle: { served: "unused.db", generation: 1, path: "unused.db", ino: 0 },
	release() {},
} as unknown as IndexLease;

const task = (question: string, signal = new AbortController().signal) => ({
	question,
	settings: { provider: "none" as const },
	client: undefined,
	signal,
	lease,
});

describe("AskPool", () => {
	it("runs questions on its workers and returns each answer to its caller", async () => {
		const p = pool(2);
		const answers = await Promise.all(["a", "b", "c", "d"].map((q) => p.run(task(q))));
		expect(answers.map((a: AskResponse) => a.answer)).toEqual(["echo: a", "echo: b", "echo: c", "echo: d"]);
	});

	it("replaces the worker of a question that ignores its abort, then serves again", async () => {
		const p = pool(1, 150);
		const controller = new AbortController();
		const hung = p.run(task("hang", controller.signal));
		setTimeout(() => controller.abort(), 50);
		await expect(hung).rejects.toBeInstanceOf(WorkerCrashedError);
		expect((await p.run(task("after"))).answer).toBe("echo: after");
	});

	it("replaces a crashed worker and fails only the question it was running", async () => {
		const p = pool(1);
		await expect(p.run(task("crash"))).rejects.toThrow(/crashed/);
		expect((await p.run(task("still here"))).answer).toBe("echo: still here");
	});

	it("fails the question of a worker that exits without an error, and replaces the worker", async () => {
		const p = pool(1);
		await expect(p.run(task("exit"))).rejects.toThrow(/exited/);
		expect((await p.run(task("next"))).answer).toBe("echo: next");
	});
});
