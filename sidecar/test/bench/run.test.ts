import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { percentile } from "../../src/bench/aggregate.js";
import { findPreviousReport } from "../../src/bench/delta.js";
import type { QuestionLabel } from "../../src/bench/questions.js";
import type { BenchReport } from "../../src/bench/report.js";
import { renderSummary } from "../../src/bench/reporters/console.js";
import { filesReporter } from "../../src/bench/reporters/files.js";
import { type BenchDeps, jsonSummary, runBench } from "../../src/bench/run.js";
import type { IndexReader } from "../../src/index/reader.js";
import type { AskResult } from "../../src/pipeline/types.js";
import { askResult, citation, emptyTrace, label, questionSet } from "./support/labels.js";
import { openTinyIndex } from "./support/tiny-index.js";

let index: IndexReader;
beforeAll(() => {
	index = openTinyIndex();
});
afterAll(() => index.close());

const push = label();
const rooms = label({
	id: "q-rooms",
	question: "How is a channel created?",
	type: "locate",
	core: ["src/rooms/rooms.ts"],
	chain: [{ file: "src/rooms/rooms.ts", symbol: "createRoom", line: 2 }],
	keySymbols: ["createRoom"],
	trunks: ["rest", "callbacks"],
});
const broken = label({ id: "q-broken", type: "impact", trunks: [] });

/** A deterministic stand-in pipeline: answers from a table; `readAll` widens what it reads. */
function answerer(readAll: boolean) {
	return async (_q: string, l: QuestionLabel): Promise<AskResult> => {
		if (l.id === "q-broken") throw new Error("skeleton exploded");
		if (l.id === "q-rooms") {
			return askResult({
				answer: "createRoom makes it [1]",
				citations: [citation(1, "src/rooms/rooms.ts", 2, 2, "createRoom")],
				trace: emptyTrace({
					read: [
						{ file: "src/rooms/rooms.ts", startLine: 1, endLine: 2, defId: "src/rooms/rooms.ts#createRoom" },
					],
				}),
			});
		}
		return askResult({
			answer: "PushSender.sendNativeNotification calls send [1][2]",
			citations: [
				citation(1, "src/push/push.ts", 3, 7, "PushSender"),
				citation(2, "src/net/send.ts", 2, 3, "notify"),
			],
			chains: [
				{
					id: "c1",
					title: "push",
					direction: "downstream",
					hops: [
						{
							defId: "src/push/push.ts#PushSender",
							kind: "class",
							file: "src/push/push.ts",
							startLine: 3,
							endLine: 7,
							via: null,
							depth: 0,
						},
					],
				},
			],
			trace: emptyTrace({
				routedSections: [{ sectionId: "dir:src/push", score: 2, chain: "c1" }],
				skeleton: [{ chain: "c1", defIds: ["src/push/push.ts#PushSender"] }],
				read: [
					{ file: "src/push/push.ts", startLine: 3, endLine: 7, defId: "src/push/push.ts#PushSender" },
					...(readAll
						? [{ file: "src/net/send.ts", startLine: 1, endLine: 3, defId: "src/net/send.ts#send" }]
						: []),
				],
			}),
		});
	};
}

const fixedClock = () => {
	let t = 0;
	return () => (t += 100);
};

function deps(readAll = false, over: Partial<BenchDeps> = {}): BenchDeps {
	return { index, answer: answerer(readAll), clock: fixedClock(), ...over };
}

const options = (over = {}) => ({
	set: questionSet([push, rooms, broken]),
	label: "test",
	baseline: true,
	llm: { provider: "none" as const, model: null },
	judgeLlm: null,
	...over,
});

