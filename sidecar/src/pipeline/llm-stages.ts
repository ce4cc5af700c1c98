/**
 * The three LLM stages (route, select, answer). Each builds its prompt with a pure builder from
 * prompts/, sends exactly one request through the LlmClient (which owns retries, JSON repair and
 * the per-question budget), validates the output, and throws on anything unusable so that
 * ask.ts falls back to the offline version of that stage.
 */
import { shownScopedKey } from "../bus-key.js";
import { defIdName } from "../index/def-id.js";
import type { IndexReader } from "../index/reader.js";
import type { OutlineSectionRow } from "../index/types.js";
import { countTokens } from "../llm/token-count.js";
import type { LlmClient } from "../llm/types.js";
import { buildAnswerPrompt } from "../prompts/answer.js";
import { buildRoutePrompt, ROUTE_MAX_CHAINS, routeOutputSchema } from "../prompts/route.js";
import { buildSelectPrompt, type SelectPromptChain, selectOutputSchema } from "../prompts/select.js";
import { CitationBook, type DraftAnswer } from "./citation-book.js";
import type { PipelineConfig } from "./config.js";
import { type LookalikeIndex, lookalikes } from "./lookalikes.js";
import type { Material, MaterialSource } from "./material/types.js";
import { type QueryAnalysis, questionWords } from "./query.js";
import type { CitationRanking } from "./rank.js";
import { groupIntoChains, type RouteResult, scoreSections } from "./route.js";
import { homeFinder } from "./seed.js";
import { foldSelectChains } from "./select-fold.js";
import type { Skeleton } from "./skeleton.js";

/** Candidate sections shown to the LLM (the offline ranking's best). */
const ROUTE_CANDIDATES = 30;
/**
 * The offline seeding's best files whose outline sections join the candidates. Scored by their
 * names, the candidates of a large monorepo are folders named after the question's words (a
 * feature's UI folders), while the files its definitions match best often sit in folders named
 * otherwise (a shared `lib` or `services` folder): the model could not route there. Of 5 to 40
 * files, 15 put the most gold chain files inside a candidate on the Rocket.Chat dev set (0.601 ->
 * 0.730) and none fewer on the other dev sets (benchmarks/answers.md run 15 — material).
 */
const SEEDED_FILES = 15;
/**
 * The best sections by name lead the list, the seeding's sections alternate with the rest: a
 * model that reads only the head of the list routes as before (the stand-in model, which takes
 * the first 5, lost a line on Excalidraw when the seeding's sections were interleaved from the top).
 */
const SCORED_LEAD = 5;

/** What the offline stages found before the route request: the fused file ranking and the outline. */
export interface RouteHints {
	files: readonly string[];
	sections: readonly OutlineSectionRow[];
}

/**
 * The route's candidates: the best sections scored by name, then the rest of them alternating with
 * the home sections (the deepest holding them) of the offline seeding's best files, best first,
 * each once, at most `max`.
 */
export function routeCandidates<T extends { section: OutlineSectionRow }>(
	scored: readonly T[],
	hints: RouteHints | undefined,
	max = ROUTE_CANDIDATES,
): { section: OutlineSectionRow }[] {
	const seeded: { section: OutlineSectionRow }[] = [];
	if (hints) {
		const home = homeFinder(hints.sections);
		const byPath = new Map(hints.sections.map((s) => [s.path, s]));
		for (const file of hints.files.slice(0, SEEDED_FILES)) {
			const section = byPath.get(home(file).path);
			if (section && !seeded.some((x) => x.section.sectionId === section.sectionId)) seeded.push({ section });
		}
	}
	const out: { section: OutlineSectionRow }[] = [];
	const push = (c: { section: OutlineSectionRow } | undefined) => {
		if (!c || out.length >= max || out.some((x) => x.section.sectionId === c.section.sectionId)) return;
		out.push({ section: c.section });
	};
	scored.slice(0, SCORED_LEAD).forEach(push);
	for (let i = 0; out.length < max && (i < scored.length || i < seeded.length); i++) {
		push(seeded[i]);
		push(scored[SCORED_LEAD + i]);
	}
	return out;
}

