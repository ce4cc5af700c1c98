/**
 * An impact question's target written as a plain word, neither in code form nor capitalised: "who
 * calls proxify?", "what breaks if I change emit", "where is settings used?". A newcomer names a
 * function as it reads in the code, lower case and unquoted; such a word says nothing of being code,
 * so it is taken only as the object of the question's framing verb (change, rename, remove, call, use,
 * depend on …) and only when it ends the phrase (the question's end, a comma, or a kind word: "the
 * emit method"), and names a definition exactly. "If I change the fields of the job message" names
 * no target: "fields" is followed by more of the phrase.
 */
import type { IndexReader } from "../../index/reader.js";
import type { DefRow } from "../../index/types.js";
import { EDIT_VERBS, STOP_WORDS, USE_VERBS, USE_VERBS_3RD } from "../vocabulary.js";

const VERBS = `(?:${EDIT_VERBS}|${USE_VERBS_3RD}|${USE_VERBS})`;
const KINDS =
	"(?:function|method|class|hook|helper|type|constant|variable|module|service|component|field|property|event|key)";
/** `<verb> [the] <word> [kind]` ending the phrase. */
const OBJECT = new RegExp(
	`\\b${VERBS}\\s+(?:the\\s+)?([A-Za-z_$][\\w$]*)(?:\\(\\))?(?:\\s+${KINDS})?\\s*(?:[?.,;!]|$)`,
	"gi",
);
/** `where is [the] <word> [kind] used|called …`. */
const WHERE_USED = new RegExp(
	`\\bwhere (?:is|are) (?:the\\s+)?([A-Za-z_$][\\w$]*)(?:\\(\\))?(?:\\s+${KINDS})? (?:used|called|referenced|imported|invoked)\\b`,
	"gi",
);

/** Kinds a plain word can name as the subject of an impact question. */
const KINDS_NAMED = new Set([
	"class",
	"interface",
	"function",
	"method",
	"variable",
	"enum",
	"type",
	"dispatch-key",
]);

/** The definitions a plain object word of the question names exactly (the index's order: most used first). */
export function plainNameTargets(index: Pick<IndexReader, "defsByName">, question: string): DefRow[] {
	const words = [...question.matchAll(OBJECT), ...question.matchAll(WHERE_USED)].map((m) => m[1] ?? "");
	for (const w of words) {
		if (w.length < 2 || STOP_WORDS.has(w.toLowerCase())) continue;
		const found = index.defsByName(w, 20).filter((d) => KINDS_NAMED.has(d.kind));
		if (found.length) return found;
	}
	return [];
}
