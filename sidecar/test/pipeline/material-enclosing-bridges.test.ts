/**
 * Two reaches past the bodies read (enclosing-slices.ts, on in main's material; bridge-steps.ts, off):
 * the enclosing function around a nested handler read gets slices of its own calls and of the line
 * registering the handler; a short function between two bodies read (called by one, calling the
 * other) is read whole, and a short listener a body read reaches over a key hop.
 */
import { describe, expect, it } from "vitest";
import type { DefRow, EdgeRow } from "../../src/index/types.js";
import { assembleMaterial } from "../../src/pipeline/material/assemble.js";
import { CITATION_REACH, MATERIAL_REACH } from "../../src/pipeline/material/reach.js";
import type { Skeleton } from "../../src/pipeline/skeleton.js";
import { defRow } from "../support/defs.js";
import { assembledSources, bodiesOf, callEdge, fakeMaterialIndex } from "../support/fake-material-index.js";
import { majorNode } from "../support/skeletons.js";

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
const node = majorNode;
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
	const on = { enclosingSliceLines: 20, enclosingDefs: 2, enclosingShare: 0.5, enclosingMinLines: 0 };

	it("is sliced at its own calls and the line registering the nested one", () => {
		const got = sources(on);
		for (const line of [1, 20, 59, 180]) expect(holds(got, line)).toBe(true);
		const slices = bodiesOf(got, boot);
		expect(slices.every((s) => s.unit === "slice" && s.label.includes("around ipc.handle(save)"))).toBe(true);
		// The nested body's own lines are not printed twice.
		expect(slices.some((s) => s.range.startLine <= 65 && 65 <= s.range.endLine)).toBe(false);
	});

	it("is in main's material (60 lines of a closure of 150 or more)", () => {
		const got = sources({});
		for (const line of [1, 20, 180]) expect(holds(got, line)).toBe(true);
	});

	it("not without the model's picks (offline)", () => {
		expect(bodiesOf(assembledSources(index, skeletons, [], MATERIAL_REACH, 2_000), boot)).toEqual([]);
	});

	it("not in the citation pool (the offline answer's)", () => {
		const got = assembledSources(index, skeletons, picks, CITATION_REACH, 2_000);
		expect(bodiesOf(got, boot)).toEqual([]);
	});

	it("not for an impact question (its material is the listing of every use)", () => {
		const impact = {
			target: "x",
			sites: 0,
			files: 0,
			testSites: 0,
			byPackage: [],
			text: "",
			tokens: 0,
			listed: [],
			all: [],
			testsComplete: true,
			testsSearched: true,
		};
		const got = assembleMaterial(
			index,
			{ skeletons: [...skeletons], picks, words: [], relevance: () => 0, impact },
			{ tokenBudget: 2_000, wholeDefLines: 150, sliceLines: 60 },
			() => 1,
			MATERIAL_REACH,
		).sources;
		expect(bodiesOf(got, boot)).toEqual([]);
	});

	it("not for a closure shorter than 150 lines", () => {
		expect(bodiesOf(sources({ enclosingMinLines: 201 }), boot)).toEqual([]);
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

describe("a closure registering several handlers written inside it (one app's routes)", () => {
	const routes = "app/routes.ts";
	// `route()` (1-200) registers eight handlers written inside it, each one line under its register call.
	const app = defRow(routes, "Auth.route", "method", { startLine: 1, endLine: 200 });
	const handlers = Array.from({ length: 8 }, (_, i) =>
		defRow(routes, `Auth.route.post(/r${i})`, "function", { startLine: 20 * i + 11, endLine: 20 * i + 25 }),
	);
	const keys = handlers.map((_, i) => defRow(null, `POST /r${i}`, "dispatch-key"));
	const text = Array.from({ length: 200 }, (_, i) => `\tstep${i + 1}();`);
	text[0] = "route() { return new App()";
	handlers.forEach((h, i) => {
		text[(h.startLine as number) - 2] = `\t.post('/r${i}',`;
	});
	// The question's word, inside the body of a handler no one read.
	text[134] = "\tsetCookie(session);";
	const edges: EdgeRow[] = handlers.flatMap((h, i) => [
		{ ...callEdge(routes, app, keys[i] as DefRow, (h.startLine as number) - 1), kind: "register" as const },
		{ ...callEdge(routes, keys[i] as DefRow, h, (h.startLine as number) - 1), kind: "handler" as const },
	]);
	const idx = fakeMaterialIndex(text, [app, ...handlers, ...keys], edges);
	const read = handlers[0] as DefRow;
	const sk = [
		{
			chain: { id: "c1", title: "auth", paths: ["app"], score: 1 },
			direction: "downstream",
			nodes: [majorNode(read, "seed")],
		},
	] as unknown as Skeleton[];
	const got = assembleMaterial(
		idx,
		{ skeletons: sk, picks: [read.defId], words: ["cookie"], relevance: () => 0 },
		{ tokenBudget: 2_000, wholeDefLines: 150, sliceLines: 60 },
		() => 1,
		{ ...MATERIAL_REACH, enclosingSliceLines: 12, enclosingMinLines: 0, enclosingShare: 0.5 },
	).sources;
	const inSlices = (line: number) =>
		bodiesOf(got, app).some((s) => s.range.startLine <= line && line <= s.range.endLine);

	it("is sliced at the question's words, not at the lines registering the handlers it holds", () => {
		// The question's word in a sibling's body (the body read holds its own register line).
		expect(inSlices(135)).toBe(true);
		// The siblings' own register lines are no hop out of the closure.
		expect(inSlices(50)).toBe(false);
		expect(inSlices(150)).toBe(false);
	});
});
