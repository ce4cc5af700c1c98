/**
 * `codeask serve` as a real process (the built CLI) over the mini-chat fixture: questions run in
 * worker threads, so the service keeps answering probes while it works, refuses overflow with
 * 503 + Retry-After, answers the rest with verified citations, and exits 0 on SIGTERM.
 */
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdtempSync, renameSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { askResponseSchema } from "@codeask/shared";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type SpawnedService, spawnService } from "../../src/scripts/spawn-service.js";
import { fixtureIndexPath } from "../support/fixture-index.js";

const ROOT = resolve(fileURLToPath(new URL("../../..", import.meta.url)));

describe("codeask serve (process, worker threads)", () => {
	let service: SpawnedService;
	beforeAll(async () => {
		spawnSync(process.execPath, [join(ROOT, "node_modules/typescript/bin/tsc"), "-b", "shared", "sidecar"], {
			cwd: ROOT,
			stdio: "ignore",
		});
		service = await spawnService(await fixtureIndexPath(), {
			CODEASK_MAX_RUNNING: "1",
			CODEASK_MAX_QUEUED: "1",
			CODEASK_CACHE_ENTRIES: "0",
		});
	});
	afterAll(async () => {
		await service?.stop();
	});

	it("answers what fits, refuses the overflow with 503, and stays responsive meanwhile", async () => {
		const headers = { authorization: `Bearer ${service.token}`, "content-type": "application/json" };
		const questions = [
			"How are push notifications sent?",
			"Where is a message saved?",
			"Who changes a user's presence?",
			"How does the client send a message?",
			"What happens after a message is saved?",
			"How are push tokens stored?",
		];
		const asks = questions.map((question) =>
			fetch(`${service.url}/v1/ask`, { method: "POST", headers, body: JSON.stringify({ question }) }),
		);
		const probe = await fetch(`${service.url}/healthz`);
		expect(probe.status).toBe(200);
		const responses = await Promise.all(asks);
		const statuses = responses.map((r) => r.status);
		expect(statuses.every((s) => s === 200 || s === 503)).toBe(true);
		expect(statuses).toContain(200);
		expect(statuses).toContain(503);
		for (const r of responses) {
			if (r.status === 503) {
				expect(r.headers.get("retry-after")).toMatch(/^\d+$/);
				expect(((await r.json()) as { error: { code: string } }).error.code).toBe("busy");
			} else {
				const answer = askResponseSchema.parse(await r.json());
				expect(answer.citations.length).toBeGreaterThan(0);
				expect(answer.citations.every((c) => c.verified)).toBe(true);
			}
		}
	});

	it("exits 2 listing every configuration problem, without a token or with bad numbers", () => {
		const run = spawnSync(
			process.execPath,
			[
				join(ROOT, "sidecar/dist/cli/main.js"),
				"serve",
				"--index",
				"x.db",
				"--port",
				"99999",
				"--max-running",
				"0",
			],
			{ env: { PATH: process.env.PATH ?? "" }, encoding: "utf8" },
		);
		expect(run.status).toBe(2);
		for (const name of ["CODEASK_TOKEN", "--port", "--max-running"]) expect(run.stderr).toContain(name);
	});

	it("shuts down cleanly on SIGTERM", async () => {
		expect(await service.stop()).toBe(0);
		expect(service.logs.join("\n")).toContain('"finished":true');
		expect(service.logs.join("\n")).not.toContain(service.token);
	});
});

/** A copy of the fixture index with its recorded commit set to `commit`, renamed into `path`. */
async function fixtureWithCommit(path: string, commit: string): Promise<void> {
	const staging = `${path}.${commit}.tmp`;
	copyFileSync(await fixtureIndexPath(), staging);
	const db = new Database(staging);
	db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('commit', ?)").run(commit);
	db.close();
	renameSync(staging, path);
}

describe("codeask serve (process): re-index while serving", () => {
	it("answers from the replaced index file in its worker threads", async () => {
		const path = join(mkdtempSync(join(tmpdir(), "codeask-swap-")), "index.db");
		await fixtureWithCommit(path, "1111111");
		const service = await spawnService(path, { CODEASK_INDEX_POLL_MS: "100", CODEASK_CACHE_ENTRIES: "0" });
		try {
			const headers = { authorization: `Bearer ${service.token}`, "content-type": "application/json" };
			const ask = async () => {
				const r = await fetch(`${service.url}/v1/ask`, {
					method: "POST",
					headers,
					body: JSON.stringify({ question: "How are push notifications sent?" }),
				});
				return askResponseSchema.parse(await r.json()).indexCommit;
			};
			expect(await ask()).toBe("1111111");
			await fixtureWithCommit(path, "2222222");
			await vi.waitFor(
				async () => {
					const status = (await (await fetch(`${service.url}/v1/status`, { headers })).json()) as {
						index: { commit: string };
					};
					expect(status.index.commit).toBe("2222222");
				},
				{ timeout: 10_000, interval: 100 },
			);
			// Both workers answer from the new file (each reopens it on its next question).
			expect([await ask(), await ask(), await ask()]).toEqual(["2222222", "2222222", "2222222"]);
		} finally {
			await service.stop();
		}
	});
});
