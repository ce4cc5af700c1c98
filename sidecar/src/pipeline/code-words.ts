/**
 * Words of the language itself. A question's "exports" or "deletes" is a concept, but every
 * TypeScript file's body writes `export`, and many write `delete` or `return`: counted in body text
 * or declarations such a word looks common and never weighs. Counted by the names and paths that
 * hold it, it weighs as the concept it is in the question.
 */
import { stem } from "./vocabulary.js";

/** JavaScript / TypeScript keywords a question may use as an English word (by their stems). */
const LANGUAGE_KEYWORDS: ReadonlySet<string> = new Set([
	"abstract",
	"async",
	"await",
	"catch",
	"class",
	"const",
	"declare",
	"default",
	"delete",
	"enum",
	"export",
	"extend",
	"function",
	"implement",
	"import",
	"interface",
	"module",
	"namespace",
	"new",
	"private",
	"protected",
	"public",
	"readonly",
	"require",
	"return",
	"static",
	"switch",
	"throw",
	"try",
	"yield",
]);

/** Is the word (as asked or stemmed) a keyword of the language, written in most files' code? */
export function isLanguageKeyword(word: string): boolean {
	const w = word.toLowerCase();
	return LANGUAGE_KEYWORDS.has(w) || LANGUAGE_KEYWORDS.has(stem(w));
}