describe("runBench", () => {
	it("scores every question, keeps going after a pipeline failure, and aggregates", async () => {
		const report = await runBench(options(), deps());
		const byId = Object.fromEntries(report.questions.map((q) => [q.id, q]));
		expect(byId["q-push"]?.metrics).toMatchObject({
			coreRecallContext: 0.5,
			coreRecallCited: 0.5, // send.ts cited with a range that misses `send`
			chainCoverage: 0.5,
			keySymbolRecall: 1,
			citationValidity: 0.5,
			wallMs: 100,
		});
		expect(byId["q-push"]?.missed).toEqual([{ file: "src/net/send.ts", stage: "never a candidate" }]);
		expect(byId["q-rooms"]?.metrics.coreRecallCited).toBe(1);
		expect(byId["q-broken"]).toMatchObject({ error: "skeleton exploded", metrics: { coreRecallContext: 0 } });
		expect(report.errors).toBe(1);
		expect(report.mean.coreRecallContext).toBeCloseTo((0.5 + 1 + 0) / 3);
		// citation validity: the failed question has none, so it is left out of the mean
		expect(report.mean.citationValidity).toBeCloseTo((0.5 + 1) / 2);
		expect(report.byTrunk.callbacks?.n).toBe(2);
		expect(report.byTrunk["(none listed)"]?.n).toBe(1);
		expect(report.byType.locate?.mean.coreRecallContext).toBe(1);
		expect(report.loss["never a candidate"]).toBe(1);
		// q-push: send.ts entry (file only cited invalidly) never reached; q-rooms fully covered
		expect(report.chainLoss).toEqual({ fileNotReached: 1, fileReachedEntryMissed: 0 });
		expect(report.baseline?.recallAt50).toBeGreaterThan(0);
		expect(report.delta).toBeNull();
	});

	it("gives the same numbers on two offline runs", async () => {
		const strip = (r: BenchReport) => jsonSummary(r).questions;
		const a = await runBench(options(), deps());
		const b = await runBench(options(), deps());
		expect(strip(a)).toEqual(strip(b));
		expect(a.mean).toEqual(b.mean);
	});

	it("runs the judge once per answered question and summarises the verdicts", async () => {
		const seen: string[] = [];
		const report = await runBench(
			options({ judgeLlm: { provider: "gemini", model: "m" } }),
			deps(false, {
				judge: async (l, answer) => {
					seen.push(`${l.id}: ${answer}`);
					return {
						verdict: l.id === "q-push" ? "PARTIAL" : "CORRECT",
						reason: "r",
						tokensIn: 10,
						tokensOut: 2,
						requests: 1,
						ms: 1,
					};
				},
			}),
		);
		expect(seen).toEqual([
			"q-push: PushSender.sendNativeNotification calls send [1][2]",
			"q-rooms: createRoom makes it [1]",
		]);
		expect(report.judge).toMatchObject({ correct: 1, partial: 1, incorrect: 0, requests: 2, tokensIn: 20 });
	});
});

describe("reports on disk and the delta", () => {
	it("writes JSON, Markdown and scratch answers, and diffs against the previous run in the folder", async () => {
		const runs = mkdtempSync(join(tmpdir(), "codeask-runs-"));
		const first = join(runs, "2026-01-01-a");
		mkdirSync(first);
		await runBench(options(), deps(false), [filesReporter(first)]);
		expect(existsSync(join(first, "report.json"))).toBe(true);
		expect(readFileSync(join(first, "scratch/answers/q-push.md"), "utf8")).toContain("calls send");
		const md = readFileSync(join(first, "report.md"), "utf8");
		expect(md).toContain("## Side by side with a plain BM25 file ranking");
		expect(md).toContain("`src/net/send.ts` — never a candidate");
		expect(md).toContain("| named only | 0 | in the material only as a signature line or a site");

		// a second run in a sibling folder compares with the first
		const second = join(runs, "2026-01-02-b");
		mkdirSync(second);
		const previous = findPreviousReport(second, "tiny");
		expect(previous?.path).toBe(join(first, "report.json"));
		const report = await runBench(options({ previous }), deps(true), [filesReporter(second)]);
		expect(report.delta?.mean.coreRecallContext).toBeCloseTo(0.5 / 3);
		expect(report.delta?.changed).toContainEqual({
			id: "q-push",
			metric: "coreRecallContext",
			before: 0.5,
			after: 1,
		});
		expect(renderSummary(report, second)).toMatch(/coreRecallContext\s+0\.67\s+\(\+0\.17\)/);

		// re-running into the same folder compares with the report it replaces
		expect(findPreviousReport(second, "tiny")?.path).toBe(join(second, "report.json"));
		expect(findPreviousReport(second, "other-set")).toBeNull();

		// a third folder prefers the newest run of the same provider over a newer run of another
		const third = join(runs, "2026-01-03-c");
		mkdirSync(third);
		const gemini = await runBench(options({ llm: { provider: "gemini", model: "m" } }), deps(false));
		mkdirSync(join(runs, "2026-01-02-z"));
		writeFileSync(
			join(runs, "2026-01-02-z", "report.json"),
			JSON.stringify({ ...gemini, startedAt: "2999-01-01T00:00:00.000Z" }),
		);
		expect(findPreviousReport(third, "tiny", "none")?.path).toBe(join(second, "report.json"));
		expect(findPreviousReport(third, "tiny", "gemini")?.path).toBe(join(runs, "2026-01-02-z", "report.json"));
	});
});

describe("delta over a subset", () => {
	it("compares means over the questions both runs answered", async () => {
		const full = await runBench(options(), deps(false));
		const only = await runBench(
			options({ set: questionSet([push]), previous: { path: "prev/report.json", report: full } }),
			deps(true),
		);
		expect(only.delta?.common).toBe(1);
		// q-push alone went from 0.5 to 1; the full run's mean (0.5) is not what it is compared with
		expect(only.delta?.mean.coreRecallContext).toBe(0.5);
		expect(only.delta?.baseline?.recallAt50).toBe(0);
	});
});

describe("percentile", () => {
	it("uses the nearest rank", () => {
		expect(percentile([5, 1, 3, 2, 4], 50)).toBe(3);
		expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 90)).toBe(9);
		expect(percentile([], 50)).toBe(0);
	});
});
