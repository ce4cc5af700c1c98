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

/**
 * A member more classes implement than this is a shared base's or a plug-in family's (`IModelBase.find`,
 * one provider interface): no single flow's hop. Run 15: 4, 6 and 10 alike on the four dev sets.
 */
export const BASE_IMPLEMENTATIONS = 3;
/**
 * An implementation of a member with more than BASE_IMPLEMENTATIONS implementations is one of a
 * family of plug-ins (a social network's provider, a storage adapter): once the path or an earlier
 * place holds a member of the family, or the interface member itself, the next one takes no place
 * under the short answer's "Where to look"; the next file in rank order does. With fewer (two or
 * three strategies, each a part of the answer) every one keeps its place. Run 15: 4, 6 and 10 alike
 * on the four dev sets; with no family size, strategies that are each part of the answer lost their
 * places. The select prompt and the material's map list a family by a few members (lookalikes.ts).
 */
export const FAMILY_SIZE = BASE_IMPLEMENTATIONS + 1;

/** The definitions implementing `def` (an interface member or a base method: the index links member to member). */
export function implementationsOf(index: Pick<IndexReader, "edgesFrom" | "defById">, def: DefRow): DefRow[] {
	return index
		.edgesFrom(def.id)
		.filter((e) => e.kind === "implementation")
		.map((e) => index.defById(e.dst))
		.filter((d): d is DefRow => !!d?.file);
}

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
