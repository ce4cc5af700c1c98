import { describe, expect, it } from "vitest";
import type { DefRow } from "../../src/index/types.js";
import {
	CITATION_MODEL,
	channelRanks,
	FEATURE_NAMES,
	type FileFacts,
	fileFeatures,
	modelScore,
	PLACES_MODEL,
	type RankContext,
} from "../../src/pipeline/citation-model.js";
import { parsePipelineConfig } from "../../src/pipeline/config.js";
import { rankCitations } from "../../src/pipeline/rank.js";
import type { ReadItem } from "../../src/pipeline/read.js";
import type { SeedChannels } from "../../src/pipeline/seed.js";
import { defRow as def, edgeGraph } from "../support/defs.js";

const item = (d: DefRow): ReadItem => ({
	range: { file: d.file ?? "", startLine: d.startLine ?? 1, endLine: d.endLine ?? 1, defId: d.defId },
	chain: "c1",
	node: { def: d, depth: 0, via: "seed", from: null, nodeClass: "major", relevance: 1 },
	text: "",
	tokens: 1,
});

const channels = (over: Partial<SeedChannels> = {}): SeedChannels => ({
	lexical: [],
	fts: [],
	bm25: [],
	graph: [],
	routed: [],
	named: [],
	coverage: new Map(),
	...over,
});

const facts = (file: string, d: DefRow, over: Partial<FileFacts> = {}): FileFacts => ({
	file,
	base: 0.1,
	lift: 0,
	flow: 0,
	score: 0.1,
	leafOnly: false,
	defs: [{ def: d, seed: true, depth: 0, relevance: 1, leaf: false }],
	links: 0,
	inTop: 0,
	outTop: 0,
	inFused: 0,
	outFused: 0,
	...over,
});

const config = { ...parsePipelineConfig(), citationModel: true };
const files = (order: readonly DefRow[]) => [...new Set(order.map((d) => d.file))];

describe("citation model", () => {
	it("is off by default, and so is the places model", () => {
		expect(parsePipelineConfig().citationModel).toBe(false);
		expect(parsePipelineConfig().placesModel).toBe(false);
	});

	it("ships a weight for every feature and re-orders only the first files", () => {
		expect(Object.keys(CITATION_MODEL.weights).sort()).toEqual([...FEATURE_NAMES].sort());
		expect(CITATION_MODEL.rerankTop).toBeGreaterThan(10);
		expect(Object.keys(PLACES_MODEL.weights).sort()).toEqual([...FEATURE_NAMES].sort());
		expect(PLACES_MODEL.rerankTop).toBeGreaterThan(10);
	});

	it("reads a file's channel ranks, coverage, chains and kind as the fit did", () => {
		const d = def("src/ui/Panel.tsx", "Panel");
		const ctx: RankContext = {
			channels: channels({
				lexical: ["x.ts", "src/ui/Panel.tsx"],
				routed: ["src/ui/Panel.tsx"],
				coverage: new Map([["src/ui/Panel.tsx", 0.5]]),
			}),
			chainFiles: [new Set(["src/ui/Panel.tsx"]), new Set(["x.ts"]), new Set(["src/ui/Panel.tsx", "x.ts"])],
		};
		const f = fileFeatures(facts("src/ui/Panel.tsx", d), channelRanks(ctx), [d]);
		expect(f.lex).toBeCloseTo(10 / 12);
		expect(f.bm25).toBe(0);
		expect(f.routed).toBe(1);
		expect(f.cov).toBe(0.5);
		expect(f.nocov).toBe(0);
		expect(f.skel).toBeCloseTo(2 / 3);
		expect(f.skel2).toBe(1);
		expect(f.ui).toBe(1);
		expect(f.test).toBe(0);
		expect(f.depth).toBe(2);
		// A named file counts as covered; a file the coverage never scored is marked.
		const named = fileFeatures(
			facts("a.ts", d),
			channelRanks({ channels: channels({ named: ["a.ts"] }), chainFiles: [] }),
			[d],
		);
		expect([named.named, named.cov, named.nocov]).toEqual([1, 1, 1]);
		expect(fileFeatures(facts("lib/__tests__/a.test.ts", d), channelRanks(ctx), [d]).test).toBe(1);
	});

	it("scores a file by its weighted features", () => {
		const d = def("a.ts", "alpha");
		const f = fileFeatures(facts("a.ts", d), channelRanks({ channels: channels(), chainFiles: [] }), [d]);
		const zero = Object.fromEntries(FEATURE_NAMES.map((n) => [n, 0])) as typeof CITATION_MODEL.weights;
		const model = { fitted: {}, rerankTop: 5, rankPenalty: 0, weights: { ...zero, score: 2, lex: 1 } };
		expect(modelScore(model, { ...f, lex: 0.5 })).toBeCloseTo(2 * f.score + 0.5);
	});

	it("lifts a file every channel ranks first over one the fusion put just above it, only with the seeding's channels", () => {
		const a = def("a.ts", "alpha");
		const b = def("b.ts", "beta");
		const c = def("c.ts", "gamma");
		const index = edgeGraph([a, b, c], []);
		const read = [item(a), item(b), item(c)];
		const fused = [{ file: "a.ts" }, { file: "b.ts" }, { file: "c.ts" }];
		const ctx: RankContext = {
			channels: channels({
				lexical: ["b.ts"],
				fts: ["b.ts"],
				bm25: ["b.ts"],
				coverage: new Map([
					["a.ts", 0],
					["b.ts", 1],
					["c.ts", 0],
				]),
			}),
			chainFiles: [new Set(["b.ts"])],
		};
		expect(files(rankCitations(index, read, fused, config).order)).toEqual(["a.ts", "b.ts", "c.ts"]);
		expect(files(rankCitations(index, read, fused, config, ctx).order)).toEqual(["b.ts", "a.ts", "c.ts"]);
		expect(files(rankCitations(index, read, fused, { ...config, citationModel: false }, ctx).order)).toEqual([
			"a.ts",
			"b.ts",
			"c.ts",
		]);
	});

	it("orders the places alone by the places model: the ranking every other reader takes keeps the hand-made order", () => {
		const a = def("a.ts", "alpha");
		const b = def("b.ts", "beta");
		const c = def("c.ts", "gamma");
		const index = edgeGraph([a, b, c], []);
		const read = [item(a), item(b), item(c)];
		const fused = [{ file: "a.ts" }, { file: "b.ts" }, { file: "c.ts" }];
		// c.ts: every channel's first file, fully covered, in both chains.
		const ctx: RankContext = {
			channels: channels({
				lexical: ["c.ts"],
				fts: ["c.ts"],
				bm25: ["c.ts"],
				coverage: new Map([
					["a.ts", 0],
					["b.ts", 0],
					["c.ts", 1],
				]),
			}),
			chainFiles: [new Set(["c.ts"]), new Set(["c.ts"])],
		};
		const places = { ...parsePipelineConfig(), placesModel: true };
		const ranked = rankCitations(index, read, fused, places, ctx);
		expect(files(ranked.order)).toEqual(["a.ts", "b.ts", "c.ts"]);
		expect(files(ranked.placesOrder ?? [])[0]).toBe("c.ts");
		expect(new Set(ranked.placesOrder?.map((d) => d.id))).toEqual(new Set(ranked.order.map((d) => d.id)));
		// Off, or without the seeding's channels: no order of its own.
		expect(rankCitations(index, read, fused, parsePipelineConfig(), ctx).placesOrder).toBeUndefined();
		expect(rankCitations(index, read, fused, places).placesOrder).toBeUndefined();
	});
});
