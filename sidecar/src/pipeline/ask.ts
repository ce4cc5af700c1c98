/**
 * `ask(index, question, options)`: the fixed answer pipeline, route → seed → skeleton → select →
 * read → answer → verify. With no LLM (the default) every stage is offline and the answer is
 * extractive. With an LLM, route, select and answer are one request each (at most 3 per
 * question); any LLM failure falls back to the offline version of that stage and says why.
 */
import type { Chain } from "@codeask/shared";
import { questionSchema } from "@codeask/shared";
import type { IndexReader } from "../index/reader.js";
import type { DefRow, OutlineSectionRow } from "../index/types.js";
import { countTokens } from "../llm/token-count.js";
import { LlmError, type LlmRequestRecord } from "../llm/types.js";
import { isOverviewQuestion } from "../overview/classify.js";
import {
	abstentionAnswer,
	BODY_FILES,
	COVERAGE_DEFS,
	type Coverage,
	conceptStats,
	coverage,
	namesRepository,
	offTopic,
	sourcesCover,
} from "./abstain.js";
import { conventionAnswer, conventionDefinitions, findConvention } from "./answer-convention.js";
import { offlineAnswer, renderSources } from "./answer-offline.js";
import type { DraftAnswer } from "./citation-book.js";
import { conceptVector } from "./concept-vector.js";
import { type PipelineConfig, parsePipelineConfig } from "./config.js";
import { impactAnswer } from "./impact/answer.js";
import { impactSitesSection } from "./impact/sites.js";
import { Labels, sourceLabel } from "./labels.js";
import { answerFrameTokens, llmAnswer, llmRoute, llmSelect, routeChains } from "./llm-stages.js";
import { assembleMaterial } from "./material/assemble.js";
import { impactListing, impactTarget } from "./material/impact.js";
import { memoIndex } from "./material/material-index.js";
import { CITATION_REACH, MATERIAL_REACH } from "./material/reach.js";
import type { ImpactListing, Material } from "./material/types.js";
import { neighbourFinder } from "./neighbours.js";
import { overviewAsAnswer } from "./overview-answer.js";
import { patternAnswer, patternMaterial } from "./pattern/answer.js";
import { patternFamily } from "./pattern/family.js";
import { unmetNote } from "./pattern/unmet.js";
import {
	analyzeQuestion,
	type QueryAnalysis,
	questionWords,
	routeKeysInIndex,
	weighConcepts,
} from "./query.js";
import { rankCitations } from "./rank.js";
import { estimateTokens } from "./read.js";
import { fuseRoutes, type RouteResult, routeOffline } from "./route.js";
import { lexicalScore, type SeedResult, seed } from "./seed.js";
import { type AnswerPaths, answerPathDefs, answerPaths, shortAnswer } from "./short/answer.js";
import { buildSkeletons, type Skeleton } from "./skeleton.js";
import { candidateTrace, heldTrace } from "./trace-stages.js";
import type { AskOptions, AskResult, AskTrace } from "./types.js";
import { verifyAnswer } from "./verify.js";

/** A question the pipeline refuses (empty, too long, not text): the caller shows the message. */
/** Fewer verified sources than this, and none covering the question: the LLM answer is no answer. */
const MIN_ANSWER_SOURCES = 3;

export class AskInputError extends Error {
	constructor(message: string) {
		super(message);
		this.name = "AskInputError";
	}
}

/** Validate a question (the shared contract's rules, so HTTP and MCP refuse the same); returns it trimmed. */
export function checkQuestion(question: unknown): string {
	if (typeof question !== "string") throw new AskInputError("the question must be text");
	const parsed = questionSchema.safeParse(question);
	if (!parsed.success)
		throw new AskInputError(`the ${parsed.error.issues[0]?.message ?? "question is not valid"}`);
	return parsed.data;
}

/** Words of the repository's own name (root package): present everywhere, they say nothing about a topic. */
export function repositoryNameWords(index: Pick<IndexReader, "packages">): Set<string> {
	const root = index.packages().find((p) => p.dir === "");
	if (!root) return new Set();
	return new Set(
		root.name
			.toLowerCase()
			.split(/[^a-z0-9]+/)
			.filter((w) => w.length > 1),
	);
}