export async function llmRoute(
	llm: LlmClient,
	index: Pick<IndexReader, "searchOutline">,
	q: QueryAnalysis,
	config: PipelineConfig,
	signal?: AbortSignal,
	hints?: RouteHints,
): Promise<{ route: RouteResult; searchTerms: string[] }> {
	const candidates = routeCandidates(scoreSections(index, q), hints);
	if (candidates.length === 0) throw new Error("no outline section matches the question");
	const { system, prompt } = buildRoutePrompt(
		q.question,
		candidates.map(({ section }) => ({
			id: section.sectionId,
			title: section.title,
			path: section.path,
			summary: section.summary,
			symbols: section.topSymbols.map(defIdName),
			keys: section.keys.map((k) => `${k.trunk}:${shownScopedKey(k.key)}`),
		})),
		routeChains(config),
	);
	const { value } = await llm.generateJson({
		stage: "route",
		system,
		prompt,
		schema: routeOutputSchema,
		temperature: 0,
		...(signal ? { signal } : {}),
	});
	const byId = new Map(candidates.map((c) => [c.section.sectionId, c]));
	// Keep the LLM's grouping and order; a section id it made up is ignored.
	const ordered: { section: (typeof candidates)[number]["section"]; score: number }[] = [];
	const titles = new Map<string, string>();
	let rank = 0;
	for (const chain of value.chains) {
		for (const id of chain.sectionIds) {
			const c = byId.get(id);
			if (!c || ordered.some((o) => o.section.sectionId === id)) continue;
			if (!titles.size || !titles.has(id)) titles.set(id, chain.title);
			ordered.push({ section: c.section, score: 1 / (1 + rank++) });
		}
	}
	if (ordered.length === 0) throw new Error("the route answer named no known section");
	// The route ranks, it does not confine: its sections (fused with the offline route's) vote for
	// their files in the seeding, and the chains form from the fused ranking as offline. Chains fixed
	// to the route held only seeds inside its folders, so a file the offline route reads could be
	// lost (benchmarks/answers.md, run 11 — material: route/seed misses RC 77 -> 50 lines).
	return {
		route: {
			...groupIntoChains(ordered.slice(0, config.routeSections), routeChains(config), titles),
			fixed: false,
		},
		searchTerms: value.searchTerms,
	};
}

/** Chains the LLM route may form: one is kept for strong matches outside them, and the schema's bound holds. */
export function routeChains(config: Pick<PipelineConfig, "maxChains">): number {
	return Math.max(1, Math.min(config.maxChains - 1, ROUTE_MAX_CHAINS));
}

/**
 * Keep the select prompt within `maxTokens`, counted as the model reads it (the whole prompt, in
 * o200k tokens: session 38): the deepest hops go first (a chain's seeds and first hops are what the
 * model chooses among), whole chains last.
 */
export function fitSelectChains(
	question: string,
	chains: SelectPromptChain[],
	maxTokens: number,
): SelectPromptChain[] {
	const size = (cs: SelectPromptChain[]) => {
		const { system, prompt } = buildSelectPrompt(question, cs);
		return countTokens(system) + countTokens(prompt);
	};
	const out = chains.map((c) => ({ ...c, hops: [...c.hops] }));
	for (let depth = 8; depth >= 1 && size(out) > maxTokens; depth--) {
		for (const c of out) c.hops = c.hops.filter((h) => h.depth < depth);
	}
	while (out.length > 1 && size(out) > maxTokens) out.pop();
	const first = out[0];
	while (first && first.hops.length > 1 && size(out) > maxTokens) first.hops.pop();
	return out;
}

