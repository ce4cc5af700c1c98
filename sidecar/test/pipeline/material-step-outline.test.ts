/**
 * The outline of a file whose chain steps the material holds only as signatures (its other
 * functions, one line each): with the model's picks it reaches `MapReach.pickStepOutlineFiles`
 * files (by default, -1, as many as offline: `stepOutlineFiles`).
 */
import { describe, expect, it } from "vitest";
import type { DefRow } from "../../src/index/types.js";
import { assembleMaterial } from "../../src/pipeline/material/assemble.js";
import { MATERIAL_REACH } from "../../src/pipeline/material/reach.js";
import type { Skeleton } from "../../src/pipeline/skeleton.js";
import { defRow } from "../support/defs.js";
import { fakeMaterialIndex } from "../support/fake-material-index.js";

// Long lines (heads too): a step's slices do not fit the bodies' share, so the steps are map lines.
const lines = Array.from({ length: 700 }, (_, i) => `\tstep${i + 1}(${"x".repeat(150)});`);
lines[0] = "export function send() {}";
lines[99] = `export function far(${"a".repeat(600)}) {`;
lines[599] = "export function helperA() {}";
lines[609] = "export function helperB() {}";
const send = defRow("chat/send.ts", "send", "function", { startLine: 1, endLine: 1 });
// A long step whose slices do not fit the bodies' share: a signature, its file a step file.
const far = defRow("chat/far.ts", "far", "function", { startLine: 100, endLine: 500 });
const helperA = defRow("chat/far.ts", "helperA", "function", { startLine: 600, endLine: 600 });
const helperB = defRow("chat/far.ts", "helperB", "function", { startLine: 610, endLine: 610 });
const index = fakeMaterialIndex(lines, [send, far, helperA, helperB], []);
const node = (def: DefRow) => ({ def, depth: 0, via: "seed", from: null, nodeClass: "major", relevance: 0 });
const skeletons = [
	{
		chain: { id: "c1", title: "chat", paths: ["chat"], score: 1 },
		direction: "downstream",
		nodes: [node(send), node(far)],
	},
] as unknown as Skeleton[];

/** The map's entries, with `send` picked by the model (or by the offline family: `familyPicks`); `far` rated (it does not wait). */
const map = (reach = MATERIAL_REACH, familyPicks = 0) =>
	assembleMaterial(
		index,
		{ skeletons, picks: [send.defId], familyPicks, words: [], relevance: (d) => (d.id === far.id ? 2 : 0) },
		{ tokenBudget: 500, wholeDefLines: 150, sliceLines: 60 },
		(text) => Math.ceil(text.length / 4),
		{ ...reach, lastBodyLines: 0 },
	)
		.sources.filter((s) => s.unit === "signature")
		.map((s) => s.node.def.name);

describe("a step file's outline", () => {
	it("is listed with the model's picks by default, and not when `pickStepOutlineFiles` is 0", () => {
		expect(map()).toEqual(expect.arrayContaining(["far", "helperA", "helperB"]));
		const none = map({ ...MATERIAL_REACH, pickStepOutlineFiles: 0 });
		expect(none).toContain("far");
		expect(none).not.toContain("helperA");
	});

	it("is listed with the model's picks when `pickStepOutlineFiles` reaches it", () => {
		expect(map({ ...MATERIAL_REACH, pickStepOutlineFiles: 1 })).toEqual(
			expect.arrayContaining(["far", "helperA", "helperB"]),
		);
	});

	it("is listed offline (a family's picks alone), as `stepOutlineFiles` says", () => {
		const offline = { ...MATERIAL_REACH, pickStepOutlineFiles: 0 };
		expect(map(offline, 1)).toEqual(expect.arrayContaining(["far", "helperA", "helperB"]));
		expect(map({ ...MATERIAL_REACH, stepOutlineFiles: 0 }, 1)).not.toContain("helperA");
	});
});
