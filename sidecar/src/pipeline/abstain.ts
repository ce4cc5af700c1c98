/**
 * Saying "I don't know". A question is answered only when something distinctive in it matches the
 * code; otherwise the answer says so in two sentences, naming the closest matches, instead of
 * assembling unrelated code. "Distinctive" comes from the index's own statistics, not word lists:
 * each concept of the question weighs by its IDF over the index's definitions; a concept counts as
 * matched when the code writes the word (document frequency > 0) and the best seeds carry it in
 * their names or paths. A word no definition writes counts as matched when the text of a file named
 * for a matched, uncommon concept uses it (`ics` in the body of a `reminders/` service). A question
 * naming a definition literally is never off topic. The test runs
 * right after seeding (ask.ts), so an "I don't know" costs no material and no LLM request. The same
 * test runs on an LLM answer's cited sources.
 */
import type { DefRow } from "../index/types.js";
import { code, listWords } from "./markdown.js";
import { conceptMatch, wordStems } from "./match.js";
import type { Concept, QueryAnalysis } from "./query.js";
import { COMMON_FILE_SHARE } from "./seed.js";

/** Best-scored seeds whose names and paths are checked against the question's concepts. */
export const COVERAGE_DEFS = 20;
/**
 * Below this IDF-weighted share of the question's concepts matched, the question is off topic.
 * Measured (benchmarks/answers.md): real questions 0.27 and up on four indexes (the lowest name the
 * repository), off-topic ones 0 to 0.50; the second rule catches those above this.
 */
export const MIN_COVERAGE = 0.25;
/**
 * A question with at least this IDF-weighted share of words the code never writes is off topic,
 * unless it names the repository itself (its root package's name). Measured: real questions not
 * naming the repository at most 0.28, off-topic questions that pass the first rule 0.28 to 0.42.
 */
export const MAX_ABSENT = 0.3;
/** A match weaker than this (a related word only) does not count. */
const DIRECT_MATCH = 0.8;
/**
 * A word no definition writes but file texts do counts only when few files use it (a concentrated
 * word, not one spread thin over strings and comments). Measured (benchmarks/answers.md, run 15):
 * such words of real questions sit in 1 to 7 files.
 */
export const BODY_FILES = 20;

export interface ConceptStat {
	concept: Concept;
	/** Definitions of the index that write the word (FTS document frequency). */
	df: number;
	/** IDF normalised to [0, 1] (1: the code never writes it). */
	idf: number;
	/**
	 * For a word no definition writes (df 0): the paths of the files whose text uses it, when at
	 * most BODY_FILES do (else empty).
	 */
	bodyPaths: string[];
}

export interface Coverage {
	/** IDF-weighted share of the question's concepts the definitions match. */
	covered: number;
	/** IDF-weighted share of the concepts the code never writes. */
	absent: number;
	/** Concepts not matched (for the answer's wording). */
	missing: string[];
}

const IMPACT_FRAMING = /^(?:break|breaks|broke|broken|breaking)$/;
/**
 * Verbs that frame how one thing leads to another ("how are X turned into Y", "how does X become
 * Y"): they stay search words, but a repository's names rarely write them, so counting them here
 * made a real question look off topic (benchmarks/answers.md, run 14).
 */
const TRANSITION_FRAMING = /^(?:turns?|turned|turning|becomes?|became|becoming)$/;
/**
 * Adverbs placing a step in time ("how does the client send it on later requests?", "what happens
 * afterwards?"): they frame the order of a flow, not its topic, and a repository's names rarely write them,
 * so counting them made a real question look off topic (benchmarks/answers.md, session 51). They stay search
 * words.
 */
const TIME_FRAMING = /^(?:later|afterwards?|subsequently|eventually|meanwhile|beforehand)$/;
/**
 * A passive participle after its auxiliary ("how are the webhooks notified?", "is it deleted"): it says what
 * happens to what the question names, and a repository may name that step otherwise (`outbox`, `reply`,
 * `handler`). When the code never writes it, it is left out of the off-topic test, as the transition verbs
 * are; a participle the code writes still counts (benchmarks/answers.md, session 40).
 */
const PASSIVE_AUXILIARY = /^(?:is|are|was|were|be|been|being|gets?|got|gotten)$/;
/** Words between an auxiliary and its participle ("are the table's webhooks notified"). */
const PASSIVE_REACH = 4;

