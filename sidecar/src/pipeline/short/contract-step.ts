/** Where a path's last step is cited when it ends at a contract: the code that runs there. */
import type { DefRow } from "../../index/types.js";
import type { PathIndex } from "../path/types.js";
import { soleImplementation } from "./implementations.js";

/**
 * The definition a path's last step is cited at: an interface member (or a type's) with exactly
 * one implementation in the index is cited at that implementation, the body a reader looks for (a
 * model's typing in another package is its signature only); with none or several, the member
 * itself (several are strategies or a family, told by "implemented by"). Session 35 (implz35,
 * benchmarks/answers.md): a flow ending at `IModel.method` cited the typing file, not the model.
 */
export function citedAt(index: PathIndex, def: DefRow): DefRow {
	const parent = def.parentId === null ? undefined : index.defById(def.parentId);
	if (parent?.kind !== "interface" && parent?.kind !== "type") return def;
	const impl = soleImplementation(index, def);
	return impl?.file ? impl : def;
}
