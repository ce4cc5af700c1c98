/**
 * Plug-in families: the implementations of one interface member (or abstract method) that has at
 * least `FAMILY_SIZE` of them, such as the providers behind an integration interface that each
 * implement its `refreshToken`. A family's members match a question alike, member by member; one of
 * them is the place to look (the short answer's "Where to look"). Sharing a base class is not
 * enough (models or services extending one `Base*` are each their own flow's step): the members
 * implement the same member. Counting a family once in the seed and citation rankings as well was
 * measured and dropped (benchmarks/answers.md, run 15 — reach: held-out precision under the bar).
 */
import type { IndexReader } from "../index/reader.js";
import type { DefRow } from "../index/types.js";

/**
 * Implementations a member needs to make a family. Run 15: on Postiz a token-refresh question
 * listed seven providers' `refreshToken` after the interface with its 35 implementations; 4, 6 and
 * 10 alike on the four dev sets (the short answer's places); with no family size, strategies that
 * are each part of the answer (two or three of them) lost their places. One more than the implementations the short answer names
 * for a contract (answer-short.ts IMPLEMENTATIONS_NAMED).
 */
export const FAMILY_SIZE = 4;

export type FamilyIndex = Pick<IndexReader, "edgesTo" | "edgesFrom">;

/** The interface members (or base methods) `def` implements that have a family of implementations. */
export function familiesOf(index: FamilyIndex, def: DefRow): number[] {
	return index
		.edgesTo(def.id)
		.filter(
			(e) =>
				e.kind === "implementation" &&
				index.edgesFrom(e.src).filter((i) => i.kind === "implementation").length >= FAMILY_SIZE,
		)
		.map((e) => e.src);
}
