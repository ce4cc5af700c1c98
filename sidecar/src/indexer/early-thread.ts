/**
 * The second thread a small change is extracted on: started (or adopted from the caller) before the
 * run collects, so it is warm when the work is handed over. A holder, because the run may drop it
 * (nothing to extract, or a run for the extraction threads) and a run that fails must close it.
 */

import type { IncrementalWorker } from "./incremental.js";
import type { IndexOptions } from "./index-types.js";
import type { PreviousIndex } from "./previous.js";

export class EarlyThread {
	constructor(public worker: IncrementalWorker | null) {}

	/** Stop the thread; the run goes on without it. */
	drop(): void {
		this.worker?.close();
		this.worker = null;
	}

	/** `fn`'s value; the thread closed when it throws (it must not outlive a run that fails before handing it the work). */
	closeOnError<T>(fn: () => T): T {
		try {
			return fn();
		} catch (err) {
			this.worker?.close();
			throw err;
		}
	}
}

export interface EarlyThreadInput {
	options: IndexOptions;
	repoRoot: string;
	/** The index file, the previous index the thread reads. */
	out: string;
	previous: PreviousIndex | null;
	/** incremental.ts, loaded only for a run with a previous index that may use the thread. */
	incrementalThread: typeof import("./incremental.js") | null;
	/** The site extractor's module the thread loads (null: no sites, or an extractor given as an object). */
	siteExtractorModule: string | null;
}

/** The thread given by the caller when it was started for this run, else a new one, or none. */
export function earlyThread(input: EarlyThreadInput): EarlyThread {
	const { options, repoRoot, out, previous, incrementalThread, siteExtractorModule } = input;
	const given = options.incrementalWorker;
	const worker =
		previous &&
		incrementalThread?.incrementalWorkerAvailable() &&
		!(options.siteExtractor && !options.siteExtractorModule)
			? given &&
				given.input.repoRoot === repoRoot &&
				given.input.previous === out &&
				given.input.siteExtractorModule === siteExtractorModule
				? given
				: incrementalThread.startIncrementalWorker({ repoRoot, previous: out, siteExtractorModule })
			: null;
	if (given && worker !== given) given.close();
	return new EarlyThread(worker);
}
