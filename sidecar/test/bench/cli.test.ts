/**
 * End to end: the built `codeask bench` CLI on the bundled mini-chat example with its question
 * set (eval/mini-chat.json) and the real pipeline, offline. Asserts what the benchmark itself
 * guarantees (shape, exit codes, determinism, independent citation checks), not the pipeline's scores.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { fixtureIndexPath } from "../support/fixture-index.js";

const ROOT = resolve(fileURLToPath(new URL("../../..", import.meta.url)));
const CLI = join(ROOT, "sidecar/dist/cli/main.js");
const QUESTIONS = join(ROOT, "eval/mini-chat.json");

let indexPath: string;
let work: string;

function codeask(...args: string[]) {
	const r = spawnSync(process.execPath, [CLI, "bench", ...args], {
		encoding: "utf8",
		cwd: work,
		env: { ...process.env, GEMINI_API_KEY: "" },
	});
	return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** `codeask bench` on the mini-chat index and question set. */
const onMiniChat = (...args: string[]) => codeask("--index", indexPath, "--questions", QUESTIONS, ...args);

beforeAll(async () => {
	if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run \`npm run build\` first`);
	indexPath = await fixtureIndexPath();
	work = mkdtempSync(join(tmpdir(), "codeask-benchcli-"));
});

describe("codeask bench on mini-chat", () => {
	let first: {
		mean: Record<string, number>;
		questions: Record<string, unknown>[];
		baseline: { recallAt10: number; recallAt20: number; recallAt50: number };
	};

	it("prints the --json summary, writes reports in --out, and exits 0", () => {
		const r = onMiniChat("--json", "--baseline", "--out", "runs/a");
		expect(r.stderr).toBe("");
		expect(r.code).toBe(0);
		first = JSON.parse(r.stdout);
		const set = JSON.parse(readFileSync(QUESTIONS, "utf8"));
		expect(first.questions.map((q) => q.id)).toEqual(set.questions.map((q: { id: string }) => q.id));
		for (const q of first.questions) {
			for (const k of ["coreRecallContext", "coreRecallCited", "chainCoverage", "keySymbolRecall"]) {
				expect(q[k]).toBeGreaterThanOrEqual(0);
				expect(q[k]).toBeLessThanOrEqual(1);
			}
			expect(q.requests).toBe(0);
			expect(Array.isArray(q.missed)).toBe(true);
		}
		// every citation the offline pipeline shows passes the benchmark's own check
		expect(first.mean.citationValidity).toBe(1);
		expect(first.baseline.recallAt10).toBeLessThanOrEqual(first.baseline.recallAt50);
		const report = JSON.parse(readFileSync(join(work, "runs/a/report.json"), "utf8"));
		expect(report.questions[0].routedSections.length).toBeGreaterThan(0);
		expect(readFileSync(join(work, "runs/a/report.md"), "utf8")).toContain(
			"## Where missed core files were lost",
		);
	});

	it("gives the same numbers on a second offline run, and reports the delta against the first", () => {
		const r = onMiniChat("--json", "--baseline", "--out", "runs/b");
		const second = JSON.parse(r.stdout);
		const strip = (qs: Record<string, unknown>[]) => qs.map(({ wallMs, ...rest }) => rest);
		expect(strip(second.questions)).toEqual(strip(first.questions));
		expect(second.baseline).toEqual(first.baseline);
		const report = JSON.parse(readFileSync(join(work, "runs/b/report.json"), "utf8"));
		expect(report.delta.previous).toBe(join("runs", "a", "report.json"));
		expect(report.delta.mean.coreRecallContext).toBe(0);
		expect(report.delta.changed).toEqual([]);
	});

	it("gates on --min-core-recall with exit code 1", () => {
		const mean = first.mean.coreRecallContext ?? 0;
		const met = onMiniChat("--no-report", "--json", "--min-core-recall", String(mean));
		expect(met.code).toBe(0);
		if (mean < 1) {
			const unmet = onMiniChat("--no-report", "--json", "--min-core-recall", "1");
			expect(unmet.code).toBe(1);
			expect(unmet.stderr).toMatch(/below --min-core-recall 1/);
		}
	});

	it("prints a readable summary without --json", () => {
		const r = onMiniChat("--no-report", "--only", "mc-01-push");
		expect(r.code).toBe(0);
		expect(r.stdout).toMatch(/^mini-chat: 1 questions, answers by none/);
		expect(r.stdout).toMatch(/coreRecallContext\s+\d\.\d\d/);
		expect(r.stdout).toMatch(
			/missed core files by stage: not indexed \d+, never a candidate \d+, not seeded \d+, cut from skeleton \d+, not read \d+, named only \d+, read but not cited \d+/,
		);
	});

	it("exits 2 with field paths for a malformed questions file", () => {
		const bad = join(work, "bad.json");
		writeFileSync(
			bad,
			JSON.stringify({
				schema: "codeask-questions/1",
				repository: "x",
				commit: null,
				set: "s",
				questions: [{ id: "a b" }],
			}),
		);
		const r = codeask("--index", indexPath, "--questions", bad);
		expect(r.code).toBe(2);
		expect(r.stderr).toMatch(/questions\[0\]\.id: /);
		expect(r.stderr).toMatch(/questions\[0\]\.core: /);
	});

	it("exits 2 when a label names a file the index does not have, listing it", () => {
		const set = JSON.parse(readFileSync(QUESTIONS, "utf8"));
		set.questions[0].core.push("apps/server/src/not-there.ts");
		const path = join(work, "unknown-path.json");
		writeFileSync(path, JSON.stringify(set));
		const r = codeask("--index", indexPath, "--questions", path);
		expect(r.code).toBe(2);
		expect(r.stderr).toContain("mc-01-push: apps/server/src/not-there.ts");
	});

	it("runs with a warning when a label names a repository file the indexer left out (counted 'not indexed')", () => {
		const set = JSON.parse(readFileSync(QUESTIONS, "utf8"));
		set.questions = [set.questions[0]];
		set.questions[0].core.push("README.md");
		const path = join(work, "not-indexed.json");
		writeFileSync(path, JSON.stringify(set));
		const r = codeask("--index", indexPath, "--questions", path, "--no-report", "--json");
		expect(r.code).toBe(0);
		expect(r.stderr).toMatch(/exist in the repository but are not in the index[\s\S]*mc-01-push: README\.md/);
		expect(JSON.parse(r.stdout).questions[0].missed).toContainEqual({
			file: "README.md",
			stage: "not indexed",
		});
	});

	it("warns with both commits when the labels are pinned to another commit", () => {
		const set = JSON.parse(readFileSync(QUESTIONS, "utf8"));
		set.commit = "0000000000000000000000000000000000000000";
		const path = join(work, "pinned.json");
		writeFileSync(path, JSON.stringify(set));
		const r = codeask(
			"--index",
			indexPath,
			"--questions",
			path,
			"--no-report",
			"--json",
			"--only",
			"mc-05-rest-routes",
		);
		expect(r.code).toBe(0);
		expect(r.stderr).toMatch(
			/warning: the index was built from commit \S+, but the questions are labelled for commit 0{40}/,
		);
	});

	it("exits 2 for a missing index or --judge without an LLM", () => {
		expect(codeask("--index", join(work, "none.db"), "--questions", QUESTIONS).code).toBe(2);
		const judge = onMiniChat("--judge");
		expect(judge.code).toBe(2);
		expect(judge.stderr).toMatch(/--judge needs an LLM/);
	});
});
