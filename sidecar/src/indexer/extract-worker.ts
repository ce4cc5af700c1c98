/**
 * A worker thread extracting one share of the files (see parallel.ts): its own program over the
 * share, its own site extractor built from the module the caller named. Dispatch sites go back
 * as the extractor's saved text, the form an incremental run already reads back.
 */
import { parentPort, workerData } from "node:worker_threads";
import type { SiteExtractor } from "../index/types.js";
import type { WorkspacePackage } from "../workspace/packages.js";
import { type Extracted, type ExtractInput, extractFiles, type FileExtract } from "./extract.js";
import { ShareCounts } from "./share-counts.js";
import { threadCpuMs } from "./thread-cpu.js";

export interface ExtractWorkerInput {
	repoRoot: string;
	packages: WorkspacePackage[];
	/** [absolute path, repo-relative path, content] of every collected file. */
	sources: [string, string, string][];
	files: string[];
	extraRoots: string[];
	/** URL of a module exporting `createSiteExtractor(config)`, and its config. */
	siteExtractor: { module: string; config: unknown } | null;
	/** This share's cells of the run's ShareCounts (share-counts.ts), read by the indexing thread. */
	counts?: { cells: Int32Array; share: number };
}

export type ExtractWorkerMessage =
	/** Sources parsed so far while the program is built (every 50), then files extracted. */
	| { type: "parsed"; done: number }
	| { type: "progress"; done: number }
	/** Extracted files, in order; `done` then carries only the timings. */
	| { type: "files"; files: FileExtract[] }
	/** `cpu`: this thread's CPU milliseconds, when known. */
	| { type: "done"; extracted: Extracted; cpu?: number }
	| { type: "failed"; message: string; stack?: string };

async function main(): Promise<void> {
	const port = parentPort;
	if (!port) throw new Error("extract-worker must run in a worker thread");
	const input = workerData as ExtractWorkerInput;
	const counts = input.counts ? new ShareCounts(input.counts.cells) : undefined;
	const share = input.counts?.share ?? 0;
	let siteExtractor: SiteExtractor | undefined;
	if (input.siteExtractor) {
		const mod = (await import(input.siteExtractor.module)) as {
			createSiteExtractor(config: unknown): SiteExtractor;
		};
		siteExtractor = mod.createSiteExtractor(input.siteExtractor.config);
	}
	const extractInput: ExtractInput = {
		repoRoot: input.repoRoot,
		packages: input.packages,
		sources: new Map(input.sources.map(([abs, path, content]) => [abs, { path, content }])),
		files: input.files,
		extraRoots: input.extraRoots,
		siteExtractor,
		onParsed: (done) => {
			counts?.set(share, "parse", Math.min(done, input.files.length));
			port.postMessage({ type: "parsed", done } satisfies ExtractWorkerMessage);
		},
		onFile: (done) => {
			counts?.set(share, "extract", done);
			if (done % 50 === 0 || done === input.files.length)
				port.postMessage({ type: "progress", done } satisfies ExtractWorkerMessage);
		},
	};
	// Files go back in batches as they are extracted, so the thread holds no more than a batch of
	// output beside its program. Sites travel as their saved text (`savedSites`); the caller loads them back.
	let batch: FileExtract[] = [];
	const flush = () => {
		if (batch.length) port.postMessage({ type: "files", files: batch } satisfies ExtractWorkerMessage);
		batch = [];
	};
	const { timings } = extractFiles({
		...extractInput,
		// The other shares' files are there for their declarations (import-scope.ts): a smaller
		// program, less memory. Files declaring globals are taken in full (no second pass when
		// one turns out to be imported): a share's files import most of them anyway.
		globalRoots: [],
		onExtracted: (f) => {
			batch.push({ ...f, sites: null });
			if (batch.length >= 100) flush();
		},
	});
	flush();
	const extracted: Extracted = { files: [], timings };
	port.postMessage({ type: "done", extracted, cpu: threadCpuMs() } satisfies ExtractWorkerMessage);
}

main().catch((err: Error) => {
	parentPort?.postMessage({
		type: "failed",
		message: err.message,
		stack: err.stack,
	} satisfies ExtractWorkerMessage);
});