/** How many definitions mention a word (FTS document frequency), and how many there are. */
export function documentFrequency(index: IndexReader): { df: (word: string) => number; total: number } {
	// Rows of the search table itself: what the counts below are a share of.
	const total = index.ftsRowCount("defs_fts");
	const df = (word: string) => {
		// (spaces kept: a phrase of words, in order)
		const clean = word
			.replace(/[^a-z0-9_ ]/gi, "")
			.replace(/\s+/g, " ")
			.trim();
		if (!clean) return total;
		return index.ftsMatchCount("defs_fts", clean) ?? 0;
	};
	return { df, total: Math.max(1, total) };
}

/** The files whose text uses a word (at most BODY_FILES + 1 of them: more is too many to count). */
function bodyFiles(index: IndexReader): (word: string) => string[] {
	return (word) => index.searchFiles([word], BODY_FILES + 1).map((r) => r.path);
}

/** How common each word is across files: a word most files use names no place (noise control). */
function weighFileShares(index: IndexReader, q: QueryAnalysis): void {
	// Searchable files (a GraphQL document has no full-text row: see index/writer.ts).
	const files = index.ftsRowCount("files_fts");
	for (const c of q.concepts) {
		const words = [c.word, ...c.stems].map((w) => w.replace(/[^a-z0-9_]/gi, "")).filter(Boolean);
		let n = 0;
		// (null: not a searchable word)
		for (const w of words) n = Math.max(n, index.ftsMatchCount("files_fts", w) ?? 0);
		c.fileShare = files ? n / files : 0;
	}
}

