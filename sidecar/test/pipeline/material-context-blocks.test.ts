/**
 * With select picks, the module-level blocks that name no key (a header comment, config from the
 * environment, a package entry's wiring) are read after the signature map, with what it leaves
 * (`MapReach.contextBlocksLast`): ahead of it they took the room of map lines, and held none of the
 * chain's lines. Offline (no picks) they keep their place in the module share.
 */
import { describe, expect, it } from "vitest";
import type { DefRow } from "../../src/index/types.js";
import { assembleMaterial } from "../../src/pipeline/material/assemble.js";
import type { MaterialIndex } from "../../src/pipeline/material/material-index.js";
import { MATERIAL_REACH } from "../../src/pipeline/material/reach.js";
import type { Skeleton } from "../../src/pipeline/skeleton.js";
import { defRow } from "../support/defs.js";
import { fakeMaterialIndex } from "../support/fake-material-index.js";

const file = "relay/flow.ts";
const STEPS = 200;
// Names that differ by letters, not a number (numbered names are folded as versions of one another).
const name = (i: number) =>
	`step${String.fromCharCode(97 + Math.floor(i / 26))}${String.fromCharCode(97 + (i % 26))}`;
// A header comment, a short pick, then many 3-line chain steps: more than the map has room for.
const lines = [
	"// Relay flow: hands each envelope on to the rooms.",
	"",
	"export function schedule() {",
	`\t${name(0)}();`,
	"}",
	...Array.from({ length: STEPS }, (_, i) => [`function ${name(i)}() {`, "\tgo();", "}"]).flat(),
];
const moduleDef = defRow(file, "(module)", "module", { startLine: 1, endLine: lines.length });
const lead = defRow(file, "schedule", "function", { startLine: 3, endLine: 5, parentId: moduleDef.id });
const steps = Array.from({ length: STEPS }, (_, i) =>
	defRow(file, name(i), "function", { startLine: 6 + 3 * i, endLine: 8 + 3 * i, parentId: moduleDef.id }),
);
const defs = [moduleDef, lead, ...steps];
const index: MaterialIndex = {
	...fakeMaterialIndex(lines, defs, []),
	def: (defId: string) => defs.find((d) => d.defId === defId),
};
const node = (def: DefRow, from: DefRow | null) => ({
	def,
	depth: from ? 1 : 0,
	via: from ? "call" : "seed",
	from: from?.id ?? null,
	nodeClass: "major",
	relevance: 0,
});
const skeletons = [
	{
		chain: { id: "c1", title: "relay", paths: ["relay"], score: 1 },
		direction: "downstream",
		nodes: [node(lead, null), ...steps.map((d) => node(d, lead))],
	},
] as unknown as Skeleton[];

/** The material for the chain, `schedule` picked unless `picks` says otherwise. */
const material = (opts: { picks?: string[]; budget?: number; reach?: typeof MATERIAL_REACH }) =>
	assembleMaterial(
		index,
		{ skeletons, picks: opts.picks ?? [lead.defId], words: [], relevance: () => 0 },
		{ tokenBudget: opts.budget ?? 1000, wholeDefLines: 150, sliceLines: 60 },
		(text) => Math.ceil(text.length / 4),
		opts.reach ?? MATERIAL_REACH,
	).sources;
const hasHeader = (sources: ReturnType<typeof material>) =>
	sources.some((s) => s.unit === "block" && s.label.startsWith("module-level header"));
const mapLines = (sources: ReturnType<typeof material>) =>
	sources.filter((s) => s.unit === "signature").length;

describe("module-level blocks that name no key", () => {
	it("with picks, wait for the map: a full map leaves the header out and names more steps", () => {
		const last = material({});
		const first = material({ reach: { ...MATERIAL_REACH, contextBlocksLast: false } });
		expect(hasHeader(first)).toBe(true);
		expect(hasHeader(last)).toBe(false);
		expect(mapLines(last)).toBeGreaterThan(mapLines(first));
	});

	it("with picks, are still read when the map leaves room, after everything else", () => {
		const roomy = material({ budget: 20_000 });
		expect(hasHeader(roomy)).toBe(true);
		const nonMap = roomy.filter((s) => s.unit !== "signature");
		expect(nonMap.at(-1)?.label.startsWith("module-level header")).toBe(true);
	});

	it("keep their place in the module share without picks (offline)", () => {
		const offline = material({ picks: [] });
		expect(hasHeader(offline)).toBe(true);
		expect(offline).toEqual(material({ picks: [], reach: { ...MATERIAL_REACH, contextBlocksLast: false } }));
	});
});
