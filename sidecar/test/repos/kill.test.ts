/**
 * `codeask repos` as a process: add and sync from the CLI, and a `kill -9` in the middle of a
 * sync leaves a registry that opens and reads whole, the previous index in use, and a next sync
 * that finishes the job.
 */
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { IndexReader } from "../../src/index/reader.js";
import { RepoRegistry, reposLayout } from "../../src/repos/registry.js";
import { makeRemote } from "./git-fixtures.js";

const ROOT = resolve(import.meta.dirname, "../../..");
const CLI = join(ROOT, "sidecar/dist/cli/main.js");
const tmp = mkdtempSync(join(tmpdir(), "codeask-kill-"));
const remotes = join(tmp, "remotes");
mkdirSync(remotes);
const reg = join(tmp, "registry");
const env = { ...process.env, CODEASK_REPOS_LOCAL_ROOT: remotes, CODEASK_REPOS_DIR: reg };
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const cli = (...args: string[]) =>
	execFileSync(process.execPath, [CLI, "repos", ...args], { env }).toString();
const stateOf = (name: string) => {
	const r = new RepoRegistry(reg);
	try {
		return r.get(name);
	} finally {
		r.close();
	}
};

// Several CLI processes each clone and index: on a loaded 2-core machine this took 63 s, over
// vitest's 60 s default (5 suite runs beside stress-ng, benchmarks/cli.md).
describe("codeask repos (process)", { timeout: 240_000 }, () => {
	it("adds, lists, survives a kill -9 mid-sync, and syncs to the new commit afterwards", async () => {
		const many: Record<string, string> = {};
		for (let i = 0; i < 120; i++)
			many[`src/m${i}.ts`] =
				`import { f${(i + 1) % 120} } from "./m${(i + 1) % 120}";\nexport function f${i}(n: number): number {\n\treturn n > 0 ? f${(i + 1) % 120}(n - 1) : ${i};\n}\n`;
		const remote = makeRemote(remotes, "alpha", many);
		cli("add", "alpha", remote.bare);
		const first = stateOf("alpha");
		expect(first?.state).toBe("ready");
		expect(cli("list")).toContain("alpha");

		const next = remote.push({ "src/m0.ts": `export function f0(): number {\n\treturn 42;\n}\n` });
		const child = spawn(process.execPath, [CLI, "repos", "sync", "alpha"], { env, stdio: "ignore" });
		// Kill it once it is indexing (or, failing that, as soon as it has fetched).
		for (let i = 0; i < 400; i++) {
			const s = stateOf("alpha")?.state;
			if (s === "indexing") break;
			await new Promise((r) => setTimeout(r, 10));
		}
		child.kill("SIGKILL");
		await new Promise((r) => child.once("exit", r));

		const db = new Database(reposLayout(reg).registry, { readonly: true });
		expect(db.pragma("integrity_check", { simple: true })).toBe("ok");
		db.close();
		const after = stateOf("alpha");
		expect(after?.url).toBe(first?.url);
		expect(after?.indexedCommit).toBe(first?.indexedCommit);
		// The previous index is whole and still the one in place, also a while later: the indexer
		// ran in a thread of the killed process, so nothing outlives it to rename a new one in.
		await new Promise((r) => setTimeout(r, 3000));
		const reader = IndexReader.open(reposLayout(reg).indexOf("alpha"));
		expect(reader.meta().commit).toBe(first?.indexedCommit);
		reader.close();
		expect(existsSync(reposLayout(reg).checkoutOf("alpha"))).toBe(true);

		cli("sync", "alpha");
		const done = stateOf("alpha");
		expect(done?.state).toBe("ready");
		expect(done?.indexedCommit).toBe(next);
		expect(JSON.parse(cli("list", "--json")).repos[0].indexedCommit).toBe(next);
		// `codeask serve --repos-dir` answers from it through its worker pool, stamped with the commit.
		const serve = spawn(process.execPath, [CLI, "serve", "--repos-dir", reg, "--port", "0"], {
			env: { ...env, CODEASK_TOKEN: "kill-test-token-0123456789", CODEASK_REPO_POLL_MS: "0" },
			stdio: ["ignore", "pipe", "inherit"],
		});
		try {
			const url = await new Promise<string>((resolve, reject) => {
				let out = "";
				serve.stdout?.on("data", (d: Buffer) => {
					out += d.toString();
					const m = /"url":"(http:\/\/[^"]+)"/.exec(out);
					if (m?.[1]) resolve(m[1]);
				});
				serve.once("exit", (code) => reject(new Error(`serve exited (${code})`)));
			});
			const res = await fetch(`${url}/v1/ask`, {
				method: "POST",
				headers: { authorization: "Bearer kill-test-token-0123456789", "content-type": "application/json" },
				body: JSON.stringify({ question: "what does f0 return?", repo: "alpha" }),
			});
			expect(res.status).toBe(200);
			expect(((await res.json()) as { indexCommit: string }).indexCommit).toBe(next);
		} finally {
			serve.kill("SIGTERM");
			await new Promise((r) => serve.once("exit", r));
		}
		cli("remove", "alpha");
		expect(JSON.parse(cli("list", "--json")).repos).toEqual([]);
	});
});