export async function ask(
	index: IndexReader,
	question: string,
	options: AskOptions = {},
): Promise<AskResult> {
	const text = checkQuestion(question);
	// Whole-repository questions ("what are the main modules?") get the overview: no extra request.
	const overviewRoute = isOverviewQuestion(text, index.packages());
	if (overviewRoute.overview) {
		return overviewAsAnswer(index, overviewRoute, {
			...(options.llm ? { llm: options.llm } : {}),
			...(options.signal ? { signal: options.signal } : {}),
		});
	}
	const config: PipelineConfig = parsePipelineConfig(options.config ?? {});
	const llm = options.llm && options.llm.provider !== "none" ? options.llm : null;
	const timings: Record<string, number> = {};
	const started = performance.now();
	let mark = started;
	const lap = (stage: string) => {
		const now = performance.now();
		timings[stage] = (timings[stage] ?? 0) + Math.round(now - mark);
		mark = now;
	};
	const fallbacks: string[] = [];
	// After a provider fault (unreachable, timeout, refused, out of budget) later stages do not try
	// again: the question is answered offline from there on. Unusable output only costs its stage.
	let llmUsable = llm !== null;
	const fellBack = (stage: string, err: unknown) => {
		fallbacks.push(`${stage}: ${(err as Error).message ?? String(err)}`);
		if (err instanceof LlmError && err.code !== "malformed-output") llmUsable = false;
	};

	// Analyse.
	const nameWords = repositoryNameWords(index);
	const q = analyzeQuestion(text, nameWords);
	q.identifiers = routeKeysInIndex(
		q.identifiers,
		(key) => index.defsByName(key, 5).some((d) => d.kind === "dispatch-key"),
		() => index.trunkNames().flatMap((trunk) => index.dispatchSites(trunk).map((site) => site.key ?? "")),
	);
	const frequency = documentFrequency(index);
	weighConcepts(q.concepts, frequency.df, frequency.total);
	weighFileShares(index, q);
	// The question's own concepts (before any LLM search terms) decide whether it is about this code.
	const stats = conceptStats(q, frequency.df, frequency.total, bodyFiles(index));
	const namesRepo = namesRepository(text, nameWords);
	lap("analyze");

	// Route and seed offline: enough to tell whether the question is about this code at all. Nothing
	// distinctive of the question matching the best seeds means "I don't know" (abstain.ts), decided
	// here, before any LLM request and before any material is assembled.
	const offlineRoute: RouteResult = routeOffline(index, q, config);
	let route = offlineRoute;
	lap("route");
	let seeded = seed(index, q, route, config, outlineOf(index));
	const closest = bestSeeds(seeded, COVERAGE_DEFS);
	const covered = coverage(stats, closest);
	lap("seed");
	// A question that names a definition of the index literally (`afterMessageSave`, or "the Streamer
	// class" in an impact question) is about this code, and so is "how do I add a new X?" where the
	// code has a family of X (pattern/answer.ts), and "what is the convention for X?" where many
	// definitions use the same ones named for X (answer-convention.ts).
	const asked = q.intent === "impact" ? null : patternFamily(index, text);
	// A noun whose qualifiers no family carries ("OAuth service" among core services) is answered with
	// the family its head names, told first that none carries them (patternAnswer). That family still
	// makes the question one about this code: a qualifier the code never writes ("background" of
	// "background job") may describe every member.
	const pattern = asked?.kind === "unmet" ? asked.closest : asked;
	const convention = q.intent === "impact" || pattern ? null : findConvention(index, text);
	const namesCode =
		seeded.seeds.some((s) => s.named) ||
		pattern !== null ||
		convention !== null ||
		(q.intent === "impact" && impactTarget(index, q.identifiers, [], text) !== null);
	if (!namesCode && offTopic(covered, namesRepo)) {
		timings.total = Math.round(performance.now() - started);
		return abstention(index, text, { covered, closest, namesRepo, route, seeded, timings });
	}

	// Route (LLM call 1): the LLM's route keeps every section the offline route found (a core file
	// must not be lost here); its sections vote in the seeding, whose chains form as offline.
	if (llm && llmUsable) {
		try {
			const r = await llmRoute(llm, index, q, config, options.signal, {
				files: seeded.files.map((f) => f.file),
				sections: outlineOf(index),
			});
			route = fuseRoutes(r.route, offlineRoute, routeChains(config));
			if (r.searchTerms.length) extendQuery(q, r.searchTerms);
			lap("route");
			seeded = seed(index, q, route, config, outlineOf(index));
			lap("seed");
		} catch (err) {
			fellBack("route", err);
			lap("route");
		}
	}
	const relevanceCache = new Map<number, number>(seeded.relevance);
	const relevance = (def: DefRow) => {
		let r = relevanceCache.get(def.id);
		if (r === undefined) {
			r = lexicalScore(q, def).score;
			relevanceCache.set(def.id, r);
		}
		return r;
	};

	// Skeleton: one per chain.
	let skeletons: Skeleton[] = buildSkeletons(index, seeded, q.intent, relevance, config);
	lap("skeleton");

	// Select (LLM call 2, or all chains in score order). Keep a request for the answer, and keep the
	// three prompts within maxInputTokens: the answer's material and its frame are reserved first.
	let picks: string[] = [];
	// A pattern noun no family carries is said to the model as the offline answer says it.
	const note = asked?.kind === "unmet" ? unmetNote(asked) : null;
	// The answer prompt's frame (instructions, question, skeleton at its bound) in the model's tokens,
	// and what the printed material costs beyond the sum of its sources' counts.
	const frameTokens = llm && llmUsable ? answerFrameTokens(q.question, note) + MATERIAL_PRINT_SLACK : 0;
	if (llm && llmUsable && (llm.budget?.remaining ?? 3) >= 2) {
		try {
			const room = config.maxInputTokens - inputSpent(llm) - config.tokenBudget - frameTokens;
			const selected = await llmSelect(
				llm,
				q,
				skeletons,
				options.signal,
				Math.max(MIN_SELECT_TOKENS, room),
				index,
			);
			skeletons = selected.skeletons;
			picks = selected.picks;
		} catch (err) {
			fellBack("select", err);
		}
	} else if (llm && llmUsable) {
		fallbacks.push("select: skipped to keep a request for the answer");
	}
	lap("select");

	// Assemble the material (both modes): an impact question's complete listing first, then the
	// definitions along the chains. With an LLM, what the first two requests used comes off the budget.
	const tokenBudget =
		llm && llmUsable
			? Math.max(
					MIN_MATERIAL_TOKENS,
					Math.min(config.tokenBudget, config.maxInputTokens - inputSpent(llm) - frameTokens),
				)
			: config.tokenBudget;
	let impact: ImpactListing | null = null;
	const subject =
		q.intent === "impact"
			? impactTarget(
					index,
					q.identifiers,
					seeded.seeds.map((s) => s.def),
					text,
				)
			: null;
	if (subject)
		impact = impactListing(
			index,
			subject,
			Math.floor(tokenBudget * IMPACT_SHARE),
			undefined,
			llm && llmUsable ? countTokens : estimateTokens,
		);
	// The material (what the answer stage reads) and the offline answer's citation pool are one
	// assembly but for the signature map's reach (material/reach.ts MapReach): the pool keeps the
	// narrower map, so what the short answer cites does not move with the material.
	const materialIndex = memoIndex(index);
	const materialInput = { skeletons, picks, words: questionWords(q), relevance, impact };
	// A pattern question's material leads with the family its answer is made of (pattern/answer.ts);
	// the offline citation pool keeps the flows, which the pattern answer's closing places come from.
	const seededFiles = seeded.files.map((f) => f.file);
	// So does a convention question's, with the definitions most code uses for it.
	const familyDefs = pattern
		? patternMaterial(index, pattern, seededFiles)
		: convention
			? conventionDefinitions(convention)
			: [];
	const familyTitle = pattern
		? `existing ${pattern.subject}s`
		: convention
			? `${convention.subject.topic}, by use`
			: "";
	const familyInput =
		familyDefs.length > 0
			? {
					...materialInput,
					skeletons: [patternSkeleton(familyDefs, familyTitle), ...skeletons],
					// Read like the model's own picks: first, and whole where they are short enough.
					picks: [...familyDefs.map((d) => d.defId), ...picks],
					familyPicks: familyDefs.length,
				}
			: materialInput;
	// The citation pool first: the path the short answer tells through it leads the material's join lines.
	const pool = assembleMaterial(
		materialIndex,
		materialInput,
		{ ...config, tokenBudget },
		estimateTokens,
		CITATION_REACH,
	);
	// Caller sites are context for the model (who starts the flow), not what an offline answer cites.
	const cited = pool.sources.filter((r) => r.role !== "caller");
	const ranking = rankCitations(index, cited, seeded.files, config);
	// The short answer's path search, run once: the join lines read its steps, the short answer tells them.
	const concepts = q.intent === "impact" ? undefined : conceptVector(q);
	let searched: AnswerPaths | undefined;
	const paths = () => {
		searched ??= answerPaths(index, ranking, concepts);
		return searched;
	};
	// Offline only (with a model the material's join lines are off), and only when it is measured.
	const pathDefs = new Set(
		!(llm && llmUsable) && options.measureMaterial !== false ? answerPathDefs(paths()).map((d) => d.id) : [],
	);
	// Offline, nothing reads the material but the trace: skipped when the caller does not measure it.
	const material: Material | null =
		(llm && llmUsable) || options.measureMaterial !== false
			? assembleMaterial(
					materialIndex,
					{ ...familyInput, pathDefs },
					{ ...config, tokenBudget },
					// A model reads it: its budget counts real tokens (chars/4 undercounts code by ~7–18%).
					llm && llmUsable ? countTokens : estimateTokens,
					MATERIAL_REACH,
				)
			: null;
	// What the answer stage drew from: the material, or (offline, unmeasured) the citation pool.
	const read = (material ?? pool).sources;
	lap("read");

	// Answer (LLM call 3, or extractive).
	let provider: AskResult["provider"] = "none";
	let abstained = false;
	let draft =
		options.detail === "full"
			? withImpactSites(
					offlineAnswer(
						text,
						skeletons,
						cited,
						config,
						ranking,
						neighbourFinder(index, config.hotFanIn),
						new Labels(index),
					),
					index,
					impact,
				)
			: // An impact question that names its subject gets its impact listing told (impact/answer.ts);
				// else its words besides the name it asks about are its template ("changed", "affected"):
				// its path is what the name reaches, not a chain covering those words.
				(subject &&
					impact &&
					impactTarget(index, q.identifiers, [], text) &&
					impactAnswer(index, text, subject, impact, ranking.order)) ||
				// "How do I add a new X?": the shape the existing Xs share (pattern/answer.ts), when the code has a family of X.
				(asked && patternAnswer(index, text, asked, ranking.order, seededFiles)) ||
				// "What is the convention for X?": the definitions named for X that the most code uses.
				(convention && conventionAnswer(index, text, convention)) ||
				shortAnswer(
					index,
					text,
					cited,
					ranking,
					concepts,
					{ contractBesideImplementation: config.contractBesideImplementation },
					searched,
				);
	if (llm && llmUsable && material) {
		try {
			// The model's sources in the citation ranking's order of the material it reads.
			const readRanking = rankCitations(
				index,
				read.filter((r) => r.role !== "caller"),
				seeded.files,
				config,
			);
			draft = await llmAnswer(llm, q, skeletons, material, config, options.signal, readRanking, note);
			provider = llm.provider;
		} catch (err) {
			fellBack("answer", err);
		}
	}
	lap("answer");

	// Verify, then append the sources list of verified citations only.
	let verified = verifyAnswer(index, draft.body, draft.drafts);
	// An LLM answer whose verified sources do not cover the question is no answer either.
	// The material passed the topic check before any request; an answer resting on several of its
	// verified sources is an answer, and one resting on none or on a couple of unrelated ones is not.
	if (
		provider !== "none" &&
		verified.citations.length < MIN_ANSWER_SOURCES &&
		!sourcesCover(
			coverage(
				stats,
				verified.citations.map((c) => ({ qualifiedName: c.symbol, file: c.file })),
			),
		)
	) {
		abstained = true;
		fallbacks.push("answer: its sources do not cover the question");
	}
	if (abstained) {
		verified = {
			answer: abstentionAnswer(text, covered, closest),
			citations: [],
			dropped: 0,
		};
	} else if (draft.labels) {
		// Handlers read as a developer names them: after verification, which reads the names as drafted.
		verified = { ...verified, answer: draft.labels.apply(verified.answer) };
	}
	// The short form is one chat message: bold labels, no headings.
	const sources = renderSources(
		verified.citations,
		options.detail === "full" ? "### Sources" : "**Sources**",
		(c) => sourceLabel(index, c.file, c.symbol),
	);
	const answer = sources ? `${verified.answer}\n\n${sources}\n` : `${verified.answer}\n`;
	lap("verify");
	timings.total = Math.round(performance.now() - started);

	const records: readonly LlmRequestRecord[] = llm?.budget?.records ?? [];
	const billed = records.filter((r) => r.billed);
	const trace: AskTrace = {
		abstention: { covered: covered.covered, absent: covered.absent, namesRepository: namesRepo },
		...seedTrace(route, seeded),
		ranking: {
			fused: seeded.files.slice(0, TRACE_FILES).map((f) => f.file),
			cited: [...new Set(ranking.order.map((d) => d.file ?? ""))].filter(Boolean).slice(0, TRACE_FILES),
		},
		skeleton: skeletons.map((sk) => ({ chain: sk.chain.id, defIds: sk.nodes.map((n) => n.def.defId) })),
		candidates: candidateTrace(seeded),
		held: heldTrace(read, impact?.listed ?? []),
		read: [
			...read.map((r) => r.range),
			...(impact?.listed ?? []).map((s) => ({
				file: s.file,
				startLine: s.line,
				endLine: s.line,
				defId: null,
			})),
		],
		...(material && {
			material: {
				tokens: material.tokens,
				budget: material.budget,
				sources: read.length,
				roles: countBy(read.map((r) => r.role)),
				impact: impact
					? { target: impact.target, sites: impact.sites, files: impact.files, testSites: impact.testSites }
					: null,
			},
		}),
		requests: records.map((r) => ({
			stage: r.stage,
			tokensIn: r.tokensIn,
			tokensOut: r.tokensOut,
			ms: r.ms,
			ok: r.ok,
		})),
	};
	return {
		answer,
		citations: verified.citations,
		chains: skeletons.map(toWireChain),
		usage: {
			requests: billed.length,
			tokensIn: records.reduce((n, r) => n + r.tokensIn, 0),
			tokensOut: records.reduce((n, r) => n + r.tokensOut, 0),
		},
		indexCommit: index.meta().commit,
		timings,
		provider,
		fallbackReason: llm ? (fallbacks.length ? fallbacks.join("; ") : null) : null,
		droppedCitations: verified.dropped,
		abstained,
		trace,
	};
}

