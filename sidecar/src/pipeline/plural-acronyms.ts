/**
 * Acronyms in the plural ("URLs", "IDs", "APIs", "JWTs"). Splitting by case cuts one before its last
 * capital ("UR" + "Ls", "I" + "Ds"): two words no code writes, which made a question about URLs look
 * off topic. Read as one word, the plural stems to the acronym (`urls` → `url`).
 */

/** An acronym of two or more capitals and a plural `s`, as a whole word of prose: `URLs`, `IDs`. */
const PLURAL_ACRONYM_WORD = /\b([A-Z])([A-Z]+)s\b/g;
/** The same inside a name, before its next word or its end: `getURLs`, `userIDsByRoom`. */
const PLURAL_ACRONYM_IN_NAME = /(?<![A-Z])([A-Z]{2,})s(?![a-z])/g;

/** The question with each plural acronym written as one capitalised word: `URLs` → `Urls`. */
export function joinPluralAcronyms(question: string): string {
	return question.replace(
		PLURAL_ACRONYM_WORD,
		(_m, head: string, rest: string) => `${head}${rest.toLowerCase()}s`,
	);
}

/** The plural acronyms written in a name or path, lower-cased: `getURLs` → `urls`. */
export function pluralAcronymsIn(text: string): string[] {
	return [...text.matchAll(PLURAL_ACRONYM_IN_NAME)].map((m) => `${(m[1] ?? "").toLowerCase()}s`);
}
