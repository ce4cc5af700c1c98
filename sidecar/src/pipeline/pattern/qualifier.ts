/**
 * The qualifier words of a pattern question's noun ("OAuth" of "OAuth service", "payment" of
 * "payment provider") and whether a family carries them. The family is found by its head noun; two
 * families sharing a head (the core services and the OAuth services) are told apart by what their
 * qualifiers say. A qualifier is read as written, not through the vocabulary: the vocabulary folds
 * "OAuth" into "auth", which any authorization service meets.
 */
import type { DefRow } from "../../index/types.js";
import { stemsMeet, wordStems } from "../match.js";
import { analyzeQuestion, type Concept, SEGMENT } from "../query.js";

/** A modifier before the head noun, as the question writes it. */
export interface Qualifier {
	/** The word as written ("OAuth"). */
	word: string;
	/** Its stems, without the vocabulary's folding ("oauth" of "OAuth", "feder" of "federation"). */
	stems: string[];
}

/** The texts a family is known by, and its members' texts (a share of which must carry a qualifier). */
export interface FamilyTexts {
	/** The base's or trunk's own name and file: one of them carrying a word is enough. */
	own: string[];
	/** One text per member (name and file): at least half must carry a word. */
	members: string[];
}

/** Parts joined when matching a written word ("o" + "auth" of `AppleOAuthLogin` is "oauth"). */
const MAX_JOINED_PARTS = 3;

/**
 * The qualifiers of `subject` ("omnichannel routing method" → omnichannel, routing): the words before
 * its head that name a concept, less those the vocabulary relates to the head ("database" of
 * "database model" says what a model is, not which).
 */
export function qualifiersOf(subject: string, concepts: readonly Concept[]): Qualifier[] {
	const head = concepts.at(-1);
	if (!head) return [];
	const words = subject.split(/\s+/).filter(Boolean);
	const out: Qualifier[] = [];
	for (const word of words.slice(0, -1)) {
		const concept = analyzeQuestion(word).concepts[0];
		if (!concept || concept.word === head.word) continue;
		if (relatedTo(concept, head)) continue;
		const stems = plainStems(word.toLowerCase());
		if (stems.length > 0) out.push({ word, stems });
	}
	return out;
}

const relatedTo = (a: Concept, b: Concept) =>
	a.related.some((r) => b.stems.some((s) => stemsMeet(r, s))) ||
	b.related.some((r) => a.stems.some((s) => stemsMeet(r, s)));

const plainStems = (text: string) => wordStems(text).filter((s) => !s.startsWith(SEGMENT));

/** Does `text` (a name or a path) carry the written word: one part, or consecutive parts joined, meeting it? */
export function carriesWord(q: Qualifier, text: string): boolean {
	const parts = plainStems(text);
	const wanted = q.stems.join("");
	for (let i = 0; i < parts.length; i++) {
		let joined = "";
		for (let j = i; j < Math.min(parts.length, i + MAX_JOINED_PARTS); j++) {
			joined += parts[j];
			if (j === i ? stemsMeet(joined, wanted) : joined === wanted) return true;
		}
	}
	return false;
}

/** Whether a family carries the qualifier: in its own name or file, or in at least half of its members. */
export function familyCarries(texts: FamilyTexts, q: Qualifier): boolean {
	if (texts.own.some((t) => carriesWord(q, t))) return true;
	const carrying = texts.members.filter((t) => carriesWord(q, t)).length;
	return texts.members.length > 0 && carrying * 2 >= texts.members.length;
}

/** How many of the qualifiers a family carries. */
export function carriedCount(texts: FamilyTexts, qualifiers: readonly Qualifier[]): number {
	return qualifiers.filter((q) => familyCarries(texts, q)).length;
}

/** The texts of a family of definitions extending or instantiating `base`. */
export function definitionTexts(base: DefRow, members: readonly DefRow[]): FamilyTexts {
	return {
		own: [base.name, base.file ?? ""],
		members: members.map((m) => `${m.name} ${m.file ?? ""}`),
	};
}