/** The full answer to an impact question ends with every site its short answer counts. */
function withImpactSites(draft: DraftAnswer, index: IndexReader, impact: ImpactListing | null): DraftAnswer {
	const section = impact ? impactSitesSection(index, impact) : [];
	return section.length ? { ...draft, body: `${draft.body}\n\n${section.join("\n")}` } : draft;
}

/**
 * The best-scored seeds: what the abstention test checks the question's concepts against, and names
 * as the closest matches. A file's top-level code (a module seed) has no name to match or to show.
 */
function bestSeeds(seeded: SeedResult, n: number): DefRow[] {
	return seeded.seeds
		.filter((s) => s.def.kind !== "module")
		.sort((a, b) => b.score - a.score)
		.slice(0, n)
		.map((s) => s.def);
}

/** "I don't know", decided before the skeleton, any LLM request and the material: a cheap answer. */
function abstention(
	index: IndexReader,
	question: string,
	seen: {
		covered: Coverage;
		closest: readonly DefRow[];
		namesRepo: boolean;
		route: RouteResult;
		seeded: SeedResult;
		timings: Record<string, number>;
	},
): AskResult {
	const { covered, route, seeded } = seen;
	return {
		answer: `${abstentionAnswer(question, covered, seen.closest)}\n`,
		citations: [],
		chains: [],
		usage: { requests: 0, tokensIn: 0, tokensOut: 0 },
		indexCommit: index.meta().commit,
		timings: seen.timings,
		provider: "none",
		fallbackReason: null,
		droppedCitations: 0,
		abstained: true,
		trace: {
			abstention: { covered: covered.covered, absent: covered.absent, namesRepository: seen.namesRepo },
			...seedTrace(route, seeded),
			candidates: candidateTrace(seeded),
			skeleton: [],
			held: [],
			read: [],
			material: { tokens: 0, budget: 0, sources: 0, roles: {}, impact: null },
			requests: [],
		},
	};
}

