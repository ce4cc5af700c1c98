/**
 * The question's compounds: two of its concepts written side by side ("the search index", "a job
 * queue", "file upload"). A name that holds both words side by side (`SearchIndexService`,
 * `uploadFiles`) names the thing the question names; a name holding each word apart, or one of
 * them, names only a part of it (`productSelectorSearch` in a search dialog, `getIndex`). The
 * seeding weighs such a name above the same two words scattered over a path and a name.
 */
import { stemsMeet, wordStems } from "./match.js";
import type { Concept, QueryAnalysis } from "./query.js";
import { stem } from "./vocabulary.js";

/** Two concepts the question writes next to each other, in either order. */
export type Compound = readonly [Concept, Concept];

/** Words of one clause, split at punctuation: words either side of a comma are no compound. */
const CLAUSE_SPLIT = /[,.;:?!()[\]{}"]+/;
/** Separators inside a compound: a space or a hyphen (a possessive 's goes with its word). */
const WORD_SPLIT = /(?:'s\b|['’]|\s|-)+/;

const compoundsOf = new WeakMap<QueryAnalysis, Compound[]>();

/** The pairs of the question's concepts that it writes side by side (each pair once). */
export function questionCompounds(q: Pick<QueryAnalysis, "question" | "concepts">): Compound[] {
	const key = q as QueryAnalysis;
	const known = compoundsOf.get(key);
	if (known) return known;
	const concepts = q.concepts.filter((c) => !c.layer && !c.technology);
	const conceptOf = (word: string): Concept | undefined => {
		const s = stem(word);
		return concepts.find((c) => c.word === word.toLowerCase() || c.stems.some((x) => stemsMeet(x, s)));
	};
	const pairs: Compound[] = [];
	for (const clause of q.question.split(CLAUSE_SPLIT)) {
		const words = clause.split(WORD_SPLIT).filter((w) => /^[A-Za-z]+$/.test(w));
		for (let i = 0; i + 1 < words.length; i++) {
			const a = conceptOf(words[i] as string);
			const b = conceptOf(words[i + 1] as string);
			if (!a || !b || a === b) continue;
			if (!pairs.some(([x, y]) => (x === a && y === b) || (x === b && y === a))) pairs.push([a, b]);
		}
	}
	compoundsOf.set(key, pairs);
	return pairs;
}

/** Does one word of `stems` meet the concept directly? */
const meets = (c: Concept, s: string) => c.stems.some((x) => stemsMeet(x, s));

/**
 * Does a name (its words in order) hold one of the compounds side by side, in either order
 * (`SearchIndexService`, `search-index.service`, `uploadFiles` for "file upload")?
 */
export function holdsCompound(compounds: readonly Compound[], name: string): boolean {
	if (compounds.length === 0) return false;
	const stems = wordStems(name).filter((s) => /^[a-z0-9]/.test(s));
	for (let i = 0; i + 1 < stems.length; i++) {
		const s = stems[i] as string;
		const t = stems[i + 1] as string;
		for (const [a, b] of compounds) {
			if ((meets(a, s) && meets(b, t)) || (meets(b, s) && meets(a, t))) return true;
		}
	}
	return false;
}