export async function llmSelect(
	llm: LlmClient,
	q: QueryAnalysis,
	skeletons: readonly Skeleton[],
	signal?: AbortSignal,
	maxPromptTokens = Number.MAX_SAFE_INTEGER,
	index?: LookalikeIndex,
): Promise<{ skeletons: Skeleton[]; picks: string[] }> {
	const refs = new Map<string, { chain: string; defId: string }>();
	let i = 0;
	const chains = skeletons.map((sk) => ({
		id: sk.chain.id,
		title: sk.chain.title,
		direction: sk.direction,
		hops: sk.nodes.map((n) => {
			const ref = `n${++i}`;
			refs.set(ref, { chain: sk.chain.id, defId: n.def.defId });
			const handlers = n.handlers?.length
				? ` → handlers: ${n.handlers.map((h) => h.qualifiedName).join(", ")}`
				: "";
			return {
				ref,
				depth: n.depth,
				label: `${n.def.qualifiedName} [${n.def.kind}]${n.def.file ? ` (${n.def.file})` : ""}${handlers}`,
				def: n.def,
				relevance: n.relevance,
			};
		}),
	}));
	// A plug-in family or a definition's near-identical versions are listed by a few members.
	const folded = index
		? foldSelectChains(chains, lookalikes(index), questionWords(q))
		: { chains, aliases: new Map<string, string>() };
	const { system, prompt } = buildSelectPrompt(
		q.question,
		fitSelectChains(q.question, folded.chains, maxPromptTokens),
	);
	const { value } = await llm.generateJson({
		stage: "select",
		system,
		prompt,
		schema: selectOutputSchema,
		temperature: 0,
		...(signal ? { signal } : {}),
	});
	const chosen = value.chains.filter((id) => skeletons.some((s) => s.chain.id === id));
	if (chosen.length === 0) throw new Error("the select answer named no known chain");
	const refOf = (r: string) => {
		const name = r.trim().replace(/\(\)$/, "");
		return refs.has(name) ? name : (folded.aliases.get(name) ?? name);
	};
	const picks = [
		...new Set(value.nodes.map((r) => refs.get(refOf(r))?.defId).filter((d): d is string => !!d)),
	];
	const priority = new Set(picks);
	// Chosen chains first, in the LLM's order; chosen nodes read first within a chain; the picks
	// lead the material. Chains it did not choose follow (the budget decides how much of them is
	// read): a chain the model passed over can still hold the file the offline answer would read.
	const order = [...new Set([...chosen, ...skeletons.map((s) => s.chain.id)])];
	const ordered = order.map((id) => {
		const sk = skeletons.find((s) => s.chain.id === id) as Skeleton;
		return {
			...sk,
			nodes: [...sk.nodes].sort(
				(a, b) => Number(priority.has(b.def.defId)) - Number(priority.has(a.def.defId)),
			),
		};
	});
	return { skeletons: ordered, picks };
}

export async function llmAnswer(
	llm: LlmClient,
	q: QueryAnalysis,
	skeletons: readonly Skeleton[],
	material: Material,
	config: PipelineConfig,
	signal?: AbortSignal,
	ranking?: CitationRanking,
	note: string | null = null,
): Promise<DraftAnswer> {
	if (material.sources.length === 0 && !material.impact) throw new Error("nothing was read to answer from");
	const book = new CitationBook(Number.MAX_SAFE_INTEGER);
	const sources = promptOrder(material.sources, ranking).map((r) => {
		const marker = citeSource(book, r);
		return {
			n: marker ? Number(marker.slice(1, -1)) : 0,
			file: r.range.file,
			startLine: r.range.startLine,
			endLine: r.range.endLine,
			label: r.label,
			role: r.role,
			unit: r.unit,
			text: r.text,
		};
	});
	const { system, prompt } = buildAnswerPrompt(
		q.question,
		skeletonText(skeletons, material),
		sources,
		material.impact?.text ?? null,
		note,
	);
	const { text } = await llm.generateText({
		stage: "answer",
		system,
		prompt,
		maxOutputTokens: config.answerMaxOutputTokens,
		temperature: 0.2,
		...(signal ? { signal } : {}),
	});
	if (!text.trim()) throw new Error("the answer was empty");
	return { body: text.trim(), drafts: book.drafts };
}

/** Tokens of the skeleton shown in the answer prompt at most (the material carries the code). */
const SKELETON_TOKENS = 1_200;

/**
 * What the answer prompt costs besides its material (counted with the material's own budget): the
 * instructions, the question, the section headings, the note and the skeleton at its bound, in
 * real tokens. A fixed 2,600 estimated it before (session 38: the real frame is ~1,700).
 */
export function answerFrameTokens(question: string, note: string | null): number {
	// One empty signature entry, so the map's heading is counted too.
	const { system, prompt } = buildAnswerPrompt(question, "", [FRAME_ENTRY], null, note);
	return countTokens(system) + countTokens(prompt) + SKELETON_TOKENS;
}

const FRAME_ENTRY = {
	n: 0,
	file: "",
	startLine: 1,
	endLine: 1,
	label: "",
	role: "neighbour",
	unit: "signature",
	text: "",
} as const;

