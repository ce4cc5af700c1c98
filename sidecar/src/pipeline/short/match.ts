/** How well the lead matches the question's words, and the hedge said when it matches too little. */
import type { ConceptVector } from "../concept-vector.js";
import type { PathStep } from "../path/types.js";

/**
 * Share of the question's concept weight the lead's names and files (and the key it fires on the
 * way) must match for the answer to call it the best match; below it the first line says it is the closest match found and which of
 * the question's words its names and files do not mention. Calibrated on the 21 leads blind readers judged
 * (sessions 15–17, benchmarks/answers.md; shares of today's leads): the one read as correct matches
 * 1.00; 6 of the 9 read as incorrect match 0.14–0.38, and 6 of the 11 partial ones under a half;
 * any threshold from 0.4 to 0.5 splits them alike. A lead matching every word by name and still
 * wrong (a dashboard's "messages sent" for sending a message, 1.00) no share can tell.
 */
const STRONG_MATCH = 0.5;
/** Question words named in the first line at most (the rest counted). */
const WORDS_NAMED = 3;

/** How well the lead matches the question: its share of the concept weight, the words it does and does not match. */
export interface Match {
	strong: boolean;
	/** The question's words its steps' names or files match, most weight first. */
	named: string[];
	/** The question's words none of them matches, most weight first. */
	missing: string[];
}

/** The lead's match to the question's concepts (each concept counted once, at its share). */
export function matchOf(
	concepts: ConceptVector,
	path: readonly PathStep[],
	question = "",
	firedKeyName: string | null = null,
): Match {
	const firedShares = firedKeyName ? concepts.text(firedKeyName) : [];
	// The callers the walk up prepended were picked for naming the question: they say where the
	// flow is entered, not that it is the one asked about (session 19: a run-queue question lost its
	// "not a sure answer" to a walked-up `RunEngine.trigger`).
	const found = path.filter((s) => !s.walked);
	const shares = concepts.words.map((_, c) =>
		Math.max(0, firedShares[c] ?? 0, ...found.map((s) => concepts(s.def)[c] ?? 0)),
	);
	const share = shares.reduce((n, x) => n + x, 0);
	const byWeight = concepts.words
		.map((word, c) => ({
			word: asWritten(question, word),
			weight: concepts.text(word)[c] ?? 0,
			share: shares[c] ?? 0,
		}))
		.sort((a, b) => b.weight - a.weight);
	return {
		strong: share >= STRONG_MATCH,
		named: byWeight.filter((w) => w.share > 0).map((w) => w.word),
		missing: byWeight.filter((w) => w.share === 0).map((w) => w.word),
	};
}

/**
 * A concept's word as the question writes it: a compound is joined for matching ("twofactor"), the
 * reader wrote "two-factor".
 */
function asWritten(question: string, word: string): string {
	const written = question.match(/[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)+/gu) ?? [];
	return written.find((w) => w.replace(/-/g, "").toLowerCase() === word) ?? word;
}

/**
 * "not a sure answer: its names and files do not mention “a”, “b” or 2 more of the question's words". Said of
 * the steps' names and files, which is what the share measures: readers took "nothing in it matches"
 * to cover the flow's code and doc comments too, and found it false where those say the word.
 */
export function unsure(match: Match): string {
	if (match.missing.length === 0) return "not a sure answer";
	return `not a sure answer: its names and files do not mention ${wordList(match.missing, "or")}`;
}

/** The question's words quoted, WORDS_NAMED at most, the rest counted: "“a”, “b” and 2 more of the question's words". */
export function wordList(words: readonly string[], joiner: "and" | "or"): string {
	const shown = words.slice(0, WORDS_NAMED).map((w) => `“${w}”`);
	const more = words.length - shown.length;
	const items = more > 0 ? [...shown, `${more} more of the question's words`] : shown;
	if (items.length <= 1) return `the question's ${items.join("")}`;
	const list = `${items.slice(0, -1).join(", ")} ${joiner} ${items.at(-1)}`;
	return more > 0 ? list : `the question's ${list}`;
}
