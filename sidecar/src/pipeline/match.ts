/**
 * How well a definition, a file path or an outline section matches the question's concepts.
 * Words are compared by stem with a shared-prefix rule, so "translate" meets "translation" and
 * "notify" meets "notifications" without a full stemmer.
 */
import { identifierWords } from "../index/schema.js";
import { pluralAcronymsIn } from "./plural-acronyms.js";
import { type Concept, type QueryAnalysis, SEGMENT } from "./query.js";
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

/** 1 when a direct stem of the concept is among `stems`, 0.5 for a related word, else 0. */
export function conceptMatch(concept: Concept, stems: readonly string[]): number {
	const pieces = concept.pieces;
	// One piece of a compound ("data" of "database") meets it by prefix but names only a part of it;
	// all its pieces together ("realTimeMonitoring" for "real-time") name the whole.
	const whole = (s: string) => !pieces?.includes(s) || pieces.every((p) => stems.includes(p));
	if (concept.technology)
		return concept.stems.some((c) => stems.includes(c) || stems.includes(`${SEGMENT}${c}`)) ? 1 : 0;
	if (stems.some((s) => whole(s) && concept.stems.some((c) => stemsMeet(s, c)))) return 1;
	if (concept.layer) return 0;
	// A compound's pieces side by side name it whole, however short its first piece: `runPreFlight`,
	// `pre_flight` for "pre-flight", as `timeStamp` for "timestamp".
	if (pieces && adjacentIn(pieces, stems)) return 1;
	// A compound concept ("autotranslate", "twofactor") also matches as a substring of one word.
	if (
		concept.word.length >= 6 &&
		stems.some(
			(s) =>
				!s.startsWith(SEGMENT) && (s.includes(concept.word) || (concept.word.includes(s) && s.length >= 5)),
		)
	)
		return 0.8;
	if (stems.some((s) => concept.related.some((c) => stemsMeet(s, c)))) return 0.5;
	return 0;
}

/** Do `pieces` occur in `stems` one after another, in order (a name's words are in reading order)? */
function adjacentIn(pieces: readonly string[], stems: readonly string[]): boolean {
	if (pieces.length < 2) return false;
	const first = pieces[0] as string;
	for (let at = stems.indexOf(first); at >= 0; at = stems.indexOf(first, at + 1)) {
		if (pieces.every((p, i) => stems[at + i] === p)) return true;
	}
	return false;
}

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
	let score = 0;
	let matched = 0;
	for (const c of q.concepts) {
		let best = 0;
		for (const g of groups) best = Math.max(best, conceptMatch(c, g.stems) * g.factor);
		if (best > 0) {
			matched++;
			score += best * c.weight;
		}
	}
	// Matching two or three of the question's concepts at once is what separates the topic from noise.
	const coverage = matched > 1 ? 1 + 0.6 * (matched - 1) : 1;
	return { score: score * coverage, matched };
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
