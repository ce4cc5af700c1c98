/**
 * The map lines that hold nothing (an outline entry tied to nothing, a line a body prints too)
 * give their room to slices of the long definitions the map names by one line (listed-slices.ts).
 */
import { describe, expect, it } from "vitest";
import type { DefRow } from "../../src/index/types.js";
import { Assembly } from "../../src/pipeline/material/assembly.js";
import type { Candidate } from "../../src/pipeline/material/candidate.js";
import { readListedSlices } from "../../src/pipeline/material/listed-slices.js";
import { CITATION_REACH, MATERIAL_REACH } from "../../src/pipeline/material/reach.js";
import type { SignatureMap } from "../../src/pipeline/material/signature-map.js";
import { defRow } from "../support/defs.js";
import { callEdge, fakeMaterialIndex } from "../support/fake-material-index.js";

const file = "orders/flow.ts";
// A long function whose deciding call (to the chain's next step) sits at line 150, far past its head.
const lines = Array.from({ length: 400 }, (_, i) => `\twork${i + 1}();`);
lines[0] = "export function placeOrder(order) {";
lines[148] = "\tif (order.paid) {";
lines[149] = "\t\tshipOrder(order);";
lines[150] = "\t}";
lines[199] = "}";
lines[200] = "export function shipOrder(order) {";
lines[202] = "}";
lines[210] = "export function helper() {";
lines[212] = "}";
lines[220] = "export function rated() {";
lines[222] = "}";
lines[230] = "export function called() {";
lines[300] = "\tif (paid) record();";
lines[232] = "}";
const place = defRow(file, "placeOrder", "function", { startLine: 1, endLine: 200 });
const ship = defRow(file, "shipOrder", "function", { startLine: 201, endLine: 203 });
const helper = defRow(file, "helper", "function", { startLine: 211, endLine: 213 });
const rated = defRow(file, "rated", "function", { startLine: 221, endLine: 223 });
const called = defRow(file, "called", "function", { startLine: 231, endLine: 233 });
const index = fakeMaterialIndex(
	lines,
	[place, ship, helper, rated, called],
	[callEdge(file, place, ship, 150), callEdge(file, ship, called, 202)],
);
const candidate = (def: DefRow, via: string): Candidate => ({
	node: { def, depth: 1, via, from: null, nodeClass: "major", relevance: 0 },
	chain: "c1",
	role: "neighbour",
});
const onChain = new Set([place.id, ship.id]);
const relevance = (d: DefRow) => (d.id === rated.id ? 1 : 0);

/** `shipOrder` read whole, `placeOrder` listed by its first line, three outline entries; then the pass. */
const assemble = (lineCap: number, dropUntied: boolean, budget = 10_000) => {
	const a = new Assembly(index, (t) => Math.ceil(t.length / 4), MATERIAL_REACH, ["paid"]);
	a.add(candidate(ship, "call"), 201, 203, "whole", "shipOrder", budget);
	a.markRead(ship);
	const sig = (d: DefRow, via: string) =>
		a.add(candidate(d, via), d.startLine as number, d.startLine as number, "signature", d.name, budget);
	sig(place, "call");
	for (const d of [helper, rated, called]) sig(d, "outline");
	const before = a.spent;
	const freed = readListedSlices(
		{ a } as unknown as SignatureMap,
		{ words: ["paid"], relevance },
		onChain,
		{ lines: lineCap, done: new Set(), dropUntied, chainOnly: false, ranked: false, throughOnly: false },
		budget,
	);
	return { a, before, freed };
};
const held = (a: Assembly) =>
	a.sources.map((s) => `${s.node.def.name}:${s.unit}:${s.range.startLine}-${s.range.endLine}`);

