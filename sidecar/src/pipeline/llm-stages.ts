/**
 * The three LLM stages (route, select, answer). Each builds its prompt with a pure builder from
 * prompts/, sends exactly one request through the LlmClient (which owns retries, JSON repair and
 * the per-question budget), validates the output, and throws on anything unusable so that
 * ask.ts falls back to the offline version of that stage.
 */
import type { IndexReader } from "../index/reader.js";
import type { LlmClient } from "../llm/types.js";
import { buildAnswerPrompt } from "../prompts/answer.js";
import { buildRoutePrompt, routeOutputSchema } from "../prompts/route.js";
import { buildSelectPrompt, selectOutputSchema } from "../prompts/select.js";
import { CitationBook, type DraftAnswer } from "./answer-offline.js";
import type { PipelineConfig } from "./config.js";
import type { QueryAnalysis } from "./query.js";
import type { CitationRanking } from "./rank.js";
import type { ReadItem } from "./read.js";
import { groupIntoChains, type RouteResult, scoreSections } from "./route.js";
import type { Skeleton } from "./skeleton.js";

/** Candidate sections shown to the LLM (the offline ranking's best). */
const ROUTE_CANDIDATES = 30;

export async function llmRoute(
	llm: LlmClient,
	index: Pick<IndexReader, "searchOutline">,
	q: QueryAnalysis,
	config: PipelineConfig,
	signal?: AbortSignal,
): Promise<{ route: RouteResult; searchTerms: string[] }> {
	const candidates = scoreSections(index, q).slice(0, ROUTE_CANDIDATES);
	if (candidates.length === 0) throw new Error("no outline section matches the question");
	const { system, prompt } = buildRoutePrompt(
		q.question,
		candidates.map(({ section }) => ({
			id: section.sectionId,
			title: section.title,
			path: section.path,
			summary: section.summary,
			symbols: section.topSymbols.map((s) => s.split("#").pop() ?? s),
			keys: section.keys.map((k) => `${k.trunk}:${k.key}`),
		})),
		Math.max(1, config.maxChains - 1),
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
	return {
		route: {
			...groupIntoChains(ordered.slice(0, config.routeSections), Math.max(1, config.maxChains - 1), titles),
			fixed: true,
		},
		searchTerms: value.searchTerms,
	};
}

export async function llmSelect(
	llm: LlmClient,
	q: QueryAnalysis,
	skeletons: readonly Skeleton[],
	signal?: AbortSignal,
): Promise<Skeleton[]> {
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
			};
		}),
	}));
	const { system, prompt } = buildSelectPrompt(q.question, chains);
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
	const priority = new Set(value.nodes.map((r) => refs.get(r)?.defId).filter((d): d is string => !!d));
	// Chosen chains first, in the LLM's order; chosen nodes read first within a chain (depth 0 stands for "first").
	return chosen.map((id) => {
		const sk = skeletons.find((s) => s.chain.id === id) as Skeleton;
		return {
			...sk,
			nodes: [...sk.nodes].sort(
				(a, b) => Number(priority.has(b.def.defId)) - Number(priority.has(a.def.defId)),
			),
		};
	});
}

export async function llmAnswer(
	llm: LlmClient,
	q: QueryAnalysis,
	skeletons: readonly Skeleton[],
	read: readonly ReadItem[],
	config: PipelineConfig,
	signal?: AbortSignal,
	ranking?: CitationRanking,
): Promise<DraftAnswer> {
	if (read.length === 0) throw new Error("nothing was read to answer from");
	const book = new CitationBook(Number.MAX_SAFE_INTEGER);
	const sources = byRelevance(read, ranking).map((r) => {
		// Entry-file heads are context: a module has no symbol a citation could be checked against.
		const marker = r.node.def.kind === "module" ? "[0]" : book.cite(r.node.def, r.range);
		return {
			n: Number(marker.slice(1, -1)),
			file: r.range.file,
			startLine: r.range.startLine,
			endLine: r.range.endLine,
			symbol: r.node.def.qualifiedName,
			text: r.text,
		};
	});
	const skeletonText = skeletons
		.map((sk) =>
			[
				`${sk.chain.id} ${sk.chain.title} (${sk.direction})`,
				...sk.nodes.map((n) => {
					const handlers = n.handlers?.length
						? ` → handlers: ${n.handlers.map((h) => h.qualifiedName).join(", ")}`
						: "";
					return `${"  ".repeat(Math.min(n.depth, 6))}${n.def.qualifiedName} [${n.via}]${handlers}`;
				}),
			].join("\n"),
		)
		.join("\n\n");
	const { system, prompt } = buildAnswerPrompt(q.question, skeletonText, sources);
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

/**
 * The bodies read, most relevant first (the citation ranking's order), so the model meets the
 * code that answers the question before the hops around it, and [1] is the best source.
 * Entry-file heads (context, not citable) go last.
 */
export function byRelevance(read: readonly ReadItem[], ranking?: CitationRanking): ReadItem[] {
	if (!ranking) return [...read];
	const position = new Map(ranking.order.map((d, i) => [d.id, i]));
	const at = (r: ReadItem) => position.get(r.node.def.id) ?? Number.MAX_SAFE_INTEGER;
	return read
		.map((r, i) => ({ r, i }))
		.sort((a, b) => at(a.r) - at(b.r) || a.i - b.i)
		.map(({ r }) => r);
}
