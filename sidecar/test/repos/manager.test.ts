/**
 * RepoManager with a paced index runner: shutdown stops a running index at once and leaves the
 * repository to the next start, which queues it again; pushes during a sync queue one more.
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { IndexHolder } from "../../src/index/holder.js";
import { createLogger } from "../../src/logger.js";
import type { IndexRunner } from "../../src/repos/index-runner.js";
import { RepoRegistry } from "../../src/repos/registry.js";
import { createRepoManager } from "../../src/repos/setup.js";
import { makeRemote } from "./git-fixtures.js";

const tmp = mkdtempSync(join(tmpdir(), "codeask-manager-"));
const root = join(tmp, "remotes");
mkdirSync(root);
const log = createLogger({ level: "silent" });
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const config = (dir: string) => ({
	reposDir: dir,
	localRoot: root,
	gitProtocols: ["https", "ssh", "file"] as ("https" | "ssh" | "file")[],
	cloneTimeoutMs: 30_000,
	repoMaxMb: 100,
	pollMs: 0,
	syncConcurrency: 1,
});

describe("RepoManager", () => {
	it("stops a running index on close and queues the repository again on the next start", async () => {
		const remote = makeRemote(root, "slow", { "src/a.ts": "export const a = 1;\n" });
		const dir = join(tmp, "reg-slow");
		let started = 0;
		const hanging: IndexRunner = (request) =>
			new Promise((_resolve, reject) => {
				started++;
				request.signal?.addEventListener("abort", () => reject(new Error("indexing was stopped")));
			});
		const first = createRepoManager(config(dir), {
			log,
			createHolder: (p) => new IndexHolder(p, log),
			indexRunner: hanging,
		});
		await first.start();
		await first.add({ name: "slow", url: remote.bare });
		while (first.get("slow")?.state !== "indexing") await new Promise((r) => setTimeout(r, 20));
		const t0 = Date.now();
		await first.close();
		expect(Date.now() - t0).toBeLessThan(5000);
		const registry = new RepoRegistry(dir);
		expect(registry.get("slow")?.state).toBe("indexing");
		registry.close();

		const runs: string[] = [];
		const second = createRepoManager(config(dir), {
			log,
			createHolder: (p) => new IndexHolder(p, log),
			indexRunner: async (request) => {
				runs.push(request.repo);
				return { files: 1, definitions: 1, edges: 0, extractedFiles: 1, wallMs: 1 };
			},
		});
		await second.start();
		await second.idle();
		expect(runs).toHaveLength(1);
		expect(started).toBe(1);
		await second.close();
	});

	it("queues one more sync for a push that arrives while a sync runs, and absorbs repeats", async () => {
		const remote = makeRemote(root, "busy", { "src/a.ts": "export const a = 1;\n" });
		let release: () => void = () => {};
		let runs = 0;
		const manager = createRepoManager(config(join(tmp, "reg-busy")), {
			log,
			createHolder: (p) => new IndexHolder(p, log),
			indexRunner: async () => {
				runs++;
				if (runs === 1) await new Promise<void>((r) => (release = r));
				return { files: 1, definitions: 1, edges: 0, extractedFiles: 1, wallMs: 1 };
			},
		});
		await manager.start();
		await manager.add({ name: "busy", url: remote.bare });
		while (runs === 0) await new Promise((r) => setTimeout(r, 20));
		const next = remote.push({ "src/b.ts": "export const b = 2;\n" });
		for (let i = 0; i < 3; i++) await manager.pushed("busy", "main", next);
		release();
		await manager.idle();
		// The first sync fetched before the push; exactly one more ran, for the pushed commit.
		expect(runs).toBe(2);
		expect(manager.get("busy")?.headSeen).toBe(next);
		await manager.close();
	});
});
