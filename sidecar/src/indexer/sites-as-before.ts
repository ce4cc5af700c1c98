/** Whether an incremental run can keep the previous index's dispatch sites without joining them again. */
import type { CollectedFile } from "./collect.js";
import type { DefRecord } from "./defs.js";
import type { PreviousIndex } from "./previous.js";

/**
 * Whether `finalize` would get the very input it had for the previous index and its output would
 * land on the same definitions, so the previous index's sites stand: the re-extracted files were
 * all there before and their saved sites are unchanged (with every other file's, that is the whole
 * input; the caller checks no file was removed), the folder is the same (site keys are read
 * relative to it), and no definition that came or went in those files is named by a site or a
 * trunk edge, or by a saved site whose handler was no definition then. A one-file edit that leaves
 * the file's dispatch sites alone (most of them) skips the join over the repository's sites.
 */
export function sitesAsBefore(
	previous: PreviousIndex,
	repoRoot: string,
	changed: CollectedFile[],
	defsByPath: Map<string, DefRecord[]>,
	rawSites: Map<string, string>,
): boolean {
	if (previous.repoRoot !== repoRoot) return false;
	const cameOrWent: string[] = [];
	for (const f of changed) {
		if (!previous.fileHashes.has(f.path)) return false;
		if ((rawSites.get(f.path) ?? null) !== previous.savedSitesOf(f.path)) return false;
		const before = new Set(previous.defIdsOf(f.path));
		const now = new Set((defsByPath.get(f.path) ?? []).map((d) => d.defId));
		for (const id of before) if (!now.has(id)) cameOrWent.push(id);
		for (const id of now) if (!before.has(id)) cameOrWent.push(id);
	}
	return cameOrWent.length === 0 || !previous.sitesName(cameOrWent);
}
