/** The repository functions a definition calls, read from the index's call edges. */
import type { IndexReader } from "../index/reader.js";
import type { DefRow } from "../index/types.js";
import { isAuxiliaryPath } from "./auxiliary-code.js";

/**
 * The repository functions `by` calls (each once, tests and fixtures left out). The index keeps one
 * call edge per caller and callee, at its first line, so which line calls one is read from the text.
 */
export function repositoryCallees(index: Pick<IndexReader, "edgesFrom" | "defById">, by: DefRow): DefRow[] {
	const seen = new Set<number>();
	const out: DefRow[] = [];
	for (const e of index.edgesFrom(by.id)) {
		if (e.kind !== "call" || seen.has(e.dst)) continue;
		seen.add(e.dst);
		const callee = index.defById(e.dst);
		if (callee?.file && !isAuxiliaryPath(callee.file)) out.push(callee);
	}
	return out;
}
