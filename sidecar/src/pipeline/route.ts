/**
 * Route: pick the outline sections a question is about and group them into topic chains.
 * Offline scoring: full-text rank over the outline fused with concept coverage of the section's
 * path, title, symbols and summary; nested sections join one chain.
 */
import { defIdName } from "../index/def-id.js";
import type { IndexReader } from "../index/reader.js";
import type { OutlineSectionRow } from "../index/types.js";
import { isAuxiliaryPath } from "./auxiliary-code.js";
import type { PipelineConfig } from "./config.js";
import { scoreUnit, wordStems } from "./match.js";
import type { QueryAnalysis } from "./query.js";

export interface RoutedSection {
	section: OutlineSectionRow;
	score: number;
	chain: string;
}

export interface TopicChain {
	id: string;
	title: string;
	/** Folders of the chain's sections: a definition below one of them belongs to this chain. */
	paths: string[];
	score: number;
}

export interface RouteResult {
	sections: RoutedSection[];
	chains: TopicChain[];
	/** The chains are the router's decision (LLM); otherwise seeding forms chains from its own ranking. */
	fixed: boolean;
}

export type RouteIndex = Pick<IndexReader, "searchOutline">;

/** Score candidate sections for the question (best first), without grouping. */
export function scoreSections(
	index: RouteIndex,
	q: QueryAnalysis,
	limit = 60,
): { section: OutlineSectionRow; score: number }[] {
	const hits = index.searchOutline(q.searchWords, limit);
	const maxBm25 = Math.max(1e-9, ...hits.map((h) => h.score));
	return hits
		.map(({ section, score }) => {
			const segs = section.path.split("/");
			const last = segs.at(-1) ?? "";
			const lexical = scoreUnit(q, [
				{ stems: wordStems(last), factor: 1.2 },
				{ stems: wordStems(segs.slice(-3, -1).join(" ")), factor: 0.8 },
				{ stems: wordStems(section.title), factor: 0.7 },
				{ stems: wordStems(section.topSymbols.map(defIdName).join(" ")), factor: 0.5 },
				{ stems: wordStems(section.summary), factor: 0.3 },
				{ stems: wordStems(segs.slice(0, -3).join(" ")), factor: 0.3 },
			]);
			let s = lexical.score + 0.5 * (score / maxBm25);
			if (section.kind === "package") s *= 0.85;
			if (isAuxiliaryPath(`${section.path}/`)) s *= 0.2;
			return { section, score: s };
		})
		.sort((a, b) => b.score - a.score);
}

/** Offline route: the best sections, grouped so that nested folders share one chain. */
export function routeOffline(index: RouteIndex, q: QueryAnalysis, config: PipelineConfig): RouteResult {
	const ranked = scoreSections(index, q).slice(0, config.routeSections);
	return { ...groupIntoChains(ranked, config.routeSections), fixed: false };
}

/** Group sections into at most `maxChains` chains; a section inside (or around) a chain's folder joins it. */
export function groupIntoChains(
	ranked: readonly { section: OutlineSectionRow; score: number }[],
	maxChains: number,
	titles?: ReadonlyMap<string, string>,
): Omit<RouteResult, "fixed"> {
	const chains: TopicChain[] = [];
	const sections: RoutedSection[] = [];
	const related = (a: string, b: string) =>
		a === b || a.startsWith(`${b}/`) || b.startsWith(`${a}/`) || a === "" || b === "";
	for (const { section, score } of ranked) {
		let chain = chains.find((c) =>
			c.paths.some((p) => related(p, section.path) && p !== "" && section.path !== ""),
		);
		if (!chain) {
			if (chains.length >= maxChains) continue;
			chain = {
				id: `c${chains.length + 1}`,
				title: titles?.get(section.sectionId) ?? section.title,
				paths: [],
				score,
			};
			chains.push(chain);
		}
		chain.paths.push(section.path);
		sections.push({ section, score, chain: chain.id });
	}
	return { sections, chains };
}

/**
 * The LLM's route with nothing the offline route found left out: the LLM's chains and order
 * first; each offline section it did not pick joins the chain whose folders it nests with, or a
 * chain of its own while there is room, or the last chain.
 */
export function fuseRoutes(llm: RouteResult, offline: RouteResult, maxChains: number): RouteResult {
	const chains = llm.chains.map((c) => ({ ...c, paths: [...c.paths] }));
	const sections = [...llm.sections];
	const related = (a: string, b: string) =>
		a !== "" && b !== "" && (a === b || a.startsWith(`${b}/`) || b.startsWith(`${a}/`));
	const lowest = Math.min(...sections.map((s) => s.score), 1);
	for (const rs of offline.sections) {
		if (sections.some((s) => s.section.sectionId === rs.section.sectionId)) continue;
		let chain = chains.find((c) => c.paths.some((p) => related(p, rs.section.path)));
		if (!chain && chains.length < maxChains) {
			chain = { id: `c${chains.length + 1}`, title: rs.section.title, paths: [], score: lowest / 2 };
			chains.push(chain);
		}
		chain ??= chains.at(-1);
		if (!chain) continue;
		chain.paths.push(rs.section.path);
		sections.push({ section: rs.section, score: lowest / 2, chain: chain.id });
	}
	return { sections, chains, fixed: llm.fixed };
}
