/**
 * The built CLI on the failures a user meets — a damaged index, an output that cannot be written,
 * a file size limit, no index at all — answers with one sentence and exit 2, never a stack trace;
 * a re-index over a damaged index rebuilds it in full and says so.
 */
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import { beforeAll, describe, expect, it } from "vitest";
import { isDamagedIndexError } from "../../src/cli/index-run.js";
import { IndexReader } from "../../src/index/reader.js";
import { MINI_CHAT_DIR } from "../support/fixture-index.js";

const CLI = resolve(dirname(fileURLToPath(import.meta.url)), "../../bin/codeask.js");

function codeask(args: string[], opts: { cwd?: string; fileSizeLimitKb?: number } = {}) {
	const env = { ...process.env, CODEASK_INDEX: "" };
	const r =
		opts.fileSizeLimitKb === undefined
			? spawnSync(process.execPath, [CLI, ...args], { encoding: "utf8", cwd: opts.cwd, env })
			: spawnSync(
					"sh",
					["-c", `ulimit -f ${opts.fileSizeLimitKb}; exec "$0" "$@"`, process.execPath, CLI, ...args],
					{ encoding: "utf8", cwd: opts.cwd, env },
				);
	return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** One `codeask: …` line on stderr, no stack frame. */
function expectOneSentence(stderr: string, pattern: RegExp) {
	const lines = stderr.trim().split("\n");
	expect(lines, stderr).toHaveLength(1);
	expect(lines[0]).toMatch(/^codeask: /);
	expect(lines[0]).toMatch(pattern);
	expect(stderr).not.toMatch(/^\s+at /m);
}

/** Overwrite a 4 KiB page in every 8 from the second on: reads of most tables meet a bad page. */
function damaged(from: string, to: string): string {
	const bytes = readFileSync(from);
	for (let at = 4096; at + 4096 <= bytes.length; at += 8 * 4096) bytes.fill(0xa5, at, at + 4096);
	writeFileSync(to, bytes);
	return to;
}

let repo: string;
let index: string;

beforeAll(() => {
	repo = join(mkdtempSync(join(tmpdir(), "codeask-errors-")), "mini-chat");
	cpSync(MINI_CHAT_DIR, repo, { recursive: true });
	const r = codeask(["index", repo]);
	expect(r.code, r.stderr).toBe(0);
	index = join(repo, ".codeask", "index.db");
}, 240_000);

describe("CLI errors are sentences, not traces", { timeout: 240_000 }, () => {
	it("writes .codeask/.gitignore and finds the index from a folder inside the repository", () => {
		expect(readFileSync(join(repo, ".codeask", ".gitignore"), "utf8")).toMatch(/^\*$/m);
		const r = codeask(["trunks", "--json"], { cwd: join(repo, "apps") });
		expect(r.code, r.stderr).toBe(0);
		const none = codeask(["trunks"], { cwd: tmpdir() });
		expect(none.code).toBe(2);
		expectOneSentence(none.stderr, /no index/);
	});

	it("a damaged or truncated index: ask and overview exit 2 naming the file and the remedy", () => {
		const dir = mkdtempSync(join(tmpdir(), "codeask-damaged-"));
		const bad = damaged(index, join(dir, "bad.db"));
		for (const args of [["ask", "how are push notifications sent?"], ["overview"]]) {
			const r = codeask([...args, "--index", bad]);
			expect(r.code, r.stderr).toBe(2);
			expectOneSentence(r.stderr, /bad\.db.*damaged.*--full/);
		}
		const truncated = join(dir, "truncated.db");
		writeFileSync(truncated, readFileSync(index).subarray(0, 50_000));
		const t = codeask(["overview", "--index", truncated]);
		expect(t.code).toBe(2);
		expectOneSentence(t.stderr, /truncated\.db/);
	});

	it("a row whose stored JSON is garbled (a page that still reads) is a damaged index too", () => {
		const dir = mkdtempSync(join(tmpdir(), "codeask-garbled-"));
		const bad = join(dir, "garbled.db");
		cpSync(index, bad);
		const db = new Database(bad);
		db.prepare("UPDATE outline_sections SET files = ?").run('["apps/\u0001');
		db.close();
		for (const args of [
			["overview", "--package", "apps/server", "--json"],
			["ask", "how are push notifications sent?"],
		]) {
			const r = codeask([...args, "--index", bad]);
			expect(r.code, r.stderr).toBe(2);
			expectOneSentence(r.stderr, /garbled\.db.*outline section.*not valid JSON.*--full/);
		}
	});

	it("outputs that cannot be written exit 2: a file used as a folder, /proc, a file size limit", () => {
		const dir = mkdtempSync(join(tmpdir(), "codeask-out-"));
		const file = join(dir, "a-file");
		writeFileSync(file, "x");
		const underFile = codeask(["index", repo, "--out", join(file, "x.db")]);
		expect(underFile.code).toBe(2);
		expectOneSentence(underFile.stderr, /cannot write .*a-file/);

		const diagram = codeask([
			"ask",
			"how are push notifications sent?",
			"--index",
			index,
			"--diagram",
			join(file, "x.png"),
		]);
		expect(diagram.code).toBe(2);
		expectOneSentence(diagram.stderr, /cannot write .*a-file/);

		if (process.platform === "linux") {
			const proc = codeask(["index", repo, "--out", "/proc/codeask-x.db"]);
			expect(proc.code).toBe(2);
			expectOneSentence(proc.stderr, /\/proc\/codeask-x\.db/);

			const limited = codeask(["index", repo, "--full", "--out", join(dir, "limited.db")], {
				fileSizeLimitKb: 64,
			});
			expect(limited.code).toBe(2);
			expectOneSentence(limited.stderr, /cannot write .*limited\.db/);
			expect(existsSync(join(dir, "limited.db"))).toBe(false);
		}
	});

	it("tells a damaged previous index from an error in code", () => {
		const garbled = (() => {
			try {
				JSON.parse('[{"key": ');
			} catch (err) {
				return err;
			}
		})();
		expect(isDamagedIndexError(garbled)).toBe(true);
		expect(
			isDamagedIndexError(
				Object.assign(new Error("database disk image is malformed"), { code: "SQLITE_CORRUPT" }),
			),
		).toBe(true);
		// A module of the CLI that fails to parse is a bug to report, not an index to rebuild.
		expect(isDamagedIndexError(new SyntaxError("Unexpected token 'export'"))).toBe(false);
		expect(isDamagedIndexError(new Error("ENOSPC: no space left on device"))).toBe(false);
	});

	it("re-indexing over a damaged previous index rebuilds it in full and says so", () => {
		const previous = readFileSync(index);
		damaged(index, index);
		writeFileSync(join(repo, "apps", "server", "src", "added.ts"), "export const added = 1;\n");
		const r = codeask(["index", repo]);
		expect(r.code, r.stderr).toBe(0);
		expect(r.stderr).toMatch(/previous index .* is damaged .*rebuilding it in full/);
		expect(r.stderr).not.toMatch(/^\s+at /m);
		const reader = IndexReader.open(index);
		try {
			expect(reader.counts().files).toBeGreaterThan(0);
			expect(reader.db.pragma("quick_check", { simple: true })).toBe("ok");
		} finally {
			reader.close();
		}
		expect(previous.length).toBeGreaterThan(0);
	});
});
