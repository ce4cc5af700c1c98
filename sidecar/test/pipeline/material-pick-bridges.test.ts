/**
 * The step between two picks one call further (pick-callees.ts): a class pick's methods call a long
 * function that reaches the other pick through one plain call. It is read (sliced) as a callee,
 * where it would stay a signature line; a long callee reaching no pick stays out.
 */
import { describe, expect, it } from "vitest";
import type { DefRow } from "../../src/index/types.js";
import { CITATION_REACH, MATERIAL_REACH } from "../../src/pipeline/material/reach.js";
import type { Skeleton } from "../../src/pipeline/skeleton.js";
import { defRow } from "../support/defs.js";
import { assembledSources, bodiesOf, callEdge, fakeMaterialIndex } from "../support/fake-material-index.js";

const file = "jobs/worker.ts";
const worker = defRow(file, "Worker", "class", { startLine: 1, endLine: 10 });
const start = defRow(file, "Worker.start", "method", { startLine: 2, endLine: 9, parentId: worker.id });
// Long: 80 lines; line 50 calls `route`, which calls the other pick.
const run = defRow(file, "run", "function", { startLine: 20, endLine: 99 });
const route = defRow(file, "route", "function", { startLine: 110, endLine: 115 });
const deliver = defRow(file, "deliver", "function", { startLine: 120, endLine: 125 });
// Long too, reaching no pick.
const audit = defRow(file, "audit", "function", { startLine: 130, endLine: 199 });
// Short, called first: a plain callee.
const log = defRow(file, "log", "function", { startLine: 101, endLine: 105 });
const defs: DefRow[] = [worker, start, run, route, deliver, audit, log];

const lines = Array.from({ length: 200 }, (_, i) => `\tstep${i + 1}();`);
lines[0] = "export class Worker {";
lines[1] = "\tstart() {";
lines[2] = "\t\tlog();";
lines[3] = "\t\trun();";
lines[4] = "\t\taudit();";
lines[9] = "}";
lines[19] = "function run() {";
lines[49] = "\troute();";
lines[98] = "}";
lines[109] = "function route() {";
lines[111] = "\tdeliver();";
lines[119] = "function deliver() {";
lines[129] = "function audit() {";

const call = (src: DefRow, dst: DefRow, line: number) => callEdge(file, src, dst, line);
const edges = [
	call(start, log, 3),
	call(start, run, 4),
	call(start, audit, 5),
	call(run, route, 50),
	call(route, deliver, 112),
];
const index = fakeMaterialIndex(lines, defs, edges);
const skeletons = [
	{
		chain: { id: "c1", title: "jobs", paths: ["jobs"], score: 1 },
		direction: "downstream",
		nodes: [
			{ def: worker, depth: 0, via: "seed", from: null, nodeClass: "major", relevance: 1 },
			{ def: deliver, depth: 1, via: "call", from: worker.id, nodeClass: "major", relevance: 1 },
		],
	},
] as unknown as Skeleton[];

const sources = (reach: typeof MATERIAL_REACH) =>
	assembledSources(index, skeletons, [worker.defId, deliver.defId], reach);

describe("a class pick's method calling a long function that leads to another pick", () => {
	it("has that function read as a callee, its line toward the pick shown", () => {
		const read = bodiesOf(sources(MATERIAL_REACH), run);
		expect(read.length).toBeGreaterThan(0);
		expect(read.every((s) => s.role === "callee")).toBe(true);
		expect(read.some((s) => s.range.startLine <= 50 && 50 <= s.range.endLine)).toBe(true);
	});

	it("goes ahead of a plain short callee when one callee only is read", () => {
		const material = sources({ ...MATERIAL_REACH, pickCallees: 1 });
		expect(bodiesOf(material, run).length).toBeGreaterThan(0);
		expect(bodiesOf(material, log)).toEqual([]);
		expect(bodiesOf(sources(MATERIAL_REACH), log).map((s) => s.role)).toEqual(["callee"]);
	});

	it("leaves a long callee that reaches no pick unread", () => {
		expect(bodiesOf(sources(MATERIAL_REACH), audit)).toEqual([]);
	});

	it("not in the citation pool (offline has no picks' follow-ups)", () => {
		expect(bodiesOf(sources(CITATION_REACH), run)).toEqual([]);
	});
});
