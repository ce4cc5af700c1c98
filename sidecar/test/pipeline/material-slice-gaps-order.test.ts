/**
 * The gaps between the slices of the picks are filled smallest first across all picks (slice-gaps.ts):
 * a first pick's wider gaps no longer spend the share before a later pick's few lines.
 */
import { describe, expect, it } from "vitest";
import { Assembly } from "../../src/pipeline/material/assembly.js";
import { type Candidate, reachedCandidate } from "../../src/pipeline/material/candidate.js";
import type { MaterialIndex } from "../../src/pipeline/material/material-index.js";
import { MATERIAL_REACH } from "../../src/pipeline/material/reach.js";
import { fillSliceGaps } from "../../src/pipeline/material/slice-gaps.js";
import { defRow } from "../support/defs.js";

const file = "flow/steps.ts";
const first = defRow(file, "first", "function", { startLine: 1, endLine: 100 });
const second = defRow(file, "second", "function", { startLine: 200, endLine: 300 });
const lines = Array.from({ length: 300 }, (_, i) => `\tstep${i + 1}();`);
const index = {
	fileLines: (_f: string, s: number, e: number) => lines.slice(s - 1, e),
} as unknown as MaterialIndex;
const at = { depth: 0, via: "seed" as const, from: null, relevance: 1 };

function assembly() {
	const a = new Assembly(index, (t) => t.split("\n").length, MATERIAL_REACH);
	const slice = (c: Candidate, s: number, e: number) =>
		a.add(c, s, e, "slice", `${c.node.def.name} ${s}`, 10_000);
	const one = reachedCandidate(first, at, "c1", "pick");
	const two = reachedCandidate(second, at, "c1", "pick");
	// `first`: gaps of 20 (11-30) and 15 (41-55); `second`: a gap of 10 (211-220).
	slice(one, 1, 10);
	slice(one, 31, 40);
	slice(one, 56, 60);
	slice(two, 200, 210);
	slice(two, 221, 230);
	a.sliced.set(first.id, one);
	a.sliced.set(second.id, two);
	return a;
}
const ranges = (a: Assembly) => a.sources.map((s) => [s.range.startLine, s.range.endLine]);

describe("the gaps between the picks' slices", () => {
	it("are filled smallest first across the picks, within the limit", () => {
		const a = assembly();
		// A join costs the gap's lines less the header it saves (5 here): room for the gaps of 10
		// and 15 lines, or for those of 15 and 20 (the first pick's, taken pick by pick), not all three.
		fillSliceGaps(a, 40, a.spent + 25, () => true);
		expect(ranges(a)).toEqual([
			[1, 10],
			[31, 60],
			[200, 230],
		]);
	});

	it("all, when the limit holds them", () => {
		const a = assembly();
		fillSliceGaps(a, 40, a.spent + 100, () => true);
		expect(ranges(a)).toEqual([
			[1, 60],
			[200, 230],
		]);
	});
});
