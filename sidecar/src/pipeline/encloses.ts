/** Nesting of definitions: a step written inside the step it calls is a re-entry, not a loop. */
import type { DefRow } from "../index/types.js";
import type { PathIndex } from "./path/types.js";

/** Enclosing definitions looked through for a step written inside the step it calls. */
const MAX_NESTING = 12;

/** Is `inner` written inside `outer` (its parent, or its parent's, …)? */
export function encloses(index: Pick<PathIndex, "defById">, outer: DefRow, inner: DefRow): boolean {
	let id = inner.parentId;
	for (let depth = 0; id !== null && depth < MAX_NESTING; depth++) {
		if (id === outer.id) return true;
		id = index.defById(id)?.parentId ?? null;
	}
	return false;
}
