/**
 * What changed since the previous index, by content hash: the files not as before, the source files
 * gone, and whether any manifest changed, came or went. Without a previous index everything changed.
 */
import { isManifestPath } from "../index/documents.js";
import type { Collected, CollectedFile } from "./collect.js";
import type { FileCounts, PreviousIndex } from "./previous.js";

export interface ChangeSet {
	/** The previous index's counts per file ({} without one). */
	previousCounts: Record<string, FileCounts>;
	/** The file's content hash is the previous index's, which counted it. */
	unchanged: (f: CollectedFile) => boolean;
	/** The collected source files not unchanged. */
	notUnchanged: CollectedFile[];
	/** Source files the previous index holds and this run did not collect. */
	removedFiles: string[];
	/** Something to extract or to drop. */
	anyChange: boolean;
	manifests: CollectedFile[];
	removedManifests: string[];
	/** A manifest changed, came or went: every manifest's rows are rewritten (edges join them). */
	manifestsChanged: boolean;
}

export function changeSet(collected: Collected, previous: PreviousIndex | null): ChangeSet {
	const previousCounts = previous?.fileCounts ?? {};
	const unchanged = (f: CollectedFile) =>
		previous !== null && previous.fileHashes.get(f.path) === f.hash && previousCounts[f.path] !== undefined;
	const collectedPaths = new Set(collected.files.map((f) => f.path));
	// Source files only: manifests are never extracted (their rows are rewritten together, below).
	const removedFiles = previous
		? [...previous.fileHashes.keys()].filter((p) => !collectedPaths.has(p) && !isManifestPath(p))
		: [];
	const manifests = collected.manifests;
	const manifestPaths = new Set(manifests.map((m) => m.path));
	const removedManifests = previous
		? [...previous.fileHashes.keys()].filter((p) => isManifestPath(p) && !manifestPaths.has(p))
		: [];
	const manifestsChanged =
		previous === null ||
		removedManifests.length > 0 ||
		manifests.some((m) => previous.fileHashes.get(m.path) !== m.hash);
	const notUnchanged = collected.files.filter((f) => !unchanged(f));
	const anyChange = notUnchanged.length > 0 || removedFiles.length > 0;
	return {
		previousCounts,
		unchanged,
		notUnchanged,
		removedFiles,
		anyChange,
		manifests,
		removedManifests,
		manifestsChanged,
	};
}