describe("the listed definitions ranked", () => {
	// A long definition listed first that the flow does not run through (a line holds the question's
	// word), then `placeOrder`, whose call at line 150 reaches the body read: with room for one,
	// ranking reads the second.
	const other = defRow(file, "audit", "function", { startLine: 241, endLine: 399 });
	const withOther = fakeMaterialIndex(lines, [place, ship, other], [callEdge(file, place, ship, 150)]);
	const sliced = (ranked: boolean, throughOnly = false) => {
		const a = new Assembly(withOther, (t) => Math.ceil(t.length / 4), MATERIAL_REACH, ["paid"]);
		a.add(candidate(ship, "call"), 201, 203, "whole", "shipOrder", 10_000);
		a.markRead(ship);
		a.add(candidate(other, "call"), 241, 241, "signature", "audit", 10_000);
		a.add(candidate(place, "call"), 1, 1, "signature", "placeOrder", 10_000);
		readListedSlices(
			{ a } as unknown as SignatureMap,
			{ words: ["paid"], relevance: () => 0 },
			new Set([place.id, ship.id, other.id]),
			{ lines: 8, done: new Set(), dropUntied: false, chainOnly: false, ranked, throughOnly },
			a.spent + 60,
		);
		return [...new Set(a.sources.filter((s) => s.unit === "slice").map((s) => s.node.def.name))];
	};

	it("reads first the one a hop inside reaches a body read from, not the first listed", () => {
		expect(sliced(false)).toEqual(["audit"]);
		expect(sliced(true)).toEqual(["placeOrder"]);
	});

	it("with throughOnly, reads no other", () => {
		expect(sliced(false, true)).toEqual(["placeOrder"]);
	});
});

describe("the room of map lines that hold nothing", () => {
	it("goes to the slice of a listed long definition holding its hop on the chain and what decides it, not its head window", () => {
		const { a } = assemble(8, true);
		const slice = a.sources.find((s) => s.node.def.id === place.id && s.unit === "slice");
		expect(slice?.range.startLine).toBeLessThanOrEqual(149);
		expect(slice?.range.endLine).toBeGreaterThanOrEqual(150);
		expect(a.isCovered(file, 10, 10)).toBe(false);
		// The definition's own line stays listed, and the slice reads as a chain step's.
		expect(held(a)).toContain("placeOrder:signature:1-1");
		expect(slice?.role).toBe("chain");
	});

	it("drops an outline entry no word rates and no edge ties to what is read, keeps the rated and the tied", () => {
		const names = (dropUntied: boolean) =>
			assemble(8, dropUntied)
				.a.sources.filter((s) => s.node.via === "outline")
				.map((s) => s.node.def.name);
		expect(names(true)).toEqual(["rated", "called"]);
		expect(names(false)).toEqual(["helper", "rated", "called"]);
	});

	it("drops a signature line a body prints too, and says what the dropped lines cost", () => {
		const a = new Assembly(index, (t) => Math.ceil(t.length / 4), MATERIAL_REACH, []);
		a.add(candidate(helper, "outline"), 211, 211, "signature", "helper", 10_000);
		a.add(candidate(helper, "outline"), 212, 212, "signature", "helper inner", 10_000);
		a.add(candidate(ship, "call"), 201, 213, "whole", "shipOrder and more", 10_000);
		const spent = a.spent;
		const freed = readListedSlices(
			{ a } as unknown as SignatureMap,
			{ words: [], relevance },
			onChain,
			{ lines: 8, done: new Set(), dropUntied: false, chainOnly: false, ranked: false, throughOnly: false },
			10_000,
		);
		expect(a.sources.map((s) => s.unit)).toEqual(["whole"]);
		expect(freed).toBeGreaterThan(0);
		expect(a.spent).toBe(spent - freed);
	});

	it("stays within the budget, and does nothing at 0 lines (the citation pool's, and the default's)", () => {
		const { a, before } = assemble(0, true);
		expect(a.spent).toBe(before);
		expect(held(a)).toHaveLength(5);
		const tight = assemble(8, true, 90);
		expect(tight.a.spent).toBeLessThanOrEqual(90);
		expect(CITATION_REACH.listedSliceLines).toBe(0);
	});
});
