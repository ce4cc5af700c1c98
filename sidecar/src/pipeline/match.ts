/**
 * How well a definition, a file path or an outline section matches the question's concepts.
 * Words are compared by stem with a shared-prefix rule, so "translate" meets "translation" and
 * "notify" meets "notifications" without a full stemmer.
 */
import { identifierWords } from "../index/schema.js";
import { pluralAcronymsIn } from "./plural-acronyms.js";
import { type Concept, type QueryAnalysis, SEGMENT } from "./query.js";
import { DIRECT, matchOfBits, type StemRules, stemBits, stemIdsOf, stemTable } from "./stem-levels.js";
import { stem } from "./vocabulary.js";

/** Do two stems name the same word? Equal, or a long shared prefix (at least 4 characters). */
export function stemsMeet(a: string, b: string): boolean {
	if (a === b) return true;
	const min = Math.min(a.length, b.length);
	if (min < 4) return false;
	let i = 0;
	while (i < min && a[i] === b[i]) i++;
	return i >= 4 && i >= min - 1;
}

/**
 * Stems of the words of identifiers or paths, e.g. `sendReminderEmail` → send remind email….
 * Kept per text (frozen, shared): the same paths and names are scored for every definition of a
 * file and again for every question.
 */
export function wordStems(text: string): readonly string[] {
	let stems = stemsOfText.get(text);
	if (!stems) {
		if (stemsOfText.size >= STEMS_KEPT) stemsOfText.clear();
		stems = Object.freeze(computeWordStems(text));
		stemsOfText.set(text, stems);
	}
	return stems;
}

const stemsOfText = new Map<string, readonly string[]>();
/** Texts whose stems are kept (names, paths, signatures with docs: a large repository's are tens of thousands). */
const STEMS_KEPT = 100_000;

function computeWordStems(text: string): string[] {
	const stems = identifierWords(text).split(" ").filter(Boolean).map(stem);
	stems.push(...acronymWords(text));
	// A whole folder (or whole word) also counts as a segment: a layer the question names ("the client
	// side") is a folder, not a word inside a name (`rpc-client`, `PhoneClient`).
	for (const seg of text.split(/[/\s]+/)) {
		const bare = seg.replace(/\.[A-Za-z]+$/, "").toLowerCase();
		if (/^[a-z]+$/.test(bare)) stems.push(`${SEGMENT}${stem(bare)}`);
	}
	return [...new Set(stems)];
}

/**
 * Acronyms that splitting a name by case cuts wrongly, as the question writes them: an interface's
 * `I` glued to an acronym (`ILDAPService` splits into "ildap service": the word is "ldap") and a
 * letter-digit acronym before a word (`E2EChannel` splits into "e2 e channel": the word is "e2e"), and
 * an acronym in the plural (`getURLs` splits into "get ur ls": the word is "url").
 * Added beside the split words, not instead of them (`IRCBridge` keeps "irc").
 */
function acronymWords(text: string): string[] {
	const words: string[] = [];
	for (const m of text.matchAll(INTERFACE_ACRONYM_RE)) words.push((m[1] ?? "").toLowerCase());
	for (const m of text.matchAll(DIGIT_ACRONYM_RE)) words.push((m[1] ?? "").toLowerCase());
	words.push(...pluralAcronymsIn(text).map(stem));
	return words;
}

/** `I` + an acronym at the start of a name, before a capitalised word or the name's end: `ILDAPService`, `IOTP`. */
const INTERFACE_ACRONYM_RE = /(?<![A-Za-z0-9])I([A-Z]{2,})(?=[A-Z][a-z]|[^A-Za-z0-9]|$)/g;
/** A letter-digit acronym before a capitalised word: `E2EChannel`, `E2EEKeyModal`, `S3Store`. */
const DIGIT_ACRONYM_RE = /(?<![A-Za-z0-9])([A-Za-z]*\d+[A-Z]+)(?=[A-Z][a-z])/g;

/**
 * 1 when a direct stem of the concept is among `stems` (one piece of a compound only with all its
 * pieces), 1 or 0 for a technology by its exact stem, 0.8 for a compound inside one word, 0.5 for a
 * related word, else 0 (stem-levels.ts).
 */
export function conceptMatch(concept: Concept, stems: readonly string[]): number {
	let any = 0;
	for (const s of stems) {
		any |= stemBits(concept, s, STEM_RULES);
		if (any & DIRECT && !concept.technology) return 1;
	}
	return matchOfBits(concept, any, stems);
}

const STEM_RULES: StemRules = { segment: SEGMENT, meet: stemsMeet };

export interface MatchScore {
	/** Weighted concept coverage, with a bonus for matching several concepts at once. */
	score: number;
	/** How many concepts matched at all. */
	matched: number;
}

/**
 * Score a unit described by word groups of decreasing importance (e.g. [name, path, doc]) against
 * the question: each concept counts once, at its best group, scaled by the group's factor.
 */
export function scoreUnit(
	q: QueryAnalysis,
	groups: readonly { stems: readonly string[]; factor: number }[],
): MatchScore {
	// Each stem's bits against every concept are kept per question (stem-levels.ts): definitions differ,
	// their words recur.
	const concepts = q.concepts;
	const table = stemTable(concepts, STEM_RULES);
	const n = concepts.length;
	const best = scratch(bestScratch, n);
	const any = scratch(anyScratch, n);
	// (indexed loops: this runs for every definition scored, and for-of allocated iterators here)
	for (let gi = 0; gi < groups.length; gi++) {
		const g = groups[gi] as (typeof groups)[number];
		const stems = g.stems;
		const ids = stemIdsOf(stems);
		any.fill(0, 0, n);
		for (let k = 0; k < stems.length; k++) {
			const s = stems[k] as string;
			const row = ids ? table.ofId(ids[k] as number, s) : table.of(s);
			for (let i = 0; i < n; i++) any[i] = (any[i] as number) | (row[i] as number);
		}
		for (let i = 0; i < n; i++) {
			const m = matchOfBits(concepts[i] as Concept, any[i] as number, stems) * g.factor;
			best[i] = Math.max(best[i] as number, m);
		}
	}
	let score = 0;
	let matched = 0;
	for (let i = 0; i < n; i++) {
		const b = best[i] as number;
		if (b > 0) {
			matched++;
			score += b * (concepts[i] as Concept).weight;
		}
	}
	// Matching two or three of the question's concepts at once is what separates the topic from noise.
	const coverage = matched > 1 ? 1 + 0.6 * (matched - 1) : 1;
	return { score: score * coverage, matched };
}

/** Per-concept buffers of `scoreUnit` (synchronous, so one pair serves every call), zeroed to `n`. */
const bestScratch: number[] = [];
const anyScratch: number[] = [];
function scratch(buffer: number[], n: number): number[] {
	buffer.length = n;
	buffer.fill(0);
	return buffer;
}

/** Does `name` (or a qualified name) equal one of the question's literal identifiers? */
export function namesIdentifier(
	q: Pick<QueryAnalysis, "identifiers">,
	name: string,
	qualifiedName: string,
): boolean {
	return q.identifiers.some((id) => {
		const last = id.split(".").pop() ?? id;
		return id === qualifiedName || id === name || (last.length > 3 && last === name);
	});
}
