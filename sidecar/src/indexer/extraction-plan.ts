/** How a run extracts: on how many threads, with how much heap each, in shares of how many characters. */
import { availableParallelism, totalmem } from "node:os";
import type { IndexOptions } from "./index-types.js";

/** Files extracted from which a run uses worker threads: below it, a second program costs more than it saves. */
export const THREADED_RUN_FILES = 1000;
/**
 * Source characters per extraction share. A program's memory grows with the source it holds (a
 * 14 M-character monorepo peaks near 2.5 GB in one program): a larger run is extracted share
 * after share, each program released before the next.
 */
export const SHARE_CHARS = 20_000_000;

/** Each thread's heap cap: a fair part of the machine's memory, at least 2 GB, at most 16 GB. */
export function defaultThreadHeapMb(threads: number): number {
	const mb = Math.floor(totalmem() / 1024 / 1024 / (threads + 1));
	return Math.max(2048, Math.min(16_384, mb));
}

export function threadCount(options: IndexOptions, files: number): number {
	const asked = options.threads ?? (files >= THREADED_RUN_FILES ? Math.min(2, availableParallelism()) : 1);
	if (options.siteExtractor && !options.siteExtractorModule) return 1;
	return Math.max(1, Math.min(asked, files));
}
