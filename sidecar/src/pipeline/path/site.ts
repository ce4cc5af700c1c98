/** Where a hop is written, and whether a definition's body holds it. */
import type { DefRow } from "../../index/types.js";

/** Where a hop is written. */
export interface Site {
	file: string;
	line: number;
}

/** Is `site` inside `def`'s body (a file's top-level code holds all of the file)? */
export function encloses(def: DefRow, site: Site): boolean {
	if (def.file !== site.file) return false;
	if (def.kind === "module") return true;
	return (
		def.startLine !== null && def.endLine !== null && def.startLine <= site.line && site.line <= def.endLine
	);
}
