/**
 * The function calling two of the chain's bodies read (chain-callers.ts): a use case's long
 * `execute` whose two helpers the model picked is read (sliced) in the material, where it stayed a
 * signature line; a function calling only one of them is not; nor offline.
 */
import { describe, expect, it } from "vitest";
import type { DefRow } from "../../src/index/types.js";
import { CITATION_REACH, MATERIAL_REACH } from "../../src/pipeline/material/reach.js";
import type { Skeleton } from "../../src/pipeline/skeleton.js";
import { defRow } from "../support/defs.js";
import { assembledSources, bodiesOf, callEdge, fakeMaterialIndex } from "../support/fake-material-index.js";
import { majorNode } from "../support/skeletons.js";

const file = "events/parse.ts";
const execute = defRow(file, "Parse.execute", "method", { startLine: 1, endLine: 90 });
const lookup = defRow(file, "Parse.lookup", "method", { startLine: 100, endLine: 105 });
const check = defRow(file, "Parse.check", "method", { startLine: 110, endLine: 115 });
const retry = defRow(file, "retry", "function", { startLine: 120, endLine: 180 });
const defs: DefRow[] = [execute, lookup, check, retry];

const lines = Array.from({ length: 180 }, (_, i) => `\tstep${i + 1}();`);
lines[29] = "\tconst template = this.lookup();";
lines[39] = "\tif (!this.check(template)) return;";
lines[149] = "\tlookup();";

const call = (src: DefRow, dst: DefRow, line: number) => callEdge(file, src, dst, line);
const edges = [call(execute, lookup, 30), call(execute, check, 40), call(retry, lookup, 150)];
const index = fakeMaterialIndex(lines, defs, edges);
const node = majorNode;
const skeletons = [
	{
		chain: { id: "c1", title: "events", paths: ["events"], score: 1 },
		direction: "downstream",
		nodes: [node(lookup, "seed"), node(check, "member")],
	},
] as unknown as Skeleton[];

const sources = (reach: typeof MATERIAL_REACH, picks = [lookup.defId, check.defId]) =>
	assembledSources(index, skeletons, picks, reach);

describe("a function calling two of the chain's bodies read", () => {
	it("is read, its calls to them shown", () => {
		const read = bodiesOf(sources(MATERIAL_REACH), execute);
		expect(read.map((s) => s.role)).toEqual(["chain"]);
		expect(read[0]?.range.startLine).toBe(1);
		for (const line of [30, 40])
			expect(read.some((s) => s.range.startLine <= line && line <= s.range.endLine)).toBe(true);
	});

	it("not when none of them is a pick (no select stage ran)", () => {
		expect(bodiesOf(sources(MATERIAL_REACH, []), execute).map((s) => s.role)).not.toContain("chain");
	});

	it("not when it calls only one of them", () => {
		expect(bodiesOf(sources(MATERIAL_REACH), retry)).toEqual([]);
	});

	it("not offline (the citation pool)", () => {
		// Offline it is a caller's glimpse at most (its lines around the calls), not read as a step.
		expect(bodiesOf(sources(CITATION_REACH), execute).map((s) => s.role)).not.toContain("chain");
	});
});
