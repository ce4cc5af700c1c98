/**
 * A served index that goes bad: `codeask serve` (the built CLI, questions in worker threads)
 * while its index file is replaced by a corrupt one or deleted. The previous good index keeps
 * answering (no 503s), /readyz and /v1/status say what was refused and why, open descriptors
 * stay flat, and a good file is swapped in again. Also: a failed open closes its handle.
 */
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdtempSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { statusResponseSchema } from "@codeask/shared";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { IndexHolder } from "../../src/index/holder.js";
import { IndexError } from "../../src/index/index-error.js";
import { IndexReader } from "../../src/index/reader.js";
import { type SpawnedService, spawnService } from "../../src/scripts/spawn-service.js";
import { fixtureIndexPath } from "../support/fixture-index.js";
import { capturingLogger } from "./support.js";

const ROOT = resolve(fileURLToPath(new URL("../../..", import.meta.url)));
const QUESTIONS = [
	"How are push notifications sent?",
	"Where is a message saved?",
	"Who changes a user's presence?",
	"How does the client send a message?",
];
const openFds = () => readdirSync("/proc/self/fd").length;

/** A file that is not an index, renamed over `path` the way a re-index replaces it. */
function swapInGarbage(path: string): void {
	const tmp = `${path}.tmp-garbage`;
	writeFileSync(tmp, Buffer.alloc(64 * 1024, 0x5a));
	renameSync(tmp, path);
}

/** A good index (the fixture, with another commit) renamed over `path`. */
async function swapInGood(path: string, commit: string): Promise<void> {
	const tmp = `${path}.tmp-good`;
	copyFileSync(await fixtureIndexPath(), tmp);
	const db = new Database(tmp);
	db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('commit', ?)").run(commit);
	db.close();
	renameSync(tmp, path);
}

describe("a served index that goes bad (process, worker threads)", () => {
	let service: SpawnedService;
	let dir: string;
	let indexPath: string;
	const headers = () => ({ authorization: `Bearer ${service.token}`, "content-type": "application/json" });
	/** Every question at once; the statuses (bodies read, so connections are reused). */
	const askAll = async () =>
		Promise.all(
			QUESTIONS.map(async (question) => {
				const r = await fetch(`${service.url}/v1/ask`, {
					method: "POST",
					headers: headers(),
					body: JSON.stringify({ question }),
				});
				await r.arrayBuffer();
				return r.status;
			}),
		);
	const readyz = async () =>
		(await fetch(`${service.url}/readyz`)).json() as Promise<Record<string, unknown>>;

	beforeAll(async () => {
		spawnSync(process.execPath, [join(ROOT, "node_modules/typescript/bin/tsc"), "-b", "shared", "sidecar"], {
			cwd: ROOT,
			stdio: "ignore",
		});
		dir = mkdtempSync(join(tmpdir(), "codeask-faults-"));
		indexPath = join(dir, "index.db");
		await swapInGood(indexPath, "g00d");
		service = await spawnService(indexPath, {
			CODEASK_MAX_RUNNING: "2",
			CODEASK_CACHE_ENTRIES: "0",
			CODEASK_INDEX_POLL_MS: "50",
		});
	});
	afterAll(async () => {
		await service?.stop();
		rmSync(dir, { recursive: true, force: true });
	});

	it("keeps answering from the good index through a corrupt and a deleted file, says so, and leaks nothing", async () => {
		expect(await askAll()).toEqual(QUESTIONS.map(() => 200));
		const baseline = service.fds();

		swapInGarbage(indexPath);
		await vi.waitFor(async () => expect(await readyz()).toHaveProperty("refused"), { timeout: 10_000 });
		const ready = await fetch(`${service.url}/readyz`);
		expect(ready.status).toBe(200);
		const body = (await ready.json()) as { refused: { reason: string } };
		expect(body.refused.reason).toMatch(/not a database|cannot read|corrupt/i);
		expect(body.refused.reason).toMatch(/still serving/);
		const status = statusResponseSchema.parse(
			await (await fetch(`${service.url}/v1/status`, { headers: headers() })).json(),
		);
		expect(status.index.commit).toBe("g00d");
		expect(status.index.refused?.reason).toMatch(/not a database|cannot read|corrupt/i);

		// Many rounds while the bad file sits there: every question still answered.
		for (let round = 0; round < 5; round++) {
			expect(await askAll()).toEqual(QUESTIONS.map(() => 200));
		}

		rmSync(indexPath);
		await vi.waitFor(async () => expect(JSON.stringify(await readyz())).toMatch(/no index at/), {
			timeout: 10_000,
		});
		for (let round = 0; round < 5; round++) {
			expect(await askAll()).toEqual(QUESTIONS.map(() => 200));
		}
		const after = service.fds();
		if (baseline !== null && after !== null) expect(after).toBeLessThanOrEqual(baseline + 4);

		// A good file again: swapped in, the refusal cleared.
		await swapInGood(indexPath, "n3w");
		await vi.waitFor(
			async () => {
				const s = statusResponseSchema.parse(
					await (await fetch(`${service.url}/v1/status`, { headers: headers() })).json(),
				);
				expect(s.index.commit).toBe("n3w");
				expect(s.index.refused ?? null).toBeNull();
			},
			{ timeout: 10_000 },
		);
		expect(await askAll()).toEqual(QUESTIONS.map(() => 200));
		expect(service.logs.join("\n")).toMatch(/index candidate refused/);
	});
});

