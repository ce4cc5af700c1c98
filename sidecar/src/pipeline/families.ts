/**
 * Plug-in families: the implementations of one interface member (or abstract method) that has
 * enough of them, such as the providers behind one integration interface. A family's members match
 * a question alike, member by member; one of them is the place to look (the short answer's "Where
 * to look"). Sharing a base class is not enough (models or services extending one `Base*` are each
 * their own flow's step): the members implement the same member. Counting a family once in the seed
 * and citation rankings as well was measured and dropped (benchmarks/answers.md, run 15 — reach).
 */
import type { IndexReader } from "../index/reader.js";
import type { DefRow } from "../index/types.js";

export type FamilyIndex = Pick<IndexReader, "edgesTo" | "edgesFrom">;

/** The interface members (or base methods) `def` implements that have at least `size` implementations. */
export function familiesOf(index: FamilyIndex, def: DefRow, size: number): number[] {
	return index
		.edgesTo(def.id)
		.filter(
			(e) =>
				e.kind === "implementation" &&
				index.edgesFrom(e.src).filter((i) => i.kind === "implementation").length >= size,
		)
		.map((e) => e.src);
}
