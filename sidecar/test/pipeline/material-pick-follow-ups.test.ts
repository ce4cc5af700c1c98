/**
 * What a select pick leads to in the material (assemble.ts, slice-gaps.ts, pick-callees.ts): the
 * lines between a long pick's slices, joined into one source, and the short functions the lines it
 * shows call, read as bodies — in the material only; the offline answer's citation pool is unchanged.
 */
import { describe, expect, it } from "vitest";
import type { DefRow, EdgeRow } from "../../src/index/types.js";
import { assembleMaterial } from "../../src/pipeline/material/assemble.js";
import { CITATION_REACH, MATERIAL_REACH } from "../../src/pipeline/material/reach.js";
import type { Skeleton } from "../../src/pipeline/skeleton.js";
import { defRow } from "../support/defs.js";
import { fakeMaterialIndex } from "../support/fake-material-index.js";

const file = "chat/flow.ts";
// A 200-line pick: the call at line 30 goes nowhere the index knows, the one at line 60 to `check`.
const handle = defRow(file, "handle", "function", { startLine: 1, endLine: 200 });
const check = defRow(file, "check", "function", { startLine: 210, endLine: 215 });
const lines = Array.from({ length: 220 }, (_, i) => `\tstep${i + 1}();`);
lines[0] = "export function handle() {";
lines[29] = "\tnotify();";
lines[59] = "\tcheck();";
lines[199] = "}";
lines[209] = "function check() {";
const edge = (dst: number, line: number): EdgeRow => ({
	src: handle.id,
	dst,
	kind: "call",
	file,
	line,
	srcDefId: handle.defId,
	dstDefId: "",
	resolution: "checker",
});
const defs: DefRow[] = [handle, check];
// Only `handle` has edges: the call at line 30 to a definition the index does not hold, the one at 60 to `check`.
const index = fakeMaterialIndex(lines, defs, [edge(9000, 30), edge(check.id, 60)]);
const skeletons = [
	{
		chain: { id: "c1", title: "chat", paths: ["chat"], score: 1 },
		direction: "downstream",
		nodes: [{ def: handle, depth: 0, via: "seed", from: null, nodeClass: "major", relevance: 1 }],
	},
] as unknown as Skeleton[];

const sources = (reach: typeof MATERIAL_REACH, picks: string[]) =>
	assembleMaterial(
		index,
		{ skeletons, picks, words: [], relevance: () => 0 },
		{ tokenBudget: 200, wholeDefLines: 150, sliceLines: 60 },
		() => 1,
		reach,
	).sources;
const rangesOf = (list: ReturnType<typeof sources>, def: DefRow) =>
	list
		.filter((s) => s.node.def.id === def.id && s.unit !== "signature")
		.map((s) => [s.range.startLine, s.range.endLine]);

describe("a long pick read in slices", () => {
	it("has the few lines between its slices read, the slices joined into one source", () => {
		// Slices: its head, the call at 30 (±6), the call at 60 (±2); 22 and 21 lines between them.
		expect(rangesOf(sources(CITATION_REACH, [handle.defId]), handle)).toEqual([
			[1, 1],
			[24, 36],
			[58, 62],
		]);
		const material = sources(MATERIAL_REACH, [handle.defId]);
		expect(rangesOf(material, handle)).toEqual([[1, 62]]);
		expect(material.find((s) => s.node.def.id === handle.id)?.label).toBe("handle (lines 1-62 of 1-200)");
	});

	it("not offline, where no pick names it (filling a seed's gaps cost the map key lines)", () => {
		expect(rangesOf(sources(MATERIAL_REACH, []), handle)).toEqual([
			[1, 1],
			[24, 36],
			[58, 62],
		]);
	});

	it("leaves a gap longer than sliceGapLines", () => {
		const material = sources({ ...MATERIAL_REACH, sliceGapLines: 21 }, [handle.defId]);
		expect(rangesOf(material, handle)).toEqual([
			[1, 1],
			[24, 62],
		]);
	});
});

describe("a short function a pick's lines call", () => {
	it("is read as a body (a callee) in the material, and stays out of the citation pool", () => {
		const material = sources(MATERIAL_REACH, [handle.defId]);
		const body = material.find((s) => s.node.def.id === check.id && s.unit === "whole");
		expect(body?.role).toBe("callee");
		expect(material.some((s) => s.node.def.id === check.id && s.unit === "signature")).toBe(false);
		const pool = sources(CITATION_REACH, [handle.defId]);
		expect(pool.some((s) => s.node.def.id === check.id && s.unit === "whole")).toBe(false);
	});

	it("is not read when no pick calls it", () => {
		const material = sources(MATERIAL_REACH, []);
		expect(material.some((s) => s.node.def.id === check.id && s.unit === "whole")).toBe(false);
	});
});
