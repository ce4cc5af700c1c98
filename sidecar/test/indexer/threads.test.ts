/**
 * Extraction over worker threads (through the built CLI, where the worker modules exist as .js):
 * the index is the same as one thread's, table by table and in row order, and a file that only
 * declares globals still resolves in the share that does not hold it.
 */
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import { beforeAll, describe, expect, it } from "vitest";
import { mayDeclareGlobals, shares } from "../../src/indexer/parallel.js";
import { MINI_CHAT_DIR } from "../support/fixture-index.js";
import { snapshotIndex } from "./index-snapshot.js";

const CLI = resolve(dirname(fileURLToPath(import.meta.url)), "../../dist/cli/main.js");

function index(repo: string, out: string, threads: number) {
	const r = spawnSync(
		process.execPath,
		[CLI, "index", repo, "--out", out, "--full", "--json", "--threads", String(threads)],
		{
			encoding: "utf8",
		},
	);
	expect(r.stderr).toBe("");
	expect(r.status).toBe(0);
	return JSON.parse(r.stdout) as Record<string, unknown>;
}

/** Edges in row order (the order a sample is drawn from), by defIds. */
function edgeOrder(path: string): string[] {
	const db = new Database(path, { readonly: true });
	try {
		return (
			db
				.prepare(
					"SELECT s.def_id || ' ' || t.def_id || ' ' || e.kind AS e FROM edges e JOIN defs s ON s.id = e.src JOIN defs t ON t.id = e.dst ORDER BY e.rowid",
				)
				.all() as { e: string }[]
		).map((r) => r.e);
	} finally {
		db.close();
	}
}

beforeAll(() => {
	if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run \`npm run build\` first`);
});

describe("extraction threads", { timeout: 240_000 }, () => {
	it("writes the same index with 2 threads as with 1", () => {
		const repo = join(mkdtempSync(join(tmpdir(), "codeask-threads-")), "mini-chat");
		cpSync(MINI_CHAT_DIR, repo, { recursive: true });
		// A script declaring a global, used from a file in the other share.
		mkdirSync(join(repo, "apps/server/src/globals"), { recursive: true });
		writeFileSync(
			join(repo, "apps/server/src/globals/aaa-global.ts"),
			"function globalHelper(x: number): number {\n\treturn x + 1;\n}\n",
		);
		writeFileSync(
			join(repo, "packages/models/src/zzz-uses-global.ts"),
			"export function usesGlobal(): number {\n\treturn globalHelper(1);\n}\n",
		);
		const one = index(repo, join(repo, "one.db"), 1);
		const two = index(repo, join(repo, "two.db"), 2);
		const { wallMs: _a, timings: _b, ...countsOne } = one;
		const { wallMs: _c, timings: _d, ...countsTwo } = two;
		expect(countsTwo).toEqual(countsOne);
		expect(snapshotIndex(join(repo, "two.db"))).toEqual(snapshotIndex(join(repo, "one.db")));
		expect(edgeOrder(join(repo, "two.db"))).toEqual(edgeOrder(join(repo, "one.db")));
		expect(edgeOrder(join(repo, "two.db"))).toContain(
			"packages/models/src/zzz-uses-global.ts#usesGlobal apps/server/src/globals/aaa-global.ts#globalHelper call",
		);
	});

	it("reports parsing, then extracting, across the threads, up to every file", async () => {
		// The built module: worker threads load their .js siblings.
		const { indexRepository } = (await import(
			resolve(dirname(CLI), "../indexer/index.js")
		)) as typeof import("../../src/indexer/index.js");
		const repo = join(mkdtempSync(join(tmpdir(), "codeask-threads-")), "mini-chat");
		cpSync(MINI_CHAT_DIR, repo, { recursive: true });
		const events: { phase: string; done: number; total: number; live?: Int32Array }[] = [];
		const result = await indexRepository({
			repo,
			out: join(repo, "p.db"),
			full: true,
			threads: 2,
			onProgress: (e) => events.push(e),
		});
		expect(result.timings.threads).toBe(2);
		// Beside the wall times: each share's thread CPU (read from /proc) and the process's CPU.
		if (process.platform === "linux") expect(result.timings["share2.cpu"]).toBeGreaterThanOrEqual(0);
		expect(result.timings.cpu).toBeGreaterThan(0);
		const files = result.extractedFiles;
		const parse = events.filter((e) => e.phase === "parse");
		const extract = events.filter((e) => e.phase === "extract");
		expect(parse.some((e) => e.done > 0 && e.total === files)).toBe(true);
		expect(extract.at(-1)).toMatchObject({ phase: "extract", done: files, total: files });
		// The threads' live counts come with the events, for a reader on another thread.
		expect(extract.at(-1)?.live).toBeInstanceOf(Int32Array);
		expect(events.findIndex((e) => e.phase === "extract")).toBeGreaterThan(
			events.findIndex((e) => e.phase === "parse" && e.done > 0),
		);
		// Summed over the shares, the count never goes back.
		for (const [i, e] of extract.entries())
			if (i > 0) expect(e.done).toBeGreaterThanOrEqual(extract[i - 1]?.done ?? 0);
	});

	it("cuts files into contiguous shares of about equal size; scripts and global blocks declare globals", () => {
		const size = (f: string) => Number(f.slice(1));
		expect(shares(["a5", "b5", "c5", "d5"], size, 2)).toEqual([
			["a5", "b5"],
			["c5", "d5"],
		]);
		expect(shares(["a9", "b1", "c1", "d1"], size, 2)).toEqual([["a9"], ["b1", "c1", "d1"]]);
		expect(shares(["a1"], size, 3)).toEqual([["a1"]]);
		expect(mayDeclareGlobals("a.ts", "function f() {}\n")).toBe(true);
		expect(mayDeclareGlobals("a.ts", "import x from 'y';\ndeclare global {\n}\n")).toBe(true);
		expect(mayDeclareGlobals("a.js", "import x from 'y';\nprocess.env.A = x;\n")).toBe(true);
		expect(mayDeclareGlobals("a.ts", "export const a = 1;\n")).toBe(false);
		expect(mayDeclareGlobals("a.tsx", "import { a } from './a';\nconsole.log(a);\n")).toBe(false);
	});
});
