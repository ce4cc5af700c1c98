/**
 * Two reaches past the bodies read, each off in main's reach (enclosing-slices.ts, bridge-steps.ts):
 * the enclosing function around a nested handler read gets slices of its own calls and of the line
 * registering the handler; a short function between two bodies read (called by one, calling the
 * other) is read whole, and a short listener a body read reaches over a key hop.
 */
import { describe, expect, it } from "vitest";
import type { DefRow, EdgeRow } from "../../src/index/types.js";
import { MATERIAL_REACH } from "../../src/pipeline/material/reach.js";
import type { Skeleton } from "../../src/pipeline/skeleton.js";
import { defRow } from "../support/defs.js";
import { assembledSources, bodiesOf, callEdge, fakeMaterialIndex } from "../support/fake-material-index.js";

const file = "app/main.ts";
// A long registering closure (200 lines) with a nested handler at 60-70 and its own calls at 20 and 180.
const boot = defRow(file, "app.on(ready)", "function", { startLine: 1, endLine: 200 });
const onSave = defRow(file, "ipc.handle(save)", "function", { startLine: 60, endLine: 70 });
const makeWindow = defRow(file, "makeWindow", "function", { startLine: 210, endLine: 215 });
const registerIpc = defRow(file, "registerIpc", "function", { startLine: 220, endLine: 225 });
// A route handler and the repository insert, both on the chain; the service method between them on none.
const route = defRow(file, "route.post", "function", { startLine: 230, endLine: 235 });
const create = defRow(file, "Service.create", "method", { startLine: 240, endLine: 245 });
const insert = defRow(file, "Repo.insert", "method", { startLine: 250, endLine: 255 });
// A helper the route calls that calls nothing read.
const log = defRow(file, "log", "function", { startLine: 260, endLine: 262 });
// The listener of an event the insert emits.
const onInserted = defRow(file, "onInserted", "function", { startLine: 270, endLine: 275 });
const defs: DefRow[] = [boot, onSave, makeWindow, registerIpc, route, create, insert, log, onInserted];

const lines = Array.from({ length: 280 }, (_, i) => `\tstep${i + 1}();`);
lines[0] = "app.on('ready', async () => {";
lines[19] = "\tconst win = makeWindow();";
lines[58] = "\tipc.handle('save',";
lines[59] = "\t\tasync (event, doc) => {";
lines[179] = "\tregisterIpc(win);";
lines[199] = "});";

const call = (src: DefRow, dst: DefRow, line: number) => callEdge(file, src, dst, line);
const dispatch = (src: DefRow, dst: DefRow, line: number): EdgeRow => ({
	...call(src, dst, line),
	kind: "dispatch",
});
const edges = [
	call(boot, makeWindow, 20),
	call(boot, registerIpc, 180),
	call(route, create, 232),
	call(route, log, 233),
	call(create, insert, 242),
	dispatch(insert, onInserted, 253),
];
const index = fakeMaterialIndex(lines, defs, edges);
const node = (def: DefRow, via: string) => ({
	def,
	depth: 0,
	via,
	from: null,
	nodeClass: "major",
	relevance: 1,
});
const skeletons = [
	{
		chain: { id: "c1", title: "app", paths: ["app"], score: 1 },
		direction: "downstream",
		nodes: [node(onSave, "seed"), node(route, "seed"), node(insert, "seed")],
	},
] as unknown as Skeleton[];

const picks = [onSave.defId];
const sources = (over: Partial<typeof MATERIAL_REACH>) =>
	assembledSources(index, skeletons, picks, { ...MATERIAL_REACH, ...over }, 2_000);
const holds = (list: ReturnType<typeof sources>, line: number) =>
	list.some(
		(s) =>
			s.unit !== "signature" && s.range.file === file && s.range.startLine <= line && line <= s.range.endLine,
	);

describe("the enclosing definition around a nested body read", () => {
	const on = { enclosingSliceLines: 20, enclosingDefs: 2, enclosingShare: 0.5 };

	it("is sliced at its own calls and the line registering the nested one", () => {
		const got = sources(on);
		for (const line of [1, 20, 59, 180]) expect(holds(got, line)).toBe(true);
		const slices = bodiesOf(got, boot);
		expect(slices.every((s) => s.unit === "slice" && s.label.includes("around ipc.handle(save)"))).toBe(true);
		// The nested body's own lines are not printed twice.
		expect(slices.some((s) => s.range.startLine <= 65 && 65 <= s.range.endLine)).toBe(false);
	});

	it("not in main's reach", () => {
		const got = sources({});
		expect(bodiesOf(got, boot)).toEqual([]);
		expect(holds(got, 180)).toBe(false);
	});
});

const whole = (list: ReturnType<typeof sources>, def: DefRow) =>
	bodiesOf(list, def).filter((s) => s.unit === "whole");

describe("a short step between two bodies read", () => {
	it("is read whole when it calls another body read", () => {
		const got = sources({ bridgeLines: 40, bridgeSteps: 4, bridgeCalls: true, bridgeShare: 0.5 });
		expect(bodiesOf(got, create).map((s) => s.unit)).toEqual(["whole"]);
		// A callee reaching no body read stays out.
		expect(bodiesOf(got, log)).toEqual([]);
	});

	it("the listener a body read reaches over a key hop is read with the key-hop form", () => {
		const off = { bridgeLines: 40, bridgeSteps: 4, bridgeCalls: true, bridgeShare: 0.5 };
		const keyHop = { ...off, bridgeCalls: false, bridgeKeyHops: true };
		expect(bodiesOf(sources(keyHop), onInserted).length).toBeGreaterThan(0);
		expect(whole(sources(keyHop), create)).toEqual([]);
	});

	it("not in main's reach (the seed's caller glimpse only)", () => {
		const got = sources({});
		expect(whole(got, create)).toEqual([]);
		expect(bodiesOf(got, create).map((s) => s.role)).toEqual(["caller"]);
		expect(bodiesOf(got, onInserted)).toEqual([]);
	});
});
