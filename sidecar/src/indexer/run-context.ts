/**
 * What a run knows once it has collected the files, and what its stages report into: handed to the
 * stages as one object rather than each of them listing it again.
 */
import type { WorkspacePackage } from "../workspace/packages.js";
import type { Collected } from "./collect.js";
import type { IndexOptions, IndexProblem, IndexProgress } from "./index-types.js";
import type { PreviousIndex } from "./previous.js";

export interface RunContext {
	options: IndexOptions;
	repoRoot: string;
	/** The index file written (and the previous index read, when there is one). */
	out: string;
	progress: (event: IndexProgress) => void;
	/** A path relative to the repository (absolute outside it). */
	relative: (abs: string) => string;
	/** Files the run could not read or resolve, and things left out on purpose (index-types.ts). */
	problems: IndexProblem[];
	notes: IndexProblem[];
	packages: WorkspacePackage[];
	collected: Collected;
	/** The module-resolution layout the previous index recorded its resolutions in (resolution-layout.ts). */
	layout: string;
	previous: PreviousIndex | null;
}
