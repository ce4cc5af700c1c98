/**
 * Whether a previous index can be reused, decided without loading the compiler: the CLI asks
 * before it chooses to run a full index in a worker thread with a larger heap (worth it for a full run only).
 */
import { join, resolve } from "node:path";
import { VERSION } from "../version.js";
import { sha1 } from "./collect.js";
import type { IndexOptions } from "./index.js";
import { openPrevious } from "./previous.js";

/** The index file `indexRepository` writes for these options. */
export function indexPath(options: Pick<IndexOptions, "repo" | "out">): string {
	return resolve(options.out ?? join(resolve(options.repo), ".codeask", "index.db"));
}

/**
 * What must match for a previous index to be reused: the collect options and the trunk
 * configuration (the format and tool versions are checked by `openPrevious`).
 */
export function reuseKey(options: Pick<IndexOptions, "includeTests" | "exclude" | "trunkConfig">): string {
	return JSON.stringify({
		includeTests: options.includeTests ?? false,
		exclude: options.exclude ?? [],
		trunks: options.trunkConfig === undefined ? null : sha1(JSON.stringify(options.trunkConfig)),
	});
}

/** True when `indexRepository(options)` will start from a previous index (an incremental run). */
export function hasReusableIndex(options: IndexOptions): boolean {
	if (options.full) return false;
	const previous = openPrevious(indexPath(options), VERSION, reuseKey(options));
	previous?.close();
	return previous !== null;
}
