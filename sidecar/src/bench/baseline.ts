/**
 * The side-by-side baseline: what a newcomer with a good search box gets. Files ranked by FTS5
 * BM25 over whole files (`IndexReader.searchFiles`) for the question's words minus stop words,
 * and the share of the label's core files in the top 10, 20 and 50.
 */
import type { IndexReader } from "../index/reader.js";
import { identifierWords } from "../index/schema.js";

export const BASELINE_DEPTHS = [10, 20, 50] as const;

/** Common English words that carry no topic; deliberately generic, never tuned to a question set. */
const STOP_WORDS = new Set(
	`a about after all also an and any are as at be been before being between both but by can could did do does doing
done during each either for from had has have having here how i if in into is it its itself just may me might more
most must my no nor not now of off on once only or other our out over own same shall should so some such than that
the their them then there these they this those through to too under until up upon us very was we were what when
where which while who whom whose why will with within without would you your`.split(/\s+/),
);

/** The question's words, lower-case, stop words removed; camelCase words are also split. */
export function questionWords(question: string): string[] {
	const words = new Set<string>();
	for (const raw of question.split(/[^A-Za-z0-9_]+/).filter(Boolean)) {
		for (const w of [raw.toLowerCase(), ...identifierWords(raw).split(" ")]) {
			if (w.length > 1 && !STOP_WORDS.has(w)) words.add(w);
		}
	}
	return [...words];
}

export interface BaselineResult {
	words: string[];
	/** 1-based rank of each core file in the BM25 ranking, null when not in the top 50. */
	coreRanks: Record<string, number | null>;
	recallAt10: number;
	recallAt20: number;
	recallAt50: number;
}

export function bm25Baseline(
	index: Pick<IndexReader, "searchFiles">,
	question: string,
	core: readonly string[],
) {
	const words = questionWords(question);
	const depth = BASELINE_DEPTHS[BASELINE_DEPTHS.length - 1] ?? 50;
	const ranking = index.searchFiles(words, depth).map((r) => r.path);
	const coreRanks: Record<string, number | null> = {};
	for (const f of core) {
		const i = ranking.indexOf(f);
		coreRanks[f] = i >= 0 ? i + 1 : null;
	}
	const recallAt = (k: number) =>
		core.length ? core.filter((f) => (coreRanks[f] ?? Infinity) <= k).length / core.length : 0;
	return {
		words,
		coreRanks,
		recallAt10: recallAt(10),
		recallAt20: recallAt(20),
		recallAt50: recallAt(50),
	} satisfies BaselineResult;
}