describe("opening a bad index", () => {
	it("closes the handle of every failed open (descriptors stay flat without a GC)", () => {
		const dir = mkdtempSync(join(tmpdir(), "codeask-badopen-"));
		const bad = join(dir, "index.db");
		writeFileSync(bad, Buffer.alloc(8192, 0x5a));
		const before = openFds();
		for (let i = 0; i < 300; i++) expect(() => IndexReader.open(bad)).toThrow(IndexError);
		expect(openFds()).toBeLessThanOrEqual(before + 2);
		rmSync(dir, { recursive: true, force: true });
	});

	it("is not ready with a reason when no good index was ever loaded, and refuses a bad one without leaking", () => {
		const dir = mkdtempSync(join(tmpdir(), "codeask-badholder-"));
		const bad = join(dir, "index.db");
		writeFileSync(bad, Buffer.alloc(8192, 0x5a));
		const holder = new IndexHolder(bad, capturingLogger().log);
		const before = openFds();
		for (let i = 0; i < 50; i++) {
			writeFileSync(bad, Buffer.alloc(8192 + i, 0x5a)); // a new candidate every time
			expect(holder.reload()).toBe(false);
		}
		expect(openFds()).toBeLessThanOrEqual(before + 2);
		expect(holder.ready).toBe(false);
		expect(holder.problem).toMatch(/not a database|cannot read/i);
		expect(() => holder.acquire()).toThrow(/not a database|cannot read/i);
		holder.close();
		rmSync(dir, { recursive: true, force: true });
	});

	it("gives workers a private link to the validated file, removed on close (and after a dead process)", async () => {
		const dir = mkdtempSync(join(tmpdir(), "codeask-links-"));
		const path = join(dir, "index.db");
		await swapInGood(path, "l1nk");
		// A link left by a process that no longer runs (pid 2^22 + 1 is beyond Linux's pid range).
		copyFileSync(path, join(dir, ".index.db.serve-4194305-1"));
		const holder = new IndexHolder(path, capturingLogger().log);
		expect(readdirSync(dir).filter((n) => n.includes(".serve-"))).toEqual([]);
		expect(holder.reload()).toBe(true);
		const lease = holder.acquire();
		expect(lease.handle.path).not.toBe(path);
		expect(readdirSync(dir)).toContain(lease.handle.path.split("/").pop());
		// The served path replaced by garbage: the link still leads to the validated index.
		swapInGarbage(path);
		expect(holder.reload()).toBe(false);
		const viaLink = IndexReader.open(lease.handle.path);
		expect(viaLink.meta().commit).toBe("l1nk");
		viaLink.close();
		holder.close(); // a question still holds its lease
		expect(readdirSync(dir).filter((n) => n.includes(".serve-"))).toEqual([]);
		lease.release();
		rmSync(dir, { recursive: true, force: true });
	});
});
