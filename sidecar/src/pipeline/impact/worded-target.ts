/**
 * An impact question's target named in words, not in code form: "the attachment module's url
 * method", "the record repository's insert method". The member's name is the word before the kind
 * word; its owner is the phrase before the possessive. Of the definitions of that name, the one
 * whose qualified name or file carries the owner's words is the target (the most used first, the
 * index's order), so the answer lists the member's uses instead of following a flow the question's
 * other words happen to match.
 */
import type { IndexReader } from "../../index/reader.js";
import type { DefRow } from "../../index/types.js";
import { TEST_PATH } from "../material/test-scan.js";

/** `<owner, up to three words>'s <name> <kind>`; the name may be back-quoted. */
const POSSESSIVE_MEMBER =
	/\b((?:[A-Za-z][\w-]*\s+){0,2}[A-Za-z][\w-]*)['’]s\s+`?([A-Za-z_$][\w$]*)`?\s+(?:method|function|handler|helper|hook|property|field|member|getter|setter)s?\b/g;

/** Owner words that say what kind of thing the owner is, not which one: they only break ties. */
const KIND_WORDS = new Set([
	"module",
	"class",
	"service",
	"component",
	"file",
	"package",
	"object",
	"store",
	"repository",
	"controller",
	"model",
	"interface",
	"library",
	"plugin",
	"api",
]);

const ARTICLES = new Set(["the", "a", "an", "this", "that", "its", "our", "my", "your"]);

/** Kinds a member named in words can be. */
const MEMBER_KINDS = new Set(["method", "function", "property", "variable"]);

export function wordedMemberTarget(index: Pick<IndexReader, "defsByName">, question: string): DefRow | null {
	for (const m of question.matchAll(POSSESSIVE_MEMBER)) {
		const owner = (m[1] ?? "")
			.toLowerCase()
			.split(/\s+/)
			.filter((w) => w && !ARTICLES.has(w));
		const name = m[2] ?? "";
		const naming = owner.filter((w) => !KIND_WORDS.has(w));
		if (!name || naming.length === 0) continue;
		let best: DefRow | null = null;
		let bestScore = 0;
		for (const d of index.defsByName(name, 50)) {
			if (!MEMBER_KINDS.has(d.kind) || !d.file || TEST_PATH.test(d.file)) continue;
			const hay = `${d.qualifiedName} ${d.file}`.toLowerCase();
			// Every naming word must be there; kind words add to the score.
			if (!naming.every((w) => hay.includes(w))) continue;
			const score = naming.length * 2 + owner.filter((w) => KIND_WORDS.has(w) && hay.includes(w)).length;
			if (score > bestScore) {
				best = d;
				bestScore = score;
			}
		}
		if (best) return best;
	}
	return null;
}
