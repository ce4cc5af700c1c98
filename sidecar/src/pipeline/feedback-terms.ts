/**
 * Pseudo-relevance feedback (query expansion, as RM3 / Rocchio do): the identifiers the best files
 * found by the question's own words share, rare in the repository, become words of a second search.
 * A file of the same flow often shares few of the question's words but many of its neighbours'
 * identifiers (`normalizeThreadMessage` in the sender and the renderer).
 *
 * Tokens are the whole-file full-text table's (index/schema.ts `files_fts`, unicode61): a run of
 * letters and digits, so `sendMessage` is one token and `send_message` two.
 */
import { identifierWords } from "../index/schema.js";
import { stem } from "./vocabulary.js";

export interface FeedbackTermOptions {
	/** Shortest token taken (shorter ones are mostly loop variables and abbreviations). */
	minLength: number;
	/** A token in more than this share of the repository's files names no flow. */
	maxFileShare: number;
	/** A token must stand in at least this many of the feedback files (one file's private names are its own). */
	minFiles: number;
	/** Tokens kept, best first. */
	terms: number;
	/** Candidates whose document frequency is looked up at most (by their weight in the feedback files). */
	candidates: number;
	/** Drop an identifier any of whose words is the question's (`acceptInvite` for "accept"): only new words expand. */
	newWordsOnly: boolean;
}

export const FEEDBACK_TERM_DEFAULTS: FeedbackTermOptions = {
	minLength: 5,
	maxFileShare: 0.01,
	minFiles: 2,
	terms: 12,
	candidates: 200,
	newWordsOnly: false,
};

export interface FeedbackTerm {
	term: string;
	weight: number;
	/** Feedback files holding it. */
	files: number;
	/** Repository files holding it. */
	df: number;
}

const TOKEN_RE = /[A-Za-z][A-Za-z0-9]*/g;

/** The distinct tokens of a text, lower-cased, as the full-text table splits them (with one spelling as written). */
export function fileTokens(text: string, minLength: number): Map<string, string> {
	const out = new Map<string, string>();
	for (const m of text.matchAll(TOKEN_RE)) {
		const t = m[0];
		if (t.length >= minLength && !out.has(t.toLowerCase())) out.set(t.toLowerCase(), t);
	}
	return out;
}

/**
 * Expansion terms from the feedback files (best first): each token weighs the feedback files
 * holding it (a better-ranked file counts more) times its inverse document frequency. The
 * question's own words (and their stems) are excluded: they are searched already.
 */
export function feedbackTerms(
	texts: readonly string[],
	questionWords: readonly string[],
	df: (term: string) => number | null,
	totalFiles: number,
	options: Partial<FeedbackTermOptions> = {},
): FeedbackTerm[] {
	const o = { ...FEEDBACK_TERM_DEFAULTS, ...options };
	if (texts.length === 0 || totalFiles <= 0) return [];
	const own = new Set(questionWords.map((w) => w.toLowerCase()));
	for (const w of [...own]) own.add(stem(w));
	const seen = new Map<string, { rank: number; files: number }>();
	texts.forEach((text, i) => {
		const rankWeight = 1 / Math.sqrt(i + 1);
		for (const [t, written] of fileTokens(text, o.minLength)) {
			if (own.has(t) || own.has(stem(t))) continue;
			if (
				o.newWordsOnly &&
				identifierWords(written)
					.split(" ")
					.some((w) => own.has(w) || own.has(stem(w)))
			)
				continue;
			const s = seen.get(t) ?? { rank: 0, files: 0 };
			s.rank += rankWeight;
			s.files++;
			seen.set(t, s);
		}
	});
	const candidates = [...seen.entries()]
		.filter(([, s]) => s.files >= Math.min(o.minFiles, texts.length))
		.sort((a, b) => b[1].rank - a[1].rank || (a[0] < b[0] ? -1 : 1))
		.slice(0, o.candidates);
	const maxDf = Math.max(1, Math.floor(totalFiles * o.maxFileShare));
	const out: FeedbackTerm[] = [];
	for (const [term, s] of candidates) {
		const n = df(term);
		if (n === null || n <= 0 || n > maxDf) continue;
		out.push({ term, files: s.files, df: n, weight: s.rank * Math.log(totalFiles / n) });
	}
	return out.sort((a, b) => b.weight - a.weight || (a.term < b.term ? -1 : 1)).slice(0, o.terms);
}

/** What the feedback reads of the index: file texts, word counts and the files holding a word. */
export type FeedbackIndex = {
	fileContent(path: string): string | undefined;
	ftsMatchCount(table: "files_fts", word: string): number | null;
	ftsRowCount(table: "files_fts"): number;
	searchFiles(words: readonly string[], limit?: number): { path: string }[];
};

/**
 * Share of the expansion's weight (0..1) each of `candidates` holds in its text. Only candidates
 * are scored: the expansion reorders what the question's own words found, it adds no file (an
 * off-topic question's weak matches must not grow a topic of their own).
 */
export function feedbackShares(
	index: FeedbackIndex,
	feedbackFiles: readonly string[],
	questionWords: readonly string[],
	candidates: ReadonlySet<string>,
	options: Partial<FeedbackTermOptions> = {},
): { terms: FeedbackTerm[]; shares: Map<string, number> } {
	const total = index.ftsRowCount("files_fts");
	const texts = feedbackFiles.map((f) => index.fileContent(f) ?? "");
	const terms = feedbackTerms(
		texts,
		questionWords,
		(t) => index.ftsMatchCount("files_fts", t),
		total,
		options,
	);
	const sum = terms.reduce((n, t) => n + t.weight, 0);
	const shares = new Map<string, number>();
	if (sum <= 0) return { terms, shares };
	for (const t of terms) {
		for (const { path } of index.searchFiles([t.term], t.df)) {
			if (candidates.has(path)) shares.set(path, (shares.get(path) ?? 0) + t.weight / sum);
		}
	}
	return { terms, shares };
}