/** The question's `-ed` words that follow an auxiliary within PASSIVE_REACH words, in lower case. */
export function passiveParticiples(question: string): Set<string> {
	const words = question
		.toLowerCase()
		.split(/[^a-z'’]+/)
		.filter(Boolean);
	const found = new Set<string>();
	words.forEach((w, i) => {
		if (!/[a-z]{3}ed$/.test(w)) return;
		const before = words.slice(Math.max(0, i - PASSIVE_REACH - 1), i);
		if (before.some((b) => PASSIVE_AUXILIARY.test(b))) found.add(w);
	});
	return found;
}

/**
 * Per concept: how many definitions write it, and its IDF (compounds count as their rarest part).
 * `bodyPaths` lists the files whose text uses a word (body words included), at most `BODY_FILES`
 * of them, or none when more do.
 */
export function conceptStats(
	q: QueryAnalysis,
	df: (word: string) => number,
	total: number,
	bodyPaths: (word: string) => string[] = () => [],
): ConceptStat[] {
	const max = Math.log(1 + (total + 0.5) / 0.5);
	// "What would break if X changed?": in an impact question "break" frames it, it names no topic; nor does
	// a verb of transition or an adverb of time anywhere.
	const topical = q.concepts.filter(
		(c) =>
			!TRANSITION_FRAMING.test(c.word) &&
			!TIME_FRAMING.test(c.word) &&
			!(q.intent === "impact" && IMPACT_FRAMING.test(c.word)),
	);
	// A question of framing words alone ("what becomes of it?") is judged on them.
	const concepts = topical.length > 0 ? topical : q.concepts;
	const stats = concepts.map((concept) => {
		let n = Math.max(df(concept.word), ...concept.stems.map(df));
		if (n === 0 && concept.parts?.length) n = Math.min(...concept.parts.map(df));
		const idf = Math.log(1 + (total - n + 0.5) / (n + 0.5)) / max;
		return { concept, df: n, idf, bodyPaths: n === 0 ? bodyFilesOf(concept, bodyPaths) : [] };
	});
	const participles = passiveParticiples(q.question);
	const named = stats.filter((s) => s.df > 0 || !participles.has(s.concept.word));
	return named.length > 0 ? named : stats;
}

/** The files whose text uses the concept's word or one of its stems; none when too many do. */
function bodyFilesOf(concept: Concept, bodyPaths: (word: string) => string[]): string[] {
	const paths = new Set<string>();
	for (const w of new Set([concept.word, ...concept.stems])) for (const p of bodyPaths(w)) paths.add(p);
	return paths.size <= BODY_FILES ? [...paths] : [];
}

/**
 * How much of the question the definitions' names and paths cover. A word no definition writes is
 * matched, and not absent, when a file whose text uses it is named for a concept the definitions
 * matched (its file name or its folder), one used in at most COMMON_FILE_SHARE of the files: the
 * question's topic names the file, and the file writes the word
 * (`reminders/import.service.ts` parsing an ICS feed). A word only written in unrelated files
 * (an emoji list, a word list) stays absent.
 */
export function coverage(
	stats: readonly ConceptStat[],
	defs: readonly Pick<DefRow, "qualifiedName" | "file">[],
): Coverage {
	const stems = defs.map((d) => [...wordStems(d.qualifiedName), ...wordStems(d.file ?? "")]);
	const total = stats.reduce((n, s) => n + s.idf, 0);
	if (total === 0) return { covered: 1, absent: 0, missing: [] };
	const hits = stats.filter(
		(s) => s.df > 0 && stems.some((st) => conceptMatch(s.concept, st) >= DIRECT_MATCH),
	);
	// Anchors: matched words that are not common (`app`, `client`, `src` name most files' folders).
	const anchors = hits.filter((h) => (h.concept.fileShare ?? 0) <= COMMON_FILE_SHARE);
	const inTopicFile = (s: ConceptStat) =>
		s.bodyPaths.some((p) => {
			const st = wordStems(p.split("/").slice(-2).join("/"));
			return anchors.some((h) => conceptMatch(h.concept, st) >= DIRECT_MATCH);
		});
	let covered = 0;
	let absent = 0;
	const missing: string[] = [];
	for (const s of stats) {
		const hit = hits.includes(s) || (s.df === 0 && inTopicFile(s));
		if (hit) covered += s.idf;
		else missing.push(s.concept.word);
		if (s.df === 0 && !hit) absent += s.idf;
	}
	return { covered: covered / total, absent: absent / total, missing };
}

/** Does the question name the repository itself (every word of its root package's name)? */
export function namesRepository(question: string, nameWords: ReadonlySet<string>): boolean {
	if (nameWords.size === 0) return false;
	const words = new Set(question.toLowerCase().split(/[^a-z0-9]+/));
	return [...nameWords].every((w) => words.has(w));
}

/** Off topic: too little of the question matched, or mostly words the code never writes. */
export function offTopic(c: Coverage, namesRepo: boolean): boolean {
	if (c.covered < MIN_COVERAGE) return true;
	return c.absent >= MAX_ABSENT && !namesRepo;
}

/**
 * After an LLM answer: do its verified sources cover the question? Only the coverage is checked,
 * not the share of words the code never writes: that is the question's, and was judged (with its
 * exemptions) before any request was made.
 */
export function sourcesCover(c: Coverage): boolean {
	return c.covered >= MIN_COVERAGE;
}

/** The two-sentence answer: nothing matches, and the closest matches by name. */
export function abstentionAnswer(question: string, c: Coverage, closest: readonly DefRow[]): string {
	const words = c.missing.slice(0, 4).map(code);
	const first = words.length
		? `I don't know: nothing in this code base matches what the question asks about (no definition, file or folder name carries ${listWords(words).replace(/ and /, " or ")}).`
		: "I don't know: nothing in this code base matches what the question asks about.";
	const names = closest.slice(0, 3).map((d) => `${code(d.qualifiedName)} in ${code(d.file ?? "")}`);
	const second = names.length
		? ` The closest matches are ${listWords(names)}; try asking with the names used in the code.`
		: " Try asking with the names used in the code (functions, files, folders).";
	return `**Question:** ${question.trim()}\n\n${first}${second}`;
}