/** What the route and seed stages kept, for the trace. */
function seedTrace(route: RouteResult, seeded: SeedResult): Pick<AskTrace, "routedSections" | "seeds"> {
	return {
		routedSections: route.sections.map((s) => ({
			sectionId: s.section.sectionId,
			score: s.score,
			chain: s.chain,
		})),
		seeds: seeded.seeds.map((s) => ({
			defId: s.def.defId,
			file: s.def.file ?? "",
			score: s.score,
			chain: s.chain,
		})),
	};
}

/** Files of the fused and citation rankings the trace lists. */
const TRACE_FILES = 40;

/**
 * The printed material runs over the sum of its sources' counts (their joins and the map's file lines
 * tokenize a little differently): 16,000 counted printed as up to 16,233 real tokens with both
 * headings (session 38, tok38), which took one question's three prompts to 30,044. Kept free.
 */
const MATERIAL_PRINT_SLACK = 250;
/** Floors, so a long route prompt cannot starve the later stages entirely. */
const MIN_SELECT_TOKENS = 1_500;
const MIN_MATERIAL_TOKENS = 2_000;
/** Share of the material an impact question's listing of every use may take. */
const IMPACT_SHARE = 0.4;

/** Input tokens the question's LLM requests have used so far (the provider's counts). */
function inputSpent(llm: { budget?: { records: readonly LlmRequestRecord[] } }): number {
	return (llm.budget?.records ?? []).reduce((n, r) => n + r.tokensIn, 0);
}

