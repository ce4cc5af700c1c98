/**
 * The built CLI (`sidecar/dist`, made by `npm run build`) as a user runs it: exit codes, JSON
 * output, `codeask edges`, and an index write killed midway leaving the previous index readable.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { IndexReader } from "../../src/index/reader.js";
import { MINI_CHAT_DIR } from "../support/fixture-index.js";

const CLI = resolve(dirname(fileURLToPath(import.meta.url)), "../../dist/cli/main.js");

function codeask(...args: string[]) {
	const r = spawnSync(process.execPath, [CLI, ...args], { encoding: "utf8" });
	return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

function copyFixture(): string {
	const dir = join(mkdtempSync(join(tmpdir(), "codeask-cli-")), "mini-chat");
	cpSync(MINI_CHAT_DIR, dir, { recursive: true });
	return dir;
}

beforeAll(() => {
	if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run \`npm run build\` first`);
});

// Each test spawns the CLI a few times; on a busy 2-core machine a spawn can take seconds.
describe("codeask index / edges", { timeout: 240_000 }, () => {
	let repo: string;
	let out: string;

	it("indexes with --json and exit 0; 2 for a path that is not a directory", () => {
		repo = copyFixture();
		out = join(repo, "out", "index.db");
		const r = codeask("index", repo, "--out", out, "--json");
		expect(r.stderr).toBe("");
		expect(r.code).toBe(0);
		const json = JSON.parse(r.stdout);
		for (const key of [
			"packages",
			"files",
			"definitions",
			"edges",
			"crossPackageEdges",
			"externalRefs",
			"unresolvedRefs",
			"unresolvedShare",
			"wallMs",
			"reusedPackages",
		]) {
			expect(typeof json[key]).toBe("number");
		}
		expect(json.packages).toBe(4);

		const bad = codeask("index", join(repo, "package.json"), "--out", out);
		expect(bad.code).toBe(2);
		expect(bad.stderr).toMatch(/package\.json is not a directory/);
	});

	it("exits 1 and names the file when a file does not parse, still writing the index", () => {
		const broken = copyFixture();
		const target = join(broken, "packages/models/src/Users.ts");
		const text = readFileSync(target, "utf8");
		writeFileSync(target, text.replace("class UsersRaw", "class UsersRaw {{"));
		const r = codeask("index", broken, "--out", join(broken, "i.db"), "--json");
		expect(r.code).toBe(1);
		expect(r.stderr).toMatch(/packages\/models\/src\/Users\.ts: does not parse/);
		expect(existsSync(join(broken, "i.db"))).toBe(true);
	});

	it("prints a reproducible sample of edges with their reference location", () => {
		const a = codeask("edges", "--index", out, "--sample", "5", "--seed", "7");
		const b = codeask("edges", "--index", out, "--sample", "5", "--seed", "7");
		expect(a.code).toBe(0);
		expect(a.stdout).toBe(b.stdout);
		const lines = a.stdout.trim().split("\n");
		expect(lines).toHaveLength(5);
		for (const line of lines) expect(line).toMatch(/^\S+#\S+ -> \S+#\S+ {2}\[[a-z-]+\] {2}\(\S+:\d+\)$/);
		const calls = codeask("edges", "--index", out, "--sample", "3", "--kind", "call", "--json");
		expect(JSON.parse(calls.stdout).map((e: { kind: string }) => e.kind)).toEqual(["call", "call", "call"]);
		expect(codeask("edges", "--index", out, "--sample", "x").code).toBe(2);
		expect(codeask("edges", "--index", join(repo, "nope.db"), "--sample", "3").code).toBe(2);
	});

	const hasTemp = () => readdirSync(dirname(out)).some((f) => f.startsWith("index.db.tmp-"));
	/**
	 * Run `codeask index`, freeze the process (SIGSTOP) as soon as its temp file appears, and kill
	 * it only if it is still mid-write: a fixture write is so short that on a loaded machine it can
	 * finish between two polls (then the caller tries again). The process killed is the one
	 * started (`signal`: how it is killed), whatever it started itself.
	 */
	const killMidWrite = (args: string[], signal: NodeJS.Signals = "SIGKILL") =>
		new Promise<boolean>((done) => {
			const child: ChildProcess = spawn(process.execPath, [CLI, "index", repo, "--out", out, ...args], {
				stdio: "ignore",
			});
			let midWrite = false;
			const timer = setInterval(() => {
				if (!hasTemp()) return;
				clearInterval(timer);
				child.kill("SIGSTOP");
				midWrite = hasTemp();
				child.kill(signal);
				child.kill("SIGCONT");
			}, 2);
			child.once("exit", () => {
				clearInterval(timer);
				done(midWrite);
			});
		});
	const countsOf = (path: string) => {
		const index = IndexReader.open(path);
		try {
			return index.counts();
		} finally {
			index.close();
		}
	};

	it("leaves the previous index readable when a write is killed midway", async () => {
		const counts = countsOf(out);
		let killedWhileWriting = false;
		for (let attempt = 0; attempt < 5 && !killedWhileWriting; attempt++)
			killedWhileWriting = await killMidWrite(["--full"]);
		expect(killedWhileWriting).toBe(true);
		expect(hasTemp()).toBe(true);
		expect(countsOf(out)).toEqual(counts);
		// The next run cleans the dead run's temp file up.
		expect(codeask("index", repo, "--out", out).code).toBe(0);
		expect(readdirSync(dirname(out)).filter((f) => f.startsWith("index.db.tmp-"))).toEqual([]);
	});

	/** Pids of live processes whose command line names `path` (orphans of a killed run). */
	const processesNaming = (path: string) =>
		readdirSync("/proc")
			.filter((d) => /^\d+$/.test(d))
			.filter((pid) => {
				try {
					return readFileSync(`/proc/${pid}/cmdline`, "utf8").includes(path);
				} catch {
					return false; // exited meanwhile
				}
			});

	it.runIf(process.platform === "linux").each(["SIGTERM", "SIGKILL"] as const)(
		"a full run killed with %s never replaces the index afterwards (no orphan)",
		async (signal) => {
			const before = statSync(out);
			let killedWhileWriting = false;
			for (let attempt = 0; attempt < 5 && !killedWhileWriting; attempt++)
				killedWhileWriting = await killMidWrite(["--full"], signal);
			expect(killedWhileWriting).toBe(true);
			// Anything the killed run left running would go on to rename its index into place: wait
			// (bounded) until nothing naming the index is alive, then the index must be the old file.
			const deadline = Date.now() + 60_000;
			while (processesNaming(out).length > 0 && Date.now() < deadline)
				await new Promise((r) => setTimeout(r, 50));
			expect(processesNaming(out)).toEqual([]);
			const after = statSync(out);
			expect([after.ino, after.mtimeMs]).toEqual([before.ino, before.mtimeMs]);
		},
	);

	it("leaves the previous index readable when an incremental write (a patch) is killed midway", async () => {
		const file = join(repo, "apps/server/src/lib/siteName.ts");
		let killedWhileWriting = false;
		let counts = countsOf(out);
		for (let attempt = 0; attempt < 5 && !killedWhileWriting; attempt++) {
			// A new definition each attempt, so each run has a change to write.
			counts = countsOf(out);
			writeFileSync(file, `${readFileSync(file, "utf8")}\nexport const killProbe${attempt} = ${attempt};\n`);
			killedWhileWriting = await killMidWrite([]);
		}
		expect(killedWhileWriting).toBe(true);
		expect(countsOf(out)).toEqual(counts);
		const next = codeask("index", repo, "--out", out, "--json");
		expect(next.code).toBe(0);
		expect(JSON.parse(next.stdout).extractedFiles).toBe(1);
		expect(countsOf(out).definitions).toBe(counts.definitions + 1);
		expect(readdirSync(dirname(out)).filter((f) => f.startsWith("index.db.tmp-"))).toEqual([]);
	});
});
