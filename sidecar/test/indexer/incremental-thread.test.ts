/**
 * An incremental run extracts on a second thread (indexer/incremental.ts), through the built
 * modules (the thread loads its .js sibling; the sources under test run on one thread): after
 * changed, renamed, added and deleted definitions and files, the index it patches must equal
 * the one the same run writes on one thread and a full run's.
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { MINI_CHAT_DIR } from "../support/fixture-index.js";
import { changeMiniChat, editFile } from "../support/mini-chat-changes.js";
import { integrityProblems, snapshotIndex } from "./index-snapshot.js";

const DIST = resolve(dirname(fileURLToPath(import.meta.url)), "../../dist");

type Indexer = typeof import("../../src/indexer/index.js");
type Trunks = typeof import("../../src/trunks/load.js");
type Incremental = typeof import("../../src/indexer/incremental.js");

describe("an incremental run on its own thread", { timeout: 240_000 }, () => {
	it("writes what the same run writes on one thread, and what a full run writes", async () => {
		const { indexRepository } = (await import(`${DIST}/indexer/index.js`)) as Indexer;
		const { loadTrunkConfig } = (await import(`${DIST}/trunks/load.js`)) as Trunks;
		const dir = mkdtempSync(join(tmpdir(), "codeask-incremental-thread-"));
		const repo = join(dir, "mini-chat");
		cpSync(MINI_CHAT_DIR, repo, { recursive: true });
		const trunkConfig = loadTrunkConfig(null, repo);
		const run = (out: string, extra: { full?: boolean; incrementalThread?: boolean } = {}) =>
			indexRepository({
				repo,
				out,
				siteExtractorModule: pathToFileURL(`${DIST}/trunks/extractor.js`).href,
				trunkConfig,
				...extra,
			});
		const threaded = join(dir, "threaded.db");
		const here = join(dir, "here.db");
		await run(threaded);
		cpSync(threaded, here);

		changeMiniChat(repo);

		const onThread = await run(threaded);
		const onOne = await run(here, { incrementalThread: false });
		const full = join(dir, "full.db");
		await run(full, { full: true });

		// The thread's CPU is reported beside the run's when a thread ran (Linux; its value is a measurement).
		if (process.platform === "linux") expect(onThread.timings).toHaveProperty(["incremental.cpu"]);
		expect(onOne.timings["incremental.cpu"]).toBeUndefined();
		// The three changed or new files, and sendMessage.ts: it imports the renamed function.
		expect(onThread.extractedFiles).toBe(4);
		expect(onOne.extractedFiles).toBe(4);
		expect(integrityProblems(threaded)).toEqual([]);
		const reference = snapshotIndex(full);
		// The unchanged files' programs read them with bodies blanked (bodies.ts): some were.
		expect(reference.bodies.length).toBeGreaterThan(0);
		for (const db of [threaded, here]) {
			const patched = snapshotIndex(db);
			for (const key of Object.keys(reference) as (keyof typeof reference)[])
				expect({ [key]: patched[key] }).toEqual({ [key]: reference[key] });
		}
		expect(onThread.stats).toEqual({ ...onOne.stats, wallMs: onThread.stats.wallMs });
		expect(onThread.unresolvedByReason).toEqual(onOne.unresolvedByReason);
	});

	it("takes the thread its caller started ahead for the run, and closes one the run cannot use", async () => {
		const { indexRepository } = (await import(`${DIST}/indexer/index.js`)) as Indexer;
		const { loadTrunkConfig } = (await import(`${DIST}/trunks/load.js`)) as Trunks;
		const { startIncrementalWorker } = (await import(`${DIST}/indexer/incremental.js`)) as Incremental;
		const dir = mkdtempSync(join(tmpdir(), "codeask-thread-ahead-"));
		const repo = join(dir, "mini-chat");
		cpSync(MINI_CHAT_DIR, repo, { recursive: true });
		const trunkConfig = loadTrunkConfig(null, repo);
		const siteExtractorModule = pathToFileURL(`${DIST}/trunks/extractor.js`).href;
		const out = join(dir, "index.db");
		/** A thread started ahead for `out`, recording what the run asked of it. */
		const ahead = (previous = out) => {
			const worker = startIncrementalWorker({ repoRoot: repo, previous, siteExtractorModule });
			const asked: string[] = [];
			const extract = worker.extract.bind(worker);
			const close = worker.close.bind(worker);
			return {
				asked,
				worker: Object.assign(worker, {
					extract: (...args: Parameters<typeof extract>) => {
						asked.push("extract");
						return extract(...args);
					},
					close: () => {
						asked.push("close");
						close();
					},
				}),
			};
		};
		const run = (incrementalWorker: ReturnType<typeof ahead>["worker"], full = false) =>
			indexRepository({ repo, out, siteExtractorModule, trunkConfig, incrementalWorker, full });

		// No previous index yet: nothing to reuse, the thread is closed.
		const first = ahead();
		await run(first.worker);
		expect(first.asked).toEqual(["close"]);
		editFile(repo, "apps/server/src/lib/format.ts", (t) => `${t}\nexport const formatted = 1;\n`);
		const second = ahead();
		const result = await run(second.worker);
		expect(second.asked[0]).toBe("extract");
		expect(result.extractedFiles).toBe(1);
		// Started for another index file: not this run's.
		editFile(repo, "apps/server/src/lib/format.ts", (t) => `${t}\nexport const formattedAgain = 2;\n`);
		const other = ahead(join(dir, "other.db"));
		const third = await run(other.worker);
		expect(other.asked).toEqual(["close"]);
		expect(third.extractedFiles).toBe(1);
	});

	it("fails a run whose thread failed while warming up, and the thread exits with it", () => {
		// In a child process: a thread left alive would keep it from exiting (killed at the timeout).
		const dir = mkdtempSync(join(tmpdir(), "codeask-thread-fail-"));
		const script = `
			const { startIncrementalWorker } = await import(${JSON.stringify(`${DIST}/indexer/incremental.js`)});
			const worker = startIncrementalWorker({
				repoRoot: ${JSON.stringify(dir)},
				previous: ${JSON.stringify(join(dir, "none.db"))},
				siteExtractorModule: ${JSON.stringify(pathToFileURL(join(dir, "missing.js")).href)},
			});
			// Asked for after the failure (the first case) and while it is on its way (the second).
			await new Promise((r) => setTimeout(r, 1500));
			const request = { packages: [], siteExtractor: null, files: [], notUnchanged: [], removedFiles: [], declarationFiles: [], layout: "", previousGlobals: null };
			try {
				await worker.extract(request, () => {});
				console.log("resolved");
			} catch (err) {
				console.log("rejected", err.code ?? err.message);
			}
			const second = startIncrementalWorker({
				repoRoot: ${JSON.stringify(dir)},
				previous: ${JSON.stringify(join(dir, "none.db"))},
				siteExtractorModule: ${JSON.stringify(pathToFileURL(join(dir, "missing.js")).href)},
			});
			try {
				await second.extract(request, () => {});
				console.log("resolved");
			} catch (err) {
				console.log("rejected", err.code ?? err.message);
			}
		`;
		const file = join(dir, "run.mjs");
		writeFileSync(file, script);
		const child = spawnSync(process.execPath, [file], { encoding: "utf8", timeout: 60_000 });
		expect(child.signal).toBeNull();
		expect(child.status).toBe(0);
		expect(child.stdout.trim().split("\n")).toEqual([
			"rejected ERR_MODULE_NOT_FOUND",
			"rejected ERR_MODULE_NOT_FOUND",
		]);
	});

	it("joins the sites again only when they may have moved: on a guess while the thread extracts, kept when it was right", async () => {
		const { indexRepository } = (await import(`${DIST}/indexer/index.js`)) as Indexer;
		const { loadTrunkConfig } = (await import(`${DIST}/trunks/load.js`)) as Trunks;
		const dir = mkdtempSync(join(tmpdir(), "codeask-thread-join-"));
		const repo = join(dir, "mini-chat");
		cpSync(MINI_CHAT_DIR, repo, { recursive: true });
		const trunkConfig = loadTrunkConfig(null, repo);
		const run = (out: string, full = false) =>
			indexRepository({
				repo,
				out,
				siteExtractorModule: pathToFileURL(`${DIST}/trunks/extractor.js`).href,
				trunkConfig,
				full,
			});
		const out = join(dir, "index.db");
		await run(out);
		let step = 0;
		/** The edit, an incremental run, and how it came by the sites; its index must be a full run's. */
		const edit = async (change: (text: string) => string) => {
			editFile(repo, "apps/server/src/methods/sendMessage.ts", change);
			const result = await run(out);
			expect(result.timings).toHaveProperty(["incremental.cpu"]);
			const full = join(dir, `full-${++step}.db`);
			await run(full, true);
			expect(integrityProblems(out)).toEqual([]);
			const reference = snapshotIndex(full);
			const patched = snapshotIndex(out);
			for (const key of Object.keys(reference) as (keyof typeof reference)[])
				expect({ [key]: patched[key] }).toEqual({ [key]: reference[key] });
			return result.timings["sites.join"];
		};
		// Below the file's sites: they are the previous index's.
		expect(await edit((t) => `${t}\nexport function appended(): number {\n\treturn 1;\n}\n`)).toBe(0);
		// A line above them: they move, and the join guessed while the thread extracted holds.
		expect(await edit((t) => `// Sending.\n${t}`)).toBe(1);
		// A line above them that registers one more: the guess was wrong, the sites are joined again.
		expect(await edit((t) => `Meteor.methods({ ping: () => 1 });\n${t}`)).toBe(2);
		// Among them: no guess.
		expect(await edit((t) => t.replace("'message.sent'", "'message.stored'"))).toBe(2);
	});

	it("leaves no temp file when the run fails after handing the work to the thread", async () => {
		const { indexRepository } = (await import(`${DIST}/indexer/index.js`)) as Indexer;
		const { loadTrunkConfig } = (await import(`${DIST}/trunks/load.js`)) as Trunks;
		const dir = mkdtempSync(join(tmpdir(), "codeask-thread-cleanup-"));
		const repo = join(dir, "mini-chat");
		cpSync(MINI_CHAT_DIR, repo, { recursive: true });
		const trunkConfig = loadTrunkConfig(null, repo);
		// The real extractor, except that joining the sites across the repository (main thread, after
		// the hand-over) throws.
		const failing = join(dir, "failing-extractor.mjs");
		writeFileSync(
			failing,
			`import { createSiteExtractor as real } from ${JSON.stringify(pathToFileURL(`${DIST}/trunks/extractor.js`).href)};
export function createSiteExtractor(config) {
	const extractor = real(config);
	extractor.finalize = () => {
		throw new Error("finalize failed");
	};
	return extractor;
}
`,
		);
		const outDir = join(dir, "out");
		const out = join(outDir, "index.db");
		const run = (module: string) =>
			indexRepository({ repo, out, siteExtractorModule: pathToFileURL(module).href, trunkConfig });
		await run(`${DIST}/trunks/extractor.js`);
		const before = readFileSync(out);
		// A line above its dispatch sites moves them: the sites are joined again (finalize runs).
		editFile(repo, "apps/server/src/methods/sendMessage.ts", (t) => `// Sending.\n${t}`);
		await expect(run(failing)).rejects.toThrow("finalize failed");
		expect(readdirSync(outDir)).toEqual(["index.db"]);
		expect(readFileSync(out).equals(before)).toBe(true);
	});
});
