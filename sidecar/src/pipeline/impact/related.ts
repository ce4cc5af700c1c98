/**
 * Which "Related by name" places an impact answer tells. The section exists for the code a change to X
 * reaches through a call the index cannot follow: X's module calling a list of injected handlers
 * (`this.handlers.map((h) => h.onUserDelete(user))`), each an implementation of a contract X's module
 * holds. A place ranked only by the question's words, with no such tie, is a namesake of another
 * feature: session 51 (prec51) found 13 of the 14 such places on the dev sets outside every labelled
 * file, the one labelled one the implementation of a handler contract X's own file refers to.
 */
import type { IndexReader } from "../../index/reader.js";
import type { DefRow } from "../../index/types.js";

export type RelatedIndex = Pick<IndexReader, "edgesTo" | "defById">;

/**
 * Does `def` implement a contract member whose contract (the member's interface or abstract class, or
 * the member itself) a definition in one of `files` (X's own) refers to — by a reference, call, import
 * or creation edge? Then X's module can run it through the contract, though no edge says so.
 */
export function reachedThroughContract(
	index: RelatedIndex,
	def: DefRow,
	files: ReadonlySet<string>,
): boolean {
	for (const e of index.edgesTo(def.id)) {
		if (e.kind !== "implementation") continue;
		const member = index.defById(e.src);
		if (!member) continue;
		const contracts = [member.id, ...(member.parentId !== null ? [member.parentId] : [])];
		for (const id of contracts) {
			for (const use of index.edgesTo(id)) {
				if (use.kind === "implementation" || use.kind === "implements" || use.kind === "extends") continue;
				const from = index.defById(use.src);
				if (from?.file && files.has(from.file)) return true;
			}
		}
	}
	return false;
}
