/** What `indexRepository` takes, reports as it goes, returns, and throws on bad input. */

import type { IndexStats } from "../index/schema.js";
import type { SiteExtractor } from "../index/types.js";
import type { ImportKind } from "./import-kinds.js";
import type { IncrementalWorker } from "./incremental.js";
import type { SkippedFolder } from "./skipped-folders.js";

export type { SkippedFolder };

export interface IndexProgress {
	phase: "collect" | "parse" | "extract" | "write";
	done: number;
	total: number;
	/** Parse/extract over threads: the live ShareCounts cells (share-counts.ts), on shared memory. */
	live?: Int32Array;
}

export interface IndexOptions {
	/** Repository root (a folder). */
	repo: string;
	/** Output file; default `<repo>/.codeask/index.db`. */
	out?: string;
	/** Index test and fixture files too (excluded by default). */
	includeTests?: boolean;
	/** Skip repo-relative paths containing any of these substrings. */
	exclude?: string[];
	/** Repo-relative paths under which build-output folders (`build/`, `dist/`, `out/`) are indexed too. */
	include?: string[];
	/** Ignore the previous index and extract every file. */
	full?: boolean;
	/** The commit to record when the tree is not a git checkout (e.g. an exported snapshot). */
	commit?: string;
	/** Finds string-dispatch sites (trunks) in the type-checked pass. */
	siteExtractor?: SiteExtractor;
	/**
	 * URL of a module exporting `createSiteExtractor(trunkConfig)` that builds the site extractor:
	 * worker threads build their own with it, and without `siteExtractor` this run loads it when it
	 * has files to extract. Without it a run with `siteExtractor` uses one thread.
	 */
	siteExtractorModule?: string;
	/** Extraction threads; default 2 for a run extracting many files (on 2+ cores), else 1. */
	threads?: number;
	/** Heap limit of each extraction thread in MB (old generation). */
	threadHeapMb?: number;
	/**
	 * An incremental run extracts on a second thread started as the run begins (incremental.ts),
	 * when it can build the site extractor there (`siteExtractorModule`). Default true.
	 */
	incrementalThread?: boolean;
	/**
	 * A second thread the caller started for this run ahead of it (`startIncrementalWorker` with this
	 * run's folder, index file and `siteExtractorModule`), to warm up sooner: used when the run is
	 * incremental, else closed.
	 */
	incrementalWorker?: IncrementalWorker;
	/** The trunk configuration behind `siteExtractor`, recorded in meta and part of the reuse key. */
	trunkConfig?: unknown;
	onProgress?: (event: IndexProgress) => void;
}

export interface IndexProblem {
	/** Repo-relative path (or absolute, for files outside the repository). */
	file: string;
	reason: string;
}

export interface IndexResult {
	out: string;
	stats: IndexStats;
	/** In-repo static imports (relative, a `paths` alias, a workspace package) and how many resolved to a file; by kind too. */
	imports: {
		inRepo: number;
		resolved: number;
		share: number;
		unresolvedSample: string[];
		byKind: Record<ImportKind, { inRepo: number; resolved: number }>;
	};
	unresolvedByReason: Record<string, number>;
	/**
	 * The imports most unresolved call sites come from (edges.ts unresolvedModule), most first, at
	 * most 10: `present` when the module resolves to a file yet gives nothing (its generated output
	 * missing), else it is not installed (or, `./…`, an in-repo path that is absent).
	 */
	unresolvedByModule: { module: string; sites: number; present: boolean }[];
	problems: IndexProblem[];
	/** Things left out on purpose or expected without node_modules (large files, uninstalled `extends`). */
	notes: IndexProblem[];
	/** Build-output folders left out that held TypeScript or component sources, and how many (collect.ts). */
	skippedFolders: SkippedFolder[];
	/** Files re-extracted this run (all files on a full run). */
	extractedFiles: number;
	/**
	 * Milliseconds per stage: collect, load, extract (program, defs, edges: summed over the threads'
	 * shares), merge, reuse, write; the extraction threads, each share's figures (with its thread's
	 * CPU where known), and `cpu`, the process's CPU over a run that extracted anything.
	 */
	timings: Record<string, number>;
}

/** Bad input that stops indexing before anything is written (not a directory, nothing to index). */
export class IndexInputError extends Error {
	constructor(message: string) {
		super(message);
		this.name = "IndexInputError";
	}
}
