/** The call edges out of one definition, as `dstDefId@line`: what indexer tests of call resolution compare. */
import type { IndexReader } from "../../src/index/reader.js";

export function callsFrom(index: IndexReader, defKey: string): string[] {
	return index
		.edgesFrom(index.def(defKey)?.id ?? -1)
		.filter((e) => e.kind === "call")
		.map((e) => `${e.dstDefId}@${e.line}`);
}
