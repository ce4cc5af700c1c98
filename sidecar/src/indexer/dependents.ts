/**
 * Unchanged files that an incremental run re-extracts anyway: those referring to a definition
 * that a changed file no longer has (deleted or renamed) or that lived in a deleted file. Their
 * references now resolve elsewhere or nowhere, and a full run would count them so.
 *
 * Definitions are syntactic, so a changed file's new defIds are known from a parse alone, before
 * the type-checked program is built (which must then include these files).
 */
import { ts } from "#ts-morph";
import type { CollectedFile } from "./collect.js";
import { extractDefs } from "./defs.js";
import type { PreviousIndex } from "./previous.js";
import { PROGRAM_OPTIONS } from "./program.js";

export function filesReferringToRemovedDefs(
	previous: Pick<PreviousIndex, "defIdsOf" | "filesReferring">,
	changed: CollectedFile[],
	removedFiles: string[],
): string[] {
	const removed: string[] = [];
	for (const f of changed) {
		const before = previous.defIdsOf(f.path);
		if (before.length === 0) continue; // a new file
		const sf = ts.createSourceFile(f.abs, f.content, PROGRAM_OPTIONS.target as ts.ScriptTarget, true);
		const now = new Set(extractDefs(sf, f.path).defs.map((d) => d.defId));
		for (const id of before) if (!now.has(id)) removed.push(id);
	}
	for (const path of removedFiles) removed.push(...previous.defIdsOf(path));
	if (removed.length === 0) return [];
	const changedPaths = new Set(changed.map((f) => f.path));
	return previous.filesReferring(removed).filter((p) => !changedPaths.has(p));
}