/** The question's own words and their stems, lower case: lines holding them are worth reading. */

function countBy(items: readonly string[]): Record<string, number> {
	const out: Record<string, number> = {};
	for (const i of items) out[i] = (out[i] ?? 0) + 1;
	return out;
}

/** Search terms suggested by the LLM become extra concepts (at a lower weight than the question's own). */
function extendQuery(q: QueryAnalysis, terms: readonly string[]): void {
	const extra = analyzeQuestion(terms.join(" "));
	const known = new Set(q.concepts.flatMap((c) => c.stems));
	for (const c of extra.concepts) {
		if (c.stems.some((s) => known.has(s))) continue;
		q.concepts.push({ ...c, weight: 0.5 });
	}
	q.searchWords = [...new Set([...q.searchWords, ...extra.searchWords])];
	q.identifiers = [...new Set([...q.identifiers, ...extra.identifiers])];
}

function toWireChain(sk: Skeleton): Chain {
	const defIdOf = new Map(sk.nodes.map((n) => [n.def.id, n.def.defId]));
	return {
		id: sk.chain.id,
		title: sk.chain.title,
		direction: sk.direction,
		hops: sk.nodes.map((n) => ({
			defId: n.def.defId,
			kind: n.def.kind,
			file: n.def.file,
			startLine: n.def.startLine,
			endLine: n.def.endLine,
			via: n.via === "seed" ? null : n.via,
			depth: n.depth,
			from: n.from === null ? null : (defIdOf.get(n.from) ?? null),
		})),
	};
}

/** Outline sections per open index (they do not change while an index is open). */
const outlineCache = new WeakMap<IndexReader, OutlineSectionRow[]>();
function outlineOf(index: IndexReader): OutlineSectionRow[] {
	let sections = outlineCache.get(index);
	if (!sections) {
		sections = index.outlineSections();
		outlineCache.set(index, sections);
	}
	return sections;
}

/** The family of a pattern question (or a convention's definitions) as a chain of seeds, read before the flows (material only). */
function patternSkeleton(defs: readonly DefRow[], title: string): Skeleton {
	return {
		chain: { id: "pattern", title, paths: [], score: 1 },
		direction: "downstream",
		nodes: defs.map((def) => ({ def, depth: 0, via: "seed", from: null, nodeClass: "major", relevance: 1 })),
	};
}
