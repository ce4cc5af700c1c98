/**
 * What the run and its second thread (or a process started from the startup snapshot) tell each
 * other: the thread's input, the request, its messages and the result (incremental.ts starts it;
 * incremental-run.ts does the work; snapshot-entry.ts is the process's entry).
 */
import type { WorkspacePackage } from "../workspace/packages.js";
import type { Extracted } from "./extract.js";
import type { ConfigProblem } from "./resolve.js";

/** What the thread needs to warm up: known before the run has read anything. */
export interface IncrementalWorkerInput {
	repoRoot: string;
	/**
	 * The previous index (read-only here): the files it found declaring globals are parsed ahead;
	 * which files refer to removed definitions.
	 */
	previous: string;
	/** URL of the module exporting `createSiteExtractor(config)` the run will use (loaded ahead), or null. */
	siteExtractorModule: string | null;
}

export interface IncrementalRequest {
	packages: WorkspacePackage[];
	/** URL of a module exporting `createSiteExtractor(config)`, and its config. */
	siteExtractor: { module: string; config: unknown } | null;
	/** Every collected file in index order: [abs, path, hash, packageIndex]. */
	files: [string, string, string, number][];
	/** [abs, content] of the files whose content is not the previous index's. */
	notUnchanged: [string, string][];
	removedFiles: string[];
	declarationFiles: string[];
	/** The tree's layout (resolution-layout.ts): the previous index's module resolutions recorded under it are taken. */
	layout: string;
	/** Paths of the files the previous index found declaring globals (null in an index from before it). */
	previousGlobals: string[] | null;
}

export type IncrementalWorkerMessage =
	| { type: "parsed"; done: number }
	| { type: "progress"; done: number }
	| {
			type: "done";
			/** Unchanged files re-extracted because they referred to removed definitions. */
			dependents: string[];
			/** Paths of every collected file that may declare globals. */
			globalFiles: string[];
			resolverProblems: ConfigProblem[];
			extracted: Extracted;
			/** The thread's CPU milliseconds at the end, and when warmed up (Linux). */
			cpu?: number;
			warmCpu?: number;
			/** Wall milliseconds it waited for the request once warmed up. */
			waitMs?: number;
			/** The whole process's CPU milliseconds, when a process started from the snapshot ran it. */
			processCpu?: number;
			/** Set by this side: the result came from a process started from the startup snapshot (snapshot.ts). */
			snapshot?: boolean;
	  }
	/** `code`: a system or SQLite error's (a damaged previous index is rebuilt by the CLI). */
	| { type: "failed"; message: string; stack?: string; code?: string };

export type IncrementalResult = Extract<IncrementalWorkerMessage, { type: "done" }>;

/** What the parent is told first: the blob's key, checked before anything is trusted. */
export type SnapshotHello = { type: "ready"; key: string };
