/**
 * A learned re-ranking of the citation ranking's first files (rank.ts). The hand-made score keeps
 * the seeding's fused order; the model weighs that score together with what the fusion folds away —
 * each channel's own rank, concept coverage, flow edges to and from the best files, the skeleton
 * chains holding the file, what kind of file it is — and re-orders the first `rerankTop` files by
 * a linear score. The weights are data (citation-model.json): a logistic model fitted on the dev
 * sets' gold core files and judged leave-one-set-out (benchmarks/answers.md, session 49 — ltr49).
 */
import { z } from "zod";
import type { IndexReader } from "../index/reader.js";
import type { DefRow } from "../index/types.js";
import modelJson from "./citation-model.json" with { type: "json" };
import placesJson from "./places-model.json" with { type: "json" };
import type { SeedChannels } from "./seed.js";

/** The features a file is scored on, each a number computed by `fileFeatures`. */
export const FEATURE_NAMES = [
	"score",
	"base",
	"lift",
	"flow",
	"lex",
	"fts",
	"bm25",
	"graph",
	"routed",
	"named",
	"cov",
	"nocov",
	"links",
	"inTop",
	"outTop",
	"inFused",
	"outFused",
	"skel",
	"skel2",
	"decl",
	"fdecl",
	"leaf",
	"ui",
	"test",
	"depth",
	"loglines",
	"logdefs",
	"seed",
	"mindepth",
	"maxrel",
	"sumrel",
	"fanin",
	"ncand",
] as const;
export type FeatureName = (typeof FEATURE_NAMES)[number];
export type Features = Record<FeatureName, number>;

const CitationModelSchema = z.object({
	/** How the weights were fitted (for the record; not read). */
	fitted: z.record(z.string(), z.unknown()),
	/** Only the first this many files of the hand-made order are re-ordered; the rest keep their order. */
	rerankTop: z.number().int().min(0),
	/** Taken off a file's score per place it stands in the hand-made order (0: the model's score alone). */
	rankPenalty: z.number().min(0).default(0),
	/** Weight of each feature on its raw scale (the fit's standardising folded in). */
	weights: z.record(z.enum(FEATURE_NAMES), z.number()),
});
export type CitationModel = z.infer<typeof CitationModelSchema>;

/** The model shipped beside the config. */
export const CITATION_MODEL: CitationModel = CitationModelSchema.parse(modelJson);
/**
 * The model ordering only "Where to look"'s places (config `placesModel`): the same features, fitted on
 * the files off the answer's path with the label "a core file the path does not cite" (session 50 — wtl50).
 */
export const PLACES_MODEL: CitationModel = CitationModelSchema.parse(placesJson);

/** What the citation ranking knows about one file when the model scores it. */
export interface FileFacts {
	file: string;
	/** The hand-made parts of its score: fused base, link lift (unweighted), family flow, final score. */
	base: number;
	lift: number;
	flow: number;
	score: number;
	leafOnly: boolean;
	/** Its read definitions. */
	defs: readonly { def: DefRow; seed: boolean; depth: number; relevance: number; leaf: boolean }[];
	/** Other read files its definitions link to by a flow edge (rank.ts's links). */
	links: number;
	/** Best files of the current order (its first 10) it is reached from / reaches by a flow edge. */
	inTop: number;
	outTop: number;
	/** Best files by fused rank (the lift's sources) it is reached from / reaches. */
	inFused: number;
	outFused: number;
}

/** What the question's earlier stages tell about every file: the seeding's channels and the chains. */
export interface RankContext {
	channels: SeedChannels;
	/** The files of each skeleton chain. */
	chainFiles: readonly ReadonlySet<string>[];
}

const DECLARATION_KINDS = new Set(["interface", "type", "enum"]);
const UI_FILE = /\.(tsx|jsx|vue|svelte)$/;
const TEST_FILE = /(^|\/)(test|tests|__tests__|spec|e2e|__mocks__)(\/|$)|\.(test|spec|e2e)\.[a-z]+$/;

