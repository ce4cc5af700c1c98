/**
 * With select picks, a chain step that several chains share and the question's words rate is read
 * right after the picks (`MapReach.sharedSteps`): the picks' half of the budget otherwise leaves it
 * for the last bodies, behind every step the reading order puts first.
 */
import { describe, expect, it } from "vitest";
import type { DefRow } from "../../src/index/types.js";
import { assembleMaterial } from "../../src/pipeline/material/assemble.js";
import { MATERIAL_REACH } from "../../src/pipeline/material/reach.js";
import type { Skeleton } from "../../src/pipeline/skeleton.js";
import { defRow } from "../support/defs.js";
import { fakeMaterialIndex } from "../support/fake-material-index.js";

const file = "posts/flow.ts";
// The pick's 40 long lines take 40 % of the budget: past the bodies' 25 %, no other body fits pass 1.
const lines = Array.from({ length: 80 }, (_, i) => `\tline${i + 1}(${"x".repeat(190)});`);
const lead = defRow(file, "schedule", "function", { startLine: 1, endLine: 40 });
const x2 = defRow(file, "preview", "function", { startLine: 41, endLine: 43 });
const x3 = defRow(file, "repost", "function", { startLine: 44, endLine: 46 });
const solo = defRow(file, "validate", "function", { startLine: 47, endLine: 49 });
const hub = defRow(file, "launchWorkflow", "function", { startLine: 50, endLine: 52 });
const index = fakeMaterialIndex(lines, [lead, x2, x3, solo, hub], []);
const node = (def: DefRow) => ({ def, depth: 0, via: "seed", from: null, nodeClass: "major", relevance: 0 });
const chain = (id: string, defs: DefRow[]) => ({
	chain: { id, title: id, paths: ["posts"], score: 1 },
	direction: "downstream",
	nodes: defs.map(node),
});
/** `hub` on three chains, or two when `chains` is 2. */
const skeletons = (chains = 3) =>
	[
		chain("c1", [lead, solo, hub]),
		chain("c2", [x2, hub]),
		chain("c3", chains === 3 ? [x3, hub] : [x3]),
	] as unknown as Skeleton[];

/** The definitions read in whole, in the order they were read, with `lead` picked unless `picks` says otherwise. */
const bodies = (opts: {
	hubRating?: number;
	chains?: number;
	picks?: string[];
	familyPicks?: number;
	reach?: typeof MATERIAL_REACH;
}) =>
	assembleMaterial(
		index,
		{
			skeletons: skeletons(opts.chains),
			picks: opts.picks ?? [lead.defId],
			familyPicks: opts.familyPicks,
			words: [],
			relevance: (d) => (d.id === hub.id ? (opts.hubRating ?? 1) : 0),
		},
		{ tokenBudget: 5000, wholeDefLines: 150, sliceLines: 60 },
		(text) => Math.ceil(text.length / 4),
		opts.reach ?? MATERIAL_REACH,
	)
		.sources.filter((s) => s.unit === "whole")
		.map((s) => s.node.def.name);

describe("a chain step several chains share", () => {
	it("is read right after the picks when three chains hold it and the question's words rate it", () => {
		expect(bodies({})).toEqual(["schedule", "launchWorkflow", "preview", "repost", "validate"]);
	});

	it("waits for the last bodies in reading order otherwise", () => {
		const last = ["schedule", "preview", "repost", "validate", "launchWorkflow"];
		expect(bodies({ hubRating: 0 })).toEqual(last);
		expect(bodies({ chains: 2 })).toEqual(last);
		expect(bodies({ reach: { ...MATERIAL_REACH, sharedSteps: 0 } })).toEqual(last);
	});

	it("is not read early without the select stage's picks (offline): a family's picks alone", () => {
		const offline = bodies({ familyPicks: 1 });
		expect(offline).toEqual(["schedule", "preview", "repost", "validate", "launchWorkflow"]);
		expect(bodies({ picks: [] }).indexOf("launchWorkflow")).toBeGreaterThan(
			bodies({ picks: [] }).indexOf("preview"),
		);
	});
});
