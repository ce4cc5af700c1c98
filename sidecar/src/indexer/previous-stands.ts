/**
 * A run that finds nothing changed since the previous index (no file extracted or gone, manifests and
 * packages as they were): the previous index is already this one and the file is left alone.
 */
import { removeStaleTemps } from "../index/writer.js";
import type { ChangeSet } from "./change-set.js";
import type { CollectedFile } from "./collect.js";
import type { IndexProblem, IndexResult, SkippedFolder } from "./index-types.js";
import type { PreviousIndex } from "./previous.js";
import { importsResult, sumCounts } from "./run-counts.js";

export interface PreviousStandsInput {
	out: string;
	previous: PreviousIndex | null;
	changes: ChangeSet;
	/** The files this run would extract. */
	changed: CollectedFile[];
	/** The packages' rows as JSON (package-rows.ts `key`). */
	packagesKey: string;
	reusedPackages: number;
	started: number;
	problems: IndexProblem[];
	notes: IndexProblem[];
	skippedFolders: SkippedFolder[];
	timings: Record<string, number>;
}

/** The run's result when the previous index stands (it is closed, stale temp files removed); else null. */
export function previousStands(input: PreviousStandsInput): IndexResult | null {
	const { out, previous, changes, changed } = input;
	if (
		!previous?.stats ||
		changed.length > 0 ||
		changes.removedFiles.length > 0 ||
		changes.manifestsChanged ||
		previous.packagesKey !== input.packagesKey
	)
		return null;
	previous.close();
	removeStaleTemps(out);
	const totals = sumCounts(changes.previousCounts);
	return {
		out,
		stats: { ...previous.stats, wallMs: Date.now() - input.started, reusedPackages: input.reusedPackages },
		imports: importsResult(totals, []),
		unresolvedByReason: totals.unresolvedByReason,
		unresolvedByModule: totals.unresolvedByModule,
		problems: input.problems,
		notes: input.notes,
		skippedFolders: input.skippedFolders,
		extractedFiles: 0,
		timings: input.timings,
	};
}
