/**
 * The BullMQ queue against a real redis-server (Debian's package), started here on a free
 * loopback port in a temp folder and stopped afterwards. Skipped, saying so, only when
 * redis-server is not installed.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IndexHolder } from "../../src/index/holder.js";
import { createLogger } from "../../src/logger.js";
import { BullMqQueue } from "../../src/repos/bullmq-queue.js";
import type { SyncJob } from "../../src/repos/queue.js";
import { createRepoManager } from "../../src/repos/setup.js";
import { makeRemote } from "./git-fixtures.js";

function hasRedis(): boolean {
	try {
		execFileSync("redis-server", ["--version"], { stdio: "ignore" });
		return true;
	} catch {
		return false;
	}
}

const available = hasRedis();
if (!available)
	console.warn(
		"SKIPPED: redis-server is not installed (apt-get install -y redis-server); the BullMQ queue test did not run",
	);

async function freePort(): Promise<number> {
	return new Promise((resolve) => {
		const s = createServer().listen(0, "127.0.0.1", () => {
			const port = (s.address() as { port: number }).port;
			s.close(() => resolve(port));
		});
	});
}

describe.skipIf(!available)("BullMqQueue on a real redis-server", () => {
	let redis: ChildProcess;
	let url: string;
	const dir = mkdtempSync(join(tmpdir(), "codeask-redis-"));

	beforeAll(async () => {
		const port = await freePort();
		redis = spawn(
			"redis-server",
			["--port", String(port), "--bind", "127.0.0.1", "--dir", dir, "--save", "", "--appendonly", "no"],
			{ stdio: ["ignore", "pipe", "pipe"] },
		);
		await new Promise<void>((resolve, reject) => {
			redis.stdout?.on("data", (d: Buffer) => {
				if (d.toString().includes("Ready to accept connections")) resolve();
			});
			redis.on("exit", (code) => reject(new Error(`redis-server exited (${code})`)));
		});
		url = `redis://127.0.0.1:${port}`;
	});

	afterAll(async () => {
		redis?.kill("SIGTERM");
		rmSync(dir, { recursive: true, force: true });
	});

	it("runs every repository's sync, at most `concurrency` at a time, and absorbs repeats while waiting", async () => {
		const queue = new BullMqQueue({ url, name: `test-${Date.now()}`, concurrency: 1 });
		const ran: SyncJob[] = [];
		let running = 0;
		let maxRunning = 0;
		let release: () => void = () => {};
		const gate = new Promise<void>((r) => {
			release = r;
		});
		await queue.start(async (job) => {
			running++;
			maxRunning = Math.max(maxRunning, running);
			if (job.repo === "first") await gate;
			ran.push(job);
			running--;
		});
		await queue.enqueue({ repo: "first", reason: "push" });
		// While "first" runs, three pushes to "second" wait as one job, and one for "third".
		await new Promise((r) => setTimeout(r, 300));
		await queue.enqueue({ repo: "second", reason: "push" });
		await queue.enqueue({ repo: "second", reason: "push" });
		await queue.enqueue({ repo: "second", reason: "poll" });
		await queue.enqueue({ repo: "third", reason: "manual" });
		release();
		await queue.idle();
		await queue.close();
		expect(ran.map((j) => j.repo)).toEqual(["first", "second", "third"]);
		expect(maxRunning).toBe(1);
	});

	it("syncs a repository through the Redis queue: add, first index, push, re-index", async () => {
		const root = join(dir, "remotes");
		const remote = makeRemote(root, "viaredis", {
			"src/a.ts": "export function a(): number {\n\treturn 1;\n}\n",
		});
		const log = createLogger({ level: "silent" });
		const manager = createRepoManager(
			{
				reposDir: join(dir, "registry"),
				localRoot: root,
				gitProtocols: ["https", "ssh", "file"],
				cloneTimeoutMs: 30_000,
				repoMaxMb: 100,
				pollMs: 0,
				syncConcurrency: 1,
			},
			{
				log,
				createHolder: (p) => new IndexHolder(p, log),
				queue: new BullMqQueue({ url, name: `repos-${Date.now()}` }),
				indexRunner: async () => ({ files: 1, definitions: 1, edges: 0, extractedFiles: 1, wallMs: 1 }),
			},
		);
		await manager.start();
		await manager.add({ name: "viaredis", url: remote.bare });
		await manager.idle();
		expect(manager.get("viaredis")?.state).toBe("ready");
		const next = remote.push({ "src/b.ts": "export const b = 2;\n" });
		expect(await manager.pushed("viaredis", "main", next)).toBe("queued");
		await manager.idle();
		expect(manager.get("viaredis")?.headSeen).toBe(next);
		await manager.close();
	});

	it("lets a second worker (another sidecar) take jobs from the same queue", async () => {
		const name = `shared-${Date.now()}`;
		const a = new BullMqQueue({ url, name, concurrency: 1 });
		const b = new BullMqQueue({ url, name, concurrency: 1 });
		const byWorker: Record<string, string[]> = { a: [], b: [] };
		const slow = (who: "a" | "b") => async (job: SyncJob) => {
			byWorker[who]?.push(job.repo);
			await new Promise((r) => setTimeout(r, 200));
		};
		await a.start(slow("a"));
		await b.start(slow("b"));
		for (const repo of ["r1", "r2", "r3", "r4"]) await a.enqueue({ repo, reason: "manual" });
		await a.idle();
		await Promise.all([a.close(), b.close()]);
		expect([...(byWorker.a ?? []), ...(byWorker.b ?? [])].sort()).toEqual(["r1", "r2", "r3", "r4"]);
		expect(byWorker.a?.length).toBeGreaterThan(0);
		expect(byWorker.b?.length).toBeGreaterThan(0);
	});
});
