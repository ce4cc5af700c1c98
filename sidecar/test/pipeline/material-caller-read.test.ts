/**
 * Where a pick is called from (read-bodies.ts `readCaller`): with `callerWholeLines` a short caller
 * goes in whole — the steps it takes before and after the call are read, not only the lines around
 * it — and with `callerSliceLines` a long one as slices (its head and the call); with neither, the
 * glimpse around the call, as before.
 */
import { describe, expect, it } from "vitest";
import type { DefRow } from "../../src/index/types.js";
import { MATERIAL_REACH } from "../../src/pipeline/material/reach.js";
import type { Skeleton } from "../../src/pipeline/skeleton.js";
import { defRow } from "../support/defs.js";
import { assembledSources, bodiesOf, callEdge, fakeMaterialIndex } from "../support/fake-material-index.js";

const file = "server/sockets.ts";
const attach = defRow(file, "attach", "function", { startLine: 1, endLine: 20 });
const setup = defRow(file, "setupRooms", "function", { startLine: 30, endLine: 35 });
const start = defRow(file, "start", "function", { startLine: 40, endLine: 140 });
const defs: DefRow[] = [attach, setup, start];

const lines = Array.from({ length: 140 }, (_, i) => `\tstep${i + 1}();`);
lines[0] = "function attach(server) {";
lines[3] = "\tconst io = new Server(server);";
lines[14] = "\tsetupRooms(io);";
lines[39] = "function start() {";
lines[99] = "\tsetupRooms(io);";

const edges = [callEdge(file, attach, setup, 15), callEdge(file, start, setup, 100)];
const index = fakeMaterialIndex(lines, defs, edges);
const skeletons = [
	{
		chain: { id: "c1", title: "sockets", paths: ["server"], score: 1 },
		direction: "downstream",
		nodes: [{ def: setup, depth: 0, via: "seed", from: null, nodeClass: "major", relevance: 1 }],
	},
] as unknown as Skeleton[];

const ranges = (reach: typeof MATERIAL_REACH, def: DefRow) =>
	bodiesOf(assembledSources(index, skeletons, [setup.defId], reach, 2_000), def).map((s) => [
		s.range.startLine,
		s.range.endLine,
	]);

describe("the caller a pick is shown called from", () => {
	it("is a glimpse around the call by default", () => {
		const read = ranges(MATERIAL_REACH, attach);
		expect(read.length).toBeGreaterThan(0);
		expect(read.some(([s, e]) => (s as number) <= 4 && 4 <= (e as number))).toBe(false);
	});

	it("goes in whole when short enough: the server made before the call is read", () => {
		expect(ranges({ ...MATERIAL_REACH, callerWholeLines: 25 }, attach)).toEqual([[1, 20]]);
	});

	it("stays a glimpse when longer than callerWholeLines and no slices are asked for", () => {
		const read = ranges({ ...MATERIAL_REACH, callerWholeLines: 10 }, attach);
		expect(read.some(([s, e]) => (s as number) <= 4 && 4 <= (e as number))).toBe(false);
	});

	it("is sliced when long: its head and the call, within callerSliceLines", () => {
		// The long caller alone calls the pick here.
		const only = fakeMaterialIndex(lines, defs, [callEdge(file, start, setup, 100)]);
		const reach = { ...MATERIAL_REACH, callerWholeLines: 25, callerSliceLines: 12 };
		const read = bodiesOf(assembledSources(only, skeletons, [setup.defId], reach, 2_000), start);
		const held = (l: number) => read.some((s) => s.range.startLine <= l && l <= s.range.endLine);
		expect(held(40)).toBe(true);
		expect(held(100)).toBe(true);
		expect(read.reduce((n, s) => n + s.range.endLine - s.range.startLine + 1, 0)).toBeLessThanOrEqual(12);
		// Without callerSliceLines, the lines around the call only: not its head.
		const glimpse = bodiesOf(assembledSources(only, skeletons, [setup.defId], MATERIAL_REACH, 2_000), start);
		expect(glimpse.some((s) => s.range.startLine <= 40)).toBe(false);
	});
});