/** A channel rank as a reciprocal rank (absent: 0), scaled ×10 as fitted. */
const reciprocal = (rank: number | undefined) => (rank === undefined ? 0 : 10 / (10 + rank + 1));

/** First index of each file in a ranking. */
export function rankMap(list: readonly string[]): Map<string, number> {
	const out = new Map<string, number>();
	list.forEach((f, i) => {
		if (!out.has(f)) out.set(f, i);
	});
	return out;
}

/** The channels' rank maps, built once per ranking. */
export interface ChannelRanks {
	lex: Map<string, number>;
	fts: Map<string, number>;
	bm25: Map<string, number>;
	graph: Map<string, number>;
	routed: Set<string>;
	named: Set<string>;
	coverage: ReadonlyMap<string, number>;
	chainFiles: readonly ReadonlySet<string>[];
}

export function channelRanks(context: RankContext): ChannelRanks {
	const c = context.channels;
	return {
		lex: rankMap(c.lexical),
		fts: rankMap(c.fts),
		bm25: rankMap(c.bm25),
		graph: rankMap(c.graph),
		routed: new Set(c.routed),
		named: new Set(c.named),
		coverage: c.coverage,
		chainFiles: context.chainFiles,
	};
}

/** The model's features of one file (the same transforms the fit used). */
export function fileFeatures(
	facts: FileFacts,
	ranks: ChannelRanks,
	fileDefs: readonly Pick<DefRow, "kind" | "endLine">[],
): Features {
	const { file, defs } = facts;
	const named = ranks.named.has(file);
	const coverage = ranks.coverage.get(file);
	const chains = ranks.chainFiles.filter((s) => s.has(file)).length;
	const own = fileDefs.filter((d) => d.kind !== "module");
	return {
		score: facts.score * 10,
		base: facts.base * 10,
		lift: facts.lift * 10,
		flow: facts.flow * 10,
		lex: reciprocal(ranks.lex.get(file)),
		fts: reciprocal(ranks.fts.get(file)),
		bm25: reciprocal(ranks.bm25.get(file)),
		graph: reciprocal(ranks.graph.get(file)),
		routed: ranks.routed.has(file) ? 1 : 0,
		named: named ? 1 : 0,
		cov: named ? 1 : Math.max(coverage ?? 0, 0),
		nocov: coverage === undefined ? 1 : 0,
		links: Math.log1p(facts.links),
		inTop: Math.log1p(facts.inTop),
		outTop: Math.log1p(facts.outTop),
		inFused: Math.log1p(facts.inFused),
		outFused: Math.log1p(facts.outFused),
		skel: chains / Math.max(1, ranks.chainFiles.length),
		skel2: chains >= 2 ? 1 : 0,
		decl: defs.length > 0 && defs.every((c) => DECLARATION_KINDS.has(c.def.kind)) ? 1 : 0,
		fdecl: own.length > 0 && own.every((d) => DECLARATION_KINDS.has(d.kind) || d.kind === "property") ? 1 : 0,
		leaf: facts.leafOnly ? 1 : 0,
		ui: UI_FILE.test(file) ? 1 : 0,
		test: TEST_FILE.test(file) ? 1 : 0,
		depth: file.split("/").length - 1,
		loglines: Math.log1p(Math.max(0, ...fileDefs.map((d) => d.endLine ?? 0))),
		logdefs: Math.log1p(fileDefs.length),
		seed: defs.some((c) => c.seed) ? 1 : 0,
		mindepth: Math.min(6, ...defs.map((c) => c.depth)),
		maxrel: Math.min(5, Math.max(0, ...defs.map((c) => c.relevance))),
		sumrel: Math.log1p(defs.reduce((n, c) => n + c.relevance, 0)),
		fanin: Math.log1p(Math.max(0, ...defs.map((c) => c.def.fanIn))),
		ncand: Math.log1p(defs.length),
	};
}

/** The model's score of a file's features (higher first). */
export function modelScore(model: CitationModel, features: Features): number {
	let s = 0;
	for (const name of FEATURE_NAMES) s += (model.weights[name] ?? 0) * features[name];
	return s;
}

export type ModelIndex = Pick<IndexReader, "defsInFile">;
