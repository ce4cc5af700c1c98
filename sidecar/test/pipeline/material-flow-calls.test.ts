/**
 * Where a chain step listed only as a signature calls on along the flow (map-body-calls.ts
 * `listFlowCalls`): its lines calling a body the material reads, then a chain step the question's
 * words rate, the best first, up to a count per step and for the first steps only.
 */
import { describe, expect, it } from "vitest";
import { reachedCandidate } from "../../src/pipeline/material/candidate.js";
import { listFlowCalls } from "../../src/pipeline/material/map-body-calls.js";
import { defRow } from "../support/defs.js";
import { callEdge, fakeMaterialIndex } from "../support/fake-material-index.js";
import { mapHolding } from "../support/held-map.js";

const lines = Array.from({ length: 400 }, (_, i) => `const line${i + 1} = ${i};`);
const file = "server/orders.ts";
const placeOrder = defRow(file, "placeOrder", "function", { startLine: 100, endLine: 140 });
const lastStep = defRow(file, "shipOrder", "function", { startLine: 200, endLine: 220 });
// Read as a body: the flow enters the code the material shows.
const saveOrder = defRow(file, "saveOrder", "function", { startLine: 300, endLine: 330 });
// Chain steps the question's words rate 3 and 1, and one they do not rate.
const chargeCard = defRow(file, "chargeCard", "function", { startLine: 340, endLine: 345 });
const sendReceipt = defRow(file, "sendReceipt", "function", { startLine: 350, endLine: 355 });
const formatRow = defRow(file, "formatRow", "function", { startLine: 360, endLine: 365 });
// Rated, but on no chain and not read: a step calls much besides its flow.
const auditLog = defRow(file, "auditLog", "function", { startLine: 370, endLine: 375 });
const defs = [placeOrder, lastStep, saveOrder, chargeCard, sendReceipt, formatRow, auditLog];
const edges = [
	callEdge(file, placeOrder, auditLog, 102),
	callEdge(file, placeOrder, formatRow, 103),
	callEdge(file, placeOrder, sendReceipt, 104),
	callEdge(file, placeOrder, chargeCard, 110),
	callEdge(file, placeOrder, saveOrder, 120),
	// Its own first line (a recursive call written there) is its signature's.
	callEdge(file, placeOrder, placeOrder, 100),
	callEdge(file, lastStep, saveOrder, 210),
];
const index = fakeMaterialIndex(lines, defs, edges);
const rating = new Map<number, number>([
	[chargeCard.id, 3],
	[sendReceipt.id, 1],
	[auditLog.id, 5],
]);
const onChain = new Set([
	placeOrder.id,
	lastStep.id,
	saveOrder.id,
	chargeCard.id,
	sendReceipt.id,
	formatRow.id,
]);
const at = { depth: 1, via: "call" as const, from: null, relevance: 0 };

/** The lines listed inside a step (`name:line`) after `listFlowCalls`, with `read` read as bodies. */
function flowLines(perStep: number, maxSteps: number, read = [saveOrder]): string[] {
	const { map } = mapHolding(index, placeOrder, [placeOrder, lastStep], [], (d) => rating.get(d.id) ?? 0);
	for (const d of read) map.a.markRead(d);
	const steps = [placeOrder, lastStep].map((d) => reachedCandidate(d, at, "c1", "chain"));
	listFlowCalls(map, steps, onChain, perStep, maxSteps);
	return map.a.sources
		.filter((s) => s.range.startLine !== s.node.def.startLine)
		.map((s) => `${s.node.def.name}:${s.range.startLine}`);
}

describe("a signature-only step's calls along the flow", () => {
	it("lists a step's call of a body read, then of the best rated chain step, in line order", () => {
		expect(flowLines(2, 10)).toEqual(["placeOrder:110", "placeOrder:120", "shipOrder:210"]);
		expect(flowLines(3, 10)).toEqual(["placeOrder:104", "placeOrder:110", "placeOrder:120", "shipOrder:210"]);
	});

	it("lists no unrated chain step, no definition off the chain, no line of a step read, and only the first steps", () => {
		expect(flowLines(10, 10)).not.toContain("placeOrder:103");
		expect(flowLines(10, 10)).not.toContain("placeOrder:102");
		expect(flowLines(10, 10, [saveOrder, placeOrder])).toEqual(["shipOrder:210"]);
		expect(flowLines(2, 1)).toEqual(["placeOrder:110", "placeOrder:120"]);
		expect(flowLines(0, 10)).toEqual([]);
	});

	it("needs the body read to list a call of it", () => {
		expect(flowLines(2, 10, [])).toEqual(["placeOrder:104", "placeOrder:110"]);
	});
});
