/**
 * An incremental run's type-checked half on a second thread (incremental-worker.ts), so the two
 * cores share a one-file re-index: the worker is started as the run begins (the CLI starts it
 * before it loads the rest of itself) and warms up (loads the compiler, parses and binds the lib
 * files and the files the previous index found declaring globals) while this thread collects the
 * files and reads the previous index; then it extracts what changed while this thread loads the
 * saved dispatch sites. Same rows as on this thread: same files, same program.
 */
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { CollectedFile } from "./collect.js";
import type { Extracted } from "./extract.js";
import type { ConfigProblem } from "./resolve.js";
import type { WorkspacePackage } from "./workspace.js";

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
	  }
	/** `code`: a system or SQLite error's (a damaged previous index is rebuilt by the CLI). */
	| { type: "failed"; message: string; stack?: string; code?: string };

export type IncrementalResult = Extract<IncrementalWorkerMessage, { type: "done" }>;

export interface IncrementalWorker {
	/** What the thread was started for. */
	readonly input: IncrementalWorkerInput;
	/** Extract what changed. Call once. */
	extract(
		request: {
			packages: WorkspacePackage[];
			siteExtractor: { module: string; config: unknown } | null;
			files: CollectedFile[];
			notUnchanged: CollectedFile[];
			removedFiles: string[];
			declarationFiles: string[];
			layout: string;
			previousGlobals: string[] | null;
		},
		onProgress: (phase: "parse" | "extract", done: number) => void,
	): Promise<IncrementalResult>;
	/** Stop the thread (a run that turned out to need no extraction, or another path). */
	close(): void;
}

/**
 * Heap of the thread: one file's program is a few hundred MB; a young generation larger than
 * V8's default was no faster for it (measured on the main thread, session 5).
 */
const HEAP = { maxOldGenerationSizeMb: 4096 };

function failedError(m: Extract<IncrementalWorkerMessage, { type: "failed" }>): Error {
	return Object.assign(new Error(m.message), {
		stack: m.stack ?? m.message,
		...(m.code ? { code: m.code } : {}),
	});
}

const WORKER_MODULE = new URL("./incremental-worker.js", import.meta.url);

/** False when run from the TypeScript sources (the test runner): the worker loads its built .js sibling. */
export function incrementalWorkerAvailable(): boolean {
	return existsSync(fileURLToPath(WORKER_MODULE));
}

export function startIncrementalWorker(input: IncrementalWorkerInput): IncrementalWorker {
	const worker = new Worker(WORKER_MODULE, {
		workerData: input,
		resourceLimits: HEAP,
	});
	let failure: Error | undefined;
	let listener: ((m: IncrementalWorkerMessage) => void) | undefined;
	worker.on("message", (m: IncrementalWorkerMessage) => {
		if (listener) listener(m);
		else if (m.type === "failed") failure ??= failedError(m);
	});
	worker.on("error", (err) => {
		failure = err;
		listener?.({ type: "failed", message: err.message, stack: err.stack });
	});
	worker.on("exit", (code) => {
		const err = new Error(`the incremental indexing thread stopped unexpectedly (exit ${code})`);
		failure ??= err;
		listener?.({ type: "failed", message: err.message });
	});
	// Not awaited until the request: an early failure must not be an unhandled rejection.
	worker.unref();
	return {
		input,
		extract(request, onProgress) {
			worker.ref();
			return new Promise((resolve, reject) => {
				if (failure) {
					// The thread failed while warming up: it may still be alive (its message port open).
					void worker.terminate();
					reject(failure);
					return;
				}
				let settled = false;
				listener = (m) => {
					if (settled) return;
					if (m.type === "parsed") onProgress("parse", m.done);
					else if (m.type === "progress") onProgress("extract", m.done);
					else {
						settled = true;
						if (m.type === "done") resolve(m);
						else reject(failedError(m));
						void worker.terminate();
					}
				};
				worker.postMessage({
					packages: request.packages,
					siteExtractor: request.siteExtractor,
					files: request.files.map((f) => [f.abs, f.path, f.hash, f.packageIndex]),
					notUnchanged: request.notUnchanged.map((f) => [f.abs, f.content]),
					removedFiles: request.removedFiles,
					declarationFiles: request.declarationFiles,
					layout: request.layout,
					previousGlobals: request.previousGlobals,
				} satisfies IncrementalRequest);
			});
		},
		close() {
			listener = undefined;
			void worker.terminate();
		},
	};
}
