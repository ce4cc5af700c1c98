/** Where an offline answer cites a function: the line its implementation is declared on, past its overloads. */
import type { IndexReader } from "../index/reader.js";
import type { DefRow } from "../index/types.js";
import { implementationStart } from "./material/slices.js";

/**
 * The line a function or method's implementation is declared on: past the overload declarations its
 * range starts with (`implementationStart`), else its first line.
 */
export function implementationLine(index: Pick<IndexReader, "fileLines">, def: DefRow): number {
	const start = def.startLine ?? 1;
	const end = Math.min(def.endLine ?? start, start + OVERLOAD_WINDOW);
	const lines = index.fileLines(def.file ?? "", start, end) ?? [];
	return start + implementationStart(lines, 0, def.name);
}

/** Lines read for overloads above an implementation (implementationStart looks 40 lines on). */
const OVERLOAD_WINDOW = 41;
