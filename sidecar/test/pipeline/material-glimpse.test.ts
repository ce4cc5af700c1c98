/**
 * A caller's glimpse in the material (Assembly.addGlimpse): lines either side of where a seed is
 * called, grown to the `if` that tests what the call returned and to a block a line there opens, and
 * merged with a glimpse of the same caller nearby, so the early return between two calls is read.
 */
import { describe, expect, it } from "vitest";
import { Assembly } from "../../src/pipeline/material/assembly.js";
import type { Candidate } from "../../src/pipeline/material/candidate.js";
import type { MaterialIndex } from "../../src/pipeline/material/material-index.js";
import { MATERIAL_REACH } from "../../src/pipeline/material/reach.js";
import { defRow } from "../support/defs.js";

const file = "worker/run-job.ts";
const lines = [
	"async function runJob(job) {", // 1
	"\tlog(job);", // 2
	"\tconst { canceled, follower } = await isCanceled(job);", // 3
	"", // 4
	"\tif (canceled && !follower) {", // 5
	"\t\tlog('canceled');", // 6
	"\t\treturn;", // 7
	"\t}", // 8
	"", // 9
	"\tif (follower) {", // 10
	"\t\tjob = assignExecutor(follower);", // 11
	"\t}", // 12
	"\tawait send(job);", // 13
	"\tlog('sent');", // 14
	"\tlog('done');", // 15
	"\tawait cleanup(job);", // 16
	"\treturn job;", // 17
	"}", // 18
];
const runJob = defRow(file, "runJob", "function", { startLine: 1, endLine: lines.length });
const index = {
	fileLines: (_f: string, s: number, e: number) => lines.slice(s - 1, e),
} as unknown as MaterialIndex;
const caller = {
	node: { def: runJob, depth: 0, via: "caller", from: null, relevance: 0 },
	chain: "c",
	role: "caller",
};
const assembly = () => new Assembly(index, (t) => Math.ceil(t.length / 4), MATERIAL_REACH);
const ranges = (a: Assembly) => a.sources.map((s) => [s.range.startLine, s.range.endLine]);

describe("a caller's glimpse", () => {
	it("runs to the end of the `if` that tests what the call returned: the early return it decides", () => {
		const a = assembly();
		expect(a.addGlimpse(caller as unknown as Candidate, 3, 2, "isCanceled", 10_000)).toBe(true);
		expect(ranges(a)).toEqual([[1, 8]]);
		expect(a.sources[0]?.label).toBe("runJob (lines 1-8: calls isCanceled)");
	});

	it("merges with a glimpse of the same caller a few lines away, the lines between them too", () => {
		const a = assembly();
		a.addGlimpse(caller as unknown as Candidate, 3, 2, "isCanceled", 10_000);
		a.addGlimpse(caller as unknown as Candidate, 11, 2, "assignExecutor", 10_000);
		expect(ranges(a)).toEqual([[1, 13]]);
		expect(a.sources[0]?.label).toBe("runJob (lines 1-13: calls isCanceled, assignExecutor)");
		expect(a.spent).toBe(a.sources[0]?.tokens);
	});

	it("stays a few lines either side of a call whose result no `if` tests, and apart from one far away", () => {
		const a = assembly();
		a.addGlimpse(caller as unknown as Candidate, 16, 1, "cleanup", 10_000);
		expect(ranges(a)).toEqual([[15, 17]]);
		a.addGlimpse(caller as unknown as Candidate, 2, 0, "log", 10_000);
		expect(ranges(a)).toEqual([
			[15, 17],
			[2, 2],
		]);
	});

	it("keeps the glimpse held when the merged one would not fit the budget", () => {
		const a = assembly();
		a.addGlimpse(caller as unknown as Candidate, 16, 1, "cleanup", 10_000);
		const spent = a.spent;
		expect(a.addGlimpse(caller as unknown as Candidate, 11, 1, "assignExecutor", spent + 5)).toBe(false);
		expect(ranges(a)).toEqual([[15, 17]]);
		expect(a.spent).toBe(spent);
	});

	it("is taken back when the caller's body, read later, holds its lines", () => {
		const a = assembly();
		a.addGlimpse(caller as unknown as Candidate, 16, 1, "cleanup", 10_000);
		const asChain = { ...caller, role: "chain" } as unknown as Candidate;
		expect(a.add(asChain, 1, lines.length, "whole", "runJob", 10_000)).toBe(true);
		expect(a.sources.map((s) => s.role)).toEqual(["chain"]);
		expect(a.spent).toBe(a.sources[0]?.tokens);
	});

	it("is taken back by a pick's rest slice, which then sits beside the pick's other slice", () => {
		const a = assembly();
		a.addGlimpse(caller as unknown as Candidate, 16, 1, "cleanup", 10_000);
		const pick = { ...caller, role: "chain" } as unknown as Candidate;
		expect(a.add(pick, 1, 5, "slice", "runJob (lines 1-5 of 1-18)", 10_000)).toBe(true);
		a.slicesLeft.set(runJob.id, { c: pick, slices: [[14, 18]] });
		a.addRestOfSlices(10_000);
		// The glimpse before the new slice went out: no hole where the slice was looked for.
		expect(a.sources.every((s) => s !== undefined)).toBe(true);
		expect(ranges(a)).toEqual([
			[1, 5],
			[14, 18],
		]);
		expect(a.spent).toBe(a.sources.reduce((sum, s) => sum + s.tokens, 0));
	});
});
