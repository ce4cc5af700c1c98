/**
 * A chain step no share had room for, read in a few lines (its head and its onward hop) instead
 * of one signature line, within the step slices' limit (step-slices.ts; material only).
 */
import { describe, expect, it } from "vitest";
import type { DefRow } from "../../src/index/types.js";
import { Assembly } from "../../src/pipeline/material/assembly.js";
import type { Candidate } from "../../src/pipeline/material/candidate.js";
import { memoIndex } from "../../src/pipeline/material/material-index.js";
import { MATERIAL_REACH } from "../../src/pipeline/material/reach.js";
import { readStepSlices } from "../../src/pipeline/material/step-slices.js";
import { defRow } from "../support/defs.js";

type Index = ConstructorParameters<typeof Assembly>[0];

// One file: a 30-line step whose onward call sits at line 15, and a 3-line step.
const file = "api/steps.ts";
const lines = Array.from({ length: 40 }, (_, i) => `\tconst v${i} = ${i};`);
lines[0] = "export function deliver(message) {"; // 1
lines[14] = "\tnotifyUsers(message);"; // 15: the hop to the next step
lines[29] = "}"; // 30
lines[31] = "export function notifyUsers(message) {"; // 32
lines[32] = "\tsend(message);"; // 33
lines[33] = "}"; // 34
const deliver = defRow(file, "deliver", "function", { startLine: 1, endLine: 30 });
const notify = defRow(file, "notifyUsers", "function", { startLine: 32, endLine: 34 });
const defs: DefRow[] = [deliver, notify];
const hop = {
	src: deliver.id,
	dst: notify.id,
	srcDefId: deliver.defId,
	dstDefId: notify.defId,
	kind: "call",
	file,
	line: 15,
};
const index = {
	fileLines: (_f: string, s: number, e: number) => lines.slice(s - 1, e),
	fileContent: () => lines.join("\n"),
	edgesFrom: (id: number) => (id === deliver.id ? [hop] : []),
	edgesTo: () => [],
	defById: (id: number) => defs.find((d) => d.id === id),
	def: () => undefined,
	dispatchSitesInFile: () => [],
	defsInFile: () => defs,
	packages: () => [],
} as unknown as Index;
const step = (def: DefRow, role: Candidate["role"] = "chain"): Candidate => ({
	node: { def, depth: 1, via: "call", from: null, nodeClass: "major", relevance: 1 },
	chain: "c1",
	role,
});
const input = { skeletons: [], words: [], relevance: () => 1 };
const config = { tokenBudget: 1000, wholeDefLines: 150, sliceLines: 60 };
const onChain = new Set([deliver.id, notify.id]);

/** The line ranges the material reads of the steps, each as `start-end`. */
function read(candidates: Candidate[], lineCap: number, limit = 1000): string[] {
	const a = new Assembly(memoIndex(index), (t) => Math.ceil(t.length / 4), MATERIAL_REACH);
	readStepSlices(a, candidates, input, config, onChain, lineCap, limit);
	return a.sources.map((s) => `${s.range.startLine}-${s.range.endLine}`);
}

describe("readStepSlices", () => {
	it("reads a long step's head and onward call, a short step whole", () => {
		const ranges = read([step(deliver), step(notify)], 6);
		expect(ranges).toContain("32-34");
		const long = ranges.filter((r) => Number(r.split("-")[1]) <= 30);
		// The head (line 1) and the hop (line 15), not the lines between them.
		expect(long.some((r) => r.startsWith("1-"))).toBe(true);
		expect(long.some((r) => Number(r.split("-")[0]) <= 15 && 15 <= Number(r.split("-")[1]))).toBe(true);
		const lineCount = long.reduce((n, r) => n + Number(r.split("-")[1]) - Number(r.split("-")[0]) + 1, 0);
		expect(lineCount).toBeLessThanOrEqual(6);
	});

	it("reads nothing without lines, past its limit, off the chain or for a pick", () => {
		expect(read([step(deliver)], 0)).toEqual([]);
		expect(read([step(deliver)], 6, 0)).toEqual([]);
		expect(read([step(notify, "pick")], 6)).toEqual([]);
		const off = { ...step(notify), node: { ...step(notify).node, def: { ...notify, id: 999 } } };
		expect(read([off], 6)).toEqual([]);
	});
});
