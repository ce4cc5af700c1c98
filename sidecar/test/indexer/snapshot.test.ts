/**
 * The incremental run's startup snapshot (indexer/snapshot.ts), through the built CLI as a user runs
 * it, with a cache folder of the test's own: a blob built there is used by the next one-file run and
 * gives the index a run without it writes; a blob reporting another key, or a corrupt one, is
 * dropped and the run still succeeds with the same index; CODEASK_NO_SNAPSHOT=1 is honoured; a full
 * index builds the missing blob in the background, one build at a time. (The rest of the suite runs
 * with CODEASK_NO_SNAPSHOT=1, vitest.config.ts: nothing is built into the user's cache.)
 */
import { spawnSync } from "node:child_process";
import {
	cpSync,
	existsSync,
	mkdtempSync,
	readdirSync,
	readFileSync,
	rmSync,
	utimesSync,
	writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MINI_CHAT_DIR } from "../support/fixture-index.js";
import { integrityProblems, snapshotIndex } from "./index-snapshot.js";

const SIDECAR = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const CLI = join(SIDECAR, "dist/cli/main.js");
const BUILDER = join(SIDECAR, "dist/indexer/snapshot-build.js");
const BUNDLE = join(SIDECAR, "dist/snapshot/incremental.cjs");

type Snapshot = typeof import("../../src/indexer/snapshot.js");
let snapshot: Snapshot;

beforeAll(async () => {
	if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run \`npm run build\` first`);
	snapshot = (await import(`${SIDECAR}/dist/indexer/snapshot.js`)) as Snapshot;
	// `tsc -b` alone (the typecheck script) leaves the bundle behind dist/: make it current, as
	// `npm run build` does.
	const plan = snapshot.snapshotPlan({});
	if (!plan || !snapshot.bundleIsCurrent(plan)) {
		const r = spawnSync(process.execPath, [join(SIDECAR, "scripts/bundle-snapshot.mjs")], {
			encoding: "utf8",
		});
		if (r.status !== 0 || !existsSync(BUNDLE)) throw new Error(`cannot bundle: ${r.stderr}`);
	}
});

