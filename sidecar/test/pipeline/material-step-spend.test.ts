/**
 * What the model's material spends on the chain steps it holds only as signatures (session 52, bud52):
 * the outline of their files by `MapReach.pickStepOutline` (all by default, as offline), and the
 * lines where such a step calls another step or a definition the material holds (`stepCallLines`).
 */
import { describe, expect, it } from "vitest";
import { assembleMaterial } from "../../src/pipeline/material/assemble.js";
import { MATERIAL_REACH, type MapReach } from "../../src/pipeline/material/reach.js";
import type { Skeleton } from "../../src/pipeline/skeleton.js";
import { defRow } from "../support/defs.js";
import { callEdge, fakeMaterialIndex } from "../support/fake-material-index.js";

// Long lines (heads too): a step's slices do not fit the bodies' share, so the steps are map lines.
const lines = Array.from({ length: 700 }, (_, i) => `\tstep${i + 1}(${"x".repeat(150)});`);
lines[0] = "export function send() {}";
lines[99] = `export function far(${"a".repeat(600)}) {`;
lines[599] = "export function helperA() {}";
lines[609] = "export function helperB() {}";
const send = defRow("chat/send.ts", "send", "function", { startLine: 1, endLine: 1 });
const far = defRow("chat/far.ts", "far", "function", { startLine: 100, endLine: 500 });
const helperA = defRow("chat/far.ts", "helperA", "function", { startLine: 600, endLine: 600 });
const helperB = defRow("chat/far.ts", "helperB", "function", { startLine: 610, endLine: 610 });
// `far` calls `send` (read) at line 300 and `helperB` (named by nothing yet) at line 320.
const index = fakeMaterialIndex(
	lines,
	[send, far, helperA, helperB],
	[callEdge("chat/far.ts", far, send, 300), callEdge("chat/far.ts", far, helperB, 320)],
);
const skeletons = (farVia: string) =>
	[
		{
			chain: { id: "c1", title: "chat", paths: ["chat"], score: 1 },
			direction: "downstream",
			nodes: [
				{ def: send, depth: 0, via: "seed", from: null, nodeClass: "major", relevance: 0 },
				{ def: far, depth: 1, via: farVia, from: send.id, nodeClass: "major", relevance: 0 },
			],
		},
	] as unknown as Skeleton[];

/** The map's entries (name and first line), `send` picked by the model (or by a family: `familyPicks`). */
const map = (over: Partial<MapReach> = {}, familyPicks = 0, farVia = "call") =>
	assembleMaterial(
		index,
		{
			skeletons: skeletons(farVia),
			picks: [send.defId],
			familyPicks,
			words: [],
			relevance: (d) => (d.id === far.id ? 2 : 0),
		},
		{ tokenBudget: 500, wholeDefLines: 150, sliceLines: 60 },
		(text) => Math.ceil(text.length / 4),
		{ ...MATERIAL_REACH, lastBodyLines: 0, ...over },
	)
		.sources.filter((s) => s.unit === "signature")
		.map((s) => `${s.node.def.name}:${s.range.startLine}`);

describe("a signature-only step's file outline with the model's picks", () => {
	it("is listed by default, and not with `none`", () => {
		expect(map()).toEqual(expect.arrayContaining(["far:100", "helperA:600", "helperB:610"]));
		const none = map({ pickStepOutline: "none" });
		expect(none).toContain("far:100");
		expect(none).not.toContain("helperA:600");
	});

	it("is listed with `keyed` only for a step the path entered through a key hop", () => {
		expect(map({ pickStepOutline: "keyed" })).not.toContain("helperA:600");
		expect(map({ pickStepOutline: "keyed" }, 0, "dispatch:events")).toContain("helperA:600");
	});

	it("is listed with `multi` only for a file holding two chain steps", () => {
		expect(map({ pickStepOutline: "multi" })).not.toContain("helperA:600");
	});

	it("is listed offline (a family's picks alone) whatever the rule", () => {
		expect(map({ pickStepOutline: "none" }, 1)).toContain("helperA:600");
	});
});

describe("a signature-only step's call lines", () => {
	it("are listed with the model's picks, only to a chain step or what the material holds", () => {
		expect(map()).not.toContain("far:300");
		const calls = map({ stepCallLines: 2 });
		expect(calls).toContain("far:300");
		expect(calls).not.toContain("far:320");
		expect(map({ stepCallLines: 2, stepCallLinesEarly: true })).toContain("far:300");
	});

	it("with `child`, are listed only to the step's own children on the path", () => {
		// `send` is `far`'s parent on the path, not its child.
		expect(map({ stepCallLines: 2, stepCallLinesTo: "child" })).not.toContain("far:300");
	});

	it("are not listed offline", () => {
		expect(map({ stepCallLines: 2 }, 1)).not.toContain("far:300");
	});
});