/**
 * The chains' hops that the material reads, and the keys between them, indented by depth; bounded
 * to `SKELETON_TOKENS` of the model's (o200k) tokens.
 */
export function skeletonText(skeletons: readonly Skeleton[], material: Material): string {
	const read = new Set(material.sources.filter((s) => s.unit !== "signature").map((s) => s.node.def.id));
	const lines: string[] = [];
	let tokens = 0;
	for (const sk of skeletons) {
		const nodes = sk.nodes.filter(
			(n) => read.has(n.def.id) || (n.def.kind === "dispatch-key" && n.handlers?.length),
		);
		if (!nodes.length) continue;
		const chunk = [
			`${sk.chain.id} ${sk.chain.title} (${sk.direction})`,
			...nodes.map((n) => {
				const handlers = n.handlers?.length
					? ` → handlers: ${n.handlers.map((h) => h.qualifiedName).join(", ")}`
					: "";
				return `${"  ".repeat(Math.min(n.depth, 6))}${n.def.qualifiedName} [${n.via}]${handlers}`;
			}),
			"",
		];
		for (const l of chunk) {
			tokens += countTokens(l) + countTokens.lineBreak;
			if (tokens > SKELETON_TOKENS) return [...lines, "…"].join("\n");
			lines.push(l);
		}
	}
	return lines.join("\n");
}

/**
 * A source's citation marker: a whole definition or its signature is cited as the definition; a
 * map line inside a body, a slice or a module-level block as its own range (several slices of one definition are several
 * sources). A header comment names no symbol a citation could be checked against: context only.
 */
export function citeSource(book: CitationBook, s: MaterialSource): string {
	const def = s.node.def;
	// A map line inside a body is cited as its own line: the model cites the call it read.
	if (s.statement) return book.citeRange(s.range.file, s.range.startLine, s.range.endLine, def.qualifiedName);
	if (s.unit === "whole" || s.unit === "signature") return book.cite(def, s.range);
	if (def.kind === "module") {
		const symbol = moduleSymbol(s.label);
		return symbol ? book.citeRange(s.range.file, s.range.startLine, s.range.endLine, symbol) : "";
	}
	return book.citeRange(s.range.file, s.range.startLine, s.range.endLine, def.qualifiedName);
}

/** The callee a module-level block is cited for (`callbacks.add`), from its label; null for a header or config. */
function moduleSymbol(label: string): string | null {
	const m = /^module-level (?:register|startup): ([\w$.]+)\(/.exec(label);
	if (m) return m[1] ?? null;
	const env = /^module-level env: ([\w$]+)/.exec(label);
	return env?.[1] ?? null;
}

/**
 * Sources in prompt order: the LLM's select picks first (in its order), then the rest by the
 * citation ranking (so [1] after the picks is the best source), module-level blocks after the
 * definitions of their file's rank, signatures last.
 */
export function promptOrder(sources: readonly MaterialSource[], ranking?: CitationRanking): MaterialSource[] {
	const picks = sources.filter((s) => s.role === "pick" && s.unit !== "signature");
	const rest = sources.filter((s) => s.role !== "pick" && s.unit !== "signature");
	const signatures = sources.filter((s) => s.unit === "signature");
	return [...picks, ...byRelevance(rest, ranking), ...signatures];
}

/**
 * The bodies read, most relevant first (the citation ranking's order), so the model meets the
 * code that answers the question before the hops around it, and [1] is the best source.
 * Entry-file heads (context, not citable) go last.
 */
export function byRelevance<T extends MaterialSource>(read: readonly T[], ranking?: CitationRanking): T[] {
	if (!ranking) return [...read];
	const position = new Map(ranking.order.map((d, i) => [d.id, i]));
	const fileAt = new Map<string, number>();
	ranking.order.forEach((d, i) => {
		if (d.file && !fileAt.has(d.file)) fileAt.set(d.file, i);
	});
	// A module-level block sits with its file's best definition.
	const at = (r: T) =>
		position.get(r.node.def.id) ??
		(r.node.def.kind === "module"
			? (fileAt.get(r.range.file) ?? Number.MAX_SAFE_INTEGER) + 0.5
			: Number.MAX_SAFE_INTEGER);
	return read
		.map((r, i) => ({ r, i }))
		.sort((a, b) => at(a.r) - at(b.r) || a.i - b.i)
		.map(({ r }) => r);
}