/** Each test's folder: blobs are ~60 MB. */
const folders: string[] = [];
afterAll(() => {
	for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

/** The environment of a run with its own cache folder; snapshots on unless `off`. */
function envOf(cache: string, off = false): NodeJS.ProcessEnv {
	return { ...process.env, XDG_CACHE_HOME: cache, CODEASK_NO_SNAPSHOT: off ? "1" : "" };
}

function index(repo: string, out: string, env: NodeJS.ProcessEnv, ...extra: string[]) {
	const r = spawnSync(process.execPath, [CLI, "index", repo, "--out", out, "--json", ...extra], {
		encoding: "utf8",
		env,
	});
	expect(r.stderr).toBe("");
	expect(r.status).toBe(0);
	return JSON.parse(r.stdout) as { extractedFiles: number; timings: Record<string, number> };
}

/** A copy of the fixture with a full index (no blob built by it), its cache folder, and the blob's place. */
function setUp() {
	const dir = mkdtempSync(join(tmpdir(), "codeask-snapshot-"));
	folders.push(dir);
	const repo = join(dir, "mini-chat");
	cpSync(MINI_CHAT_DIR, repo, { recursive: true });
	const cache = join(dir, "cache");
	const base = join(dir, "base.db");
	index(repo, base, envOf(cache, true), "--full");
	const plan = snapshot.snapshotPlan(envOf(cache));
	if (!plan) throw new Error("no snapshot plan");
	let n = 0;
	/** A one-line change, then the run on a copy of the full index. */
	const rerun = (name: string, env: NodeJS.ProcessEnv) => {
		const out = join(dir, `${name}.db`);
		cpSync(base, out);
		return { out, json: index(repo, out, env) };
	};
	const edit = () => {
		const file = join(repo, "apps/server/src/lib/format.ts");
		writeFileSync(file, `${readFileSync(file, "utf8")}\nexport const snapshotProbe${++n} = ${n};\n`);
	};
	return { dir, repo, cache, plan, rerun, edit };
}

function build(blob: string, key: string): void {
	const r = spawnSync(process.execPath, [BUILDER, blob, key], { encoding: "utf8" });
	expect(r.status).toBe(0);
}

describe("the incremental run's startup snapshot", { timeout: 240_000 }, () => {
	it("is used once built, and writes the index a run without it writes", () => {
		const { cache, plan, rerun, edit } = setUp();
		build(plan.blob, plan.key);
		expect(existsSync(plan.blob)).toBe(true);
		edit();
		const used = rerun("with", envOf(cache));
		const off = rerun("without", envOf(cache, true));
		expect(used.json.extractedFiles).toBe(1);
		expect(used.json.timings["incremental.snapshot"]).toBe(1);
		// CODEASK_NO_SNAPSHOT=1: the worker thread, blob or not.
		expect(off.json.timings["incremental.snapshot"]).toBeUndefined();
		expect(off.json.extractedFiles).toBe(1);
		expect(integrityProblems(used.out)).toEqual([]);
		expect(snapshotIndex(used.out)).toEqual(snapshotIndex(off.out));
	});

	it("drops a blob holding another key, or a corrupt one, and the run succeeds without it", () => {
		const { cache, plan, rerun, edit } = setUp();
		build(plan.blob, "0".repeat(40));
		// A build under way: the runs below do not start one (it would race with the blob written here).
		const building = () => writeFileSync(`${plan.blob}.building`, "");
		building();
		edit();
		const otherKey = rerun("other-key", envOf(cache));
		expect(otherKey.json.timings["incremental.snapshot"]).toBeUndefined();
		expect(existsSync(plan.blob)).toBe(false);

		building();
		writeFileSync(plan.blob, "not a snapshot");
		const corrupt = rerun("corrupt", envOf(cache));
		expect(corrupt.json.timings["incremental.snapshot"]).toBeUndefined();
		expect(existsSync(plan.blob)).toBe(false);

		const off = rerun("without", envOf(cache, true));
		for (const run of [otherKey, corrupt]) {
			expect(run.json.extractedFiles).toBe(1);
			expect(snapshotIndex(run.out)).toEqual(snapshotIndex(off.out));
		}
	});

	it("is not used after its process failed two runs in a row where the thread did not; a run it completes clears that", () => {
		const { cache, plan, rerun, edit } = setUp();
		build(plan.blob, plan.key);
		snapshot.noteSnapshotRun(plan, true);
		expect(snapshot.snapshotFailing(plan)).toBe(false);
		edit();
		// One failure: still used, and the run it completes clears the count.
		expect(rerun("once", envOf(cache)).json.timings["incremental.snapshot"]).toBe(1);
		expect(existsSync(`${plan.blob}.failed`)).toBe(false);
		snapshot.noteSnapshotRun(plan, true);
		snapshot.noteSnapshotRun(plan, true);
		expect(snapshot.snapshotFailing(plan)).toBe(true);
		const twice = rerun("twice", envOf(cache));
		expect(twice.json.timings["incremental.snapshot"]).toBeUndefined();
		expect(twice.json.extractedFiles).toBe(1);
		// Kept (not rebuilt over and over), unused until a build of other code makes another, or the
		// count is a day old: then tried again (the failures may have been transient).
		expect(existsSync(plan.blob)).toBe(true);
		const dayAgo = new Date(Date.now() - 25 * 3600_000);
		utimesSync(`${plan.blob}.failed`, dayAgo, dayAgo);
		expect(snapshot.snapshotFailing(plan)).toBe(false);
		expect(rerun("day-later", envOf(cache)).json.timings["incremental.snapshot"]).toBe(1);
		expect(existsSync(`${plan.blob}.failed`)).toBe(false);
	});

	it("is built by one process when several runs end at once; a build that died is taken over", () => {
		const dir = mkdtempSync(join(tmpdir(), "codeask-snapshot-"));
		folders.push(dir);
		const marker = join(dir, "x.blob.building");
		expect(snapshot.claimBuild(marker)).toBe(true);
		expect(snapshot.claimBuild(marker)).toBe(false);
		const longAgo = new Date(Date.now() - 3_600_000);
		utimesSync(marker, longAgo, longAgo);
		expect(snapshot.claimBuild(marker)).toBe(true);
		expect(snapshot.claimBuild(marker)).toBe(false);
		// The stale marker was moved aside to be taken over: nothing of it is left beside the new one.
		expect(readdirSync(dir)).toEqual(["x.blob.building"]);
	});

	it("is built in the background after an index run that found none", async () => {
		const { repo, dir, cache, plan } = setUp();
		expect(existsSync(plan.blob)).toBe(false);
		index(repo, join(dir, "full.db"), envOf(cache), "--full");
		// Nothing waits for the build: the blob appears when the detached process is done.
		for (let i = 0; i < 240 && !existsSync(plan.blob); i++) await sleep(500);
		expect(existsSync(plan.blob)).toBe(true);
		expect(existsSync(`${plan.blob}.building`)).toBe(false);
	});
});
