/**
 * The extraction threads' counts reach the indexing thread while it is busy with its own share:
 * their messages cannot (no event loop runs), the shared cells can.
 */
import { Worker } from "node:worker_threads";
import { describe, expect, it } from "vitest";
import { ShareCounts } from "../../src/indexer/share-counts.js";

describe("share counts", () => {
	it("sums every share's parsed and extracted files, as written by another thread while this one is blocked", async () => {
		const counts = new ShareCounts(3);
		counts.set(0, "extract", 50);
		const signal = new Int32Array(new SharedArrayBuffer(4));
		// A thread writes share 2's counts, posts a message, then signals.
		const worker = new Worker(
			`const { workerData, parentPort } = require("node:worker_threads");
			const { cells, signal } = workerData;
			Atomics.store(cells, 2 * 2, 120);
			Atomics.store(cells, 2 * 2 + 1, 100);
			parentPort.postMessage("progress");
			Atomics.store(signal, 0, 1);
			Atomics.notify(signal, 0);`,
			{ eval: true, workerData: { cells: counts.cells, signal } },
		);
		const messages: string[] = [];
		worker.on("message", (m: string) => messages.push(m));
		// Blocked, as while extracting a share: no message is delivered, the cells are read.
		expect(Atomics.wait(signal, 0, 0, 30_000)).not.toBe("timed-out");
		expect(messages).toEqual([]);
		expect(counts.sum("extract")).toBe(150);
		expect(counts.sum("parse")).toBe(120);
		expect(counts.get(1, "extract")).toBe(0);
		await new Promise((resolve) => worker.once("exit", resolve));
		expect(messages).toEqual(["progress"]);
	});
});
