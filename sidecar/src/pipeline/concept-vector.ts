/** The question's concepts as a vector over a definition's name and path: what the path search and the short answer weigh words by. */
import type { DefRow } from "../index/types.js";
import { conceptMatch, wordStems } from "./match.js";
import type { QueryAnalysis } from "./query.js";

/**
 * For a definition, each of the question's concepts its name or path matches, as that concept's
 * share of the question's concept weight (0 where it does not match).
 */
export type ConceptVector = ((def: Pick<DefRow, "id" | "qualifiedName" | "file">) => readonly number[]) & {
	/** The same for a piece of text (a definition's own name, without its path). */
	text(text: string): readonly number[];
	/** Each concept's word, in the vector's order (a layer's too). */
	words: readonly string[];
	/** Does the question name this definition literally (`makeProxy()`, `sendMessage`, `Registry.call`)? */
	names(def: Pick<DefRow, "name" | "qualifiedName">): boolean;
	/** The identifiers the question writes as code, route keys as the index keys them. */
	identifiers: readonly string[];
};

/** The question's concepts as a ConceptVector (a member's register key is data, not its name). */
export function conceptVector(
	q: Pick<QueryAnalysis, "concepts"> & Partial<Pick<QueryAnalysis, "identifiers">>,
): ConceptVector {
	const identifiers = q.identifiers ?? [];
	const total = q.concepts.reduce((n, c) => n + c.weight, 0);
	const of = (text: string) => {
		const stems = wordStems(text);
		return q.concepts.map((c) => (total > 0 ? (conceptMatch(c, stems) * c.weight) / total : 0));
	};
	const cache = new Map<number, readonly number[]>();
	const vector = (def: Pick<DefRow, "id" | "qualifiedName" | "file">) => {
		let v = cache.get(def.id);
		if (!v) {
			v = of(`${unqualified(def.qualifiedName)} ${def.file ?? ""}`);
			cache.set(def.id, v);
		}
		return v;
	};
	return Object.assign(vector, {
		text: of,
		words: q.concepts.map((c) => c.word),
		names: (d: Pick<DefRow, "name" | "qualifiedName">) => namesExactly(identifiers, d),
		identifiers,
	});
}

/**
 * Does the question write this definition's name as code: its name (`proxify()`), or its qualified
 * name or the tail of one (`Registry.call`, `LocalDispatcher.call`)? A dotted name is no bare name's
 * (`notes.create` names a route, not every `create`).
 */
function namesExactly(identifiers: readonly string[], d: Pick<DefRow, "name" | "qualifiedName">): boolean {
	return identifiers.some((id) =>
		id.includes(".") ? d.qualifiedName === id || d.qualifiedName.endsWith(`.${id}`) : id === d.name,
	);
}

/**
 * A shared helper (HELPER_FAN_IN callers or more) adds worth to a path only when its own name
 * matches at least this many of the question's concepts (all of them when the question has fewer):
 * a chain of type guards and hit tests, each naming one word of the question, does not outweigh
 * the flow beside it. Run 15: 3 takes the worth of a widely used function named for two words of
 * the question.
 */
const HELPER_CONCEPTS = 2;

/**
 * Does `text` match as many of the question's concepts as a shared helper's name must to count
 * (HELPER_CONCEPTS, all of them for a question of fewer)?
 */
export function namesEnough(concepts: ConceptVector, text: string): boolean {
	const need = Math.min(HELPER_CONCEPTS, concepts.text("").length);
	return concepts.text(text).filter((x) => x > 0).length >= need;
}

/** Does `text` match any of the question's concepts (a looser gate than namesEnough)? */
export function namesAny(concepts: ConceptVector, text: string): boolean {
	return concepts.text(text).some((x) => x > 0);
}

/** The share of the question's concept weight a definition's own name or path matches. */
export function questionShare(concepts: ConceptVector, def: DefRow): number {
	return concepts(def).reduce((n, y) => n + y, 0);
}

/** A qualified name without the register keys of its members (`callbacks.add(key).fn` → `callbacks.add.fn`). */
export function unqualified(name: string): string {
	return name.replace(/\([^()]*\)(?=\.)/g, "");
}
