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
import type { WorkspacePackage } from "../workspace/packages.js";
import type { CollectedFile } from "./collect.js";
import type {
	IncrementalRequest,
	IncrementalResult,
	IncrementalWorkerInput,
	IncrementalWorkerMessage,
	SnapshotHello,
} from "./incremental-protocol.js";
import {
	BUNDLED_EXTRACTOR,
	bundleIsCurrent,
	discardBlob,
	log,
	noteSnapshotRun,
	type SnapshotPlan,
	snapshotFailing,
	snapshotPlan,
	spawnSnapshotProcess,
} from "./snapshot.js";
import { SECOND_THREAD_HEAP_MB } from "./snapshot-bundle.js";

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
	/**
	 * Resolves once the request made by `extract` has left this thread (never rejects). A process's
	 * request (~1.5 MB on Rocket.Chat: every collected file) is written to its pipe as the event loop
	 * runs, while the process reads it: the caller awaits this before long synchronous work.
	 */
	sent(): Promise<void>;
	/** Stop the thread (a run that turned out to need no extraction, or another path). */
	close(): void;
}

/** Heap of the thread: the snapshot process's (snapshot.ts). */
const HEAP = { maxOldGenerationSizeMb: SECOND_THREAD_HEAP_MB };

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

/**
 * The second thread of an incremental run: a process started from this build's startup snapshot
 * when there is one for the run's site extractor (snapshot.ts), else a worker thread. Same rows
 * either way; a snapshot process that fails in any way hands its work to a worker thread.
 */
export function startIncrementalWorker(input: IncrementalWorkerInput): IncrementalWorker {
	const bundled = input.siteExtractorModule === null || input.siteExtractorModule === BUNDLED_EXTRACTOR;
	const plan = bundled ? snapshotPlan() : null;
	if (plan && existsSync(plan.blob) && !snapshotFailing(plan)) return startSnapshotProcess(input, plan);
	return startThread(input);
}

type Settle = { resolve: (r: IncrementalResult) => void; reject: (e: Error) => void };

/** The request as it travels to the thread or process. */
function requestMessage(request: Parameters<IncrementalWorker["extract"]>[0]): IncrementalRequest {
	return {
		packages: request.packages,
		siteExtractor: request.siteExtractor,
		files: request.files.map((f) => [f.abs, f.path, f.hash, f.packageIndex]),
		notUnchanged: request.notUnchanged.map((f) => [f.abs, f.content]),
		removedFiles: request.removedFiles,
		declarationFiles: request.declarationFiles,
		layout: request.layout,
		previousGlobals: request.previousGlobals,
	};
}

/**
 * A process started from the startup snapshot, with a worker thread as its fallback: started in
 * its place when the process exits or fails before its result, reports another key, or the bundle
 * is older than dist/ — and given the request if it was already made.
 */
function startSnapshotProcess(input: IncrementalWorkerInput, plan: SnapshotPlan): IncrementalWorker {
	const child = spawnSnapshotProcess(plan, input);
	let ready = false;
	let finished = false;
	let closed = false;
	let thread: IncrementalWorker | undefined;
	let pending:
		| {
				request: Parameters<IncrementalWorker["extract"]>[0];
				onProgress: (phase: "parse" | "extract", done: number) => void;
				settle: Settle;
		  }
		| undefined;
	let markSent = () => {};
	const sent = new Promise<void>((resolve) => {
		markSent = resolve;
	});
	let stderr = "";
	child.stderr?.on("data", (d: Buffer) => {
		stderr = (stderr + d.toString()).slice(-4000);
	});
	const stop = () => {
		child.removeAllListeners("close");
		if (child.exitCode === null && child.signalCode === null) child.kill();
	};
	// The process failed where it had started fine: counted when the thread then does the work
	// (snapshotFailing: a failure that repeats stops the blob's use).
	let blamed = false;
	const threadExtract = (
		request: Parameters<IncrementalWorker["extract"]>[0],
		onProgress: (phase: "parse" | "extract", done: number) => void,
		settle: Settle,
	) =>
		thread?.extract(request, onProgress).then((result) => {
			if (blamed) noteSnapshotRun(plan, true);
			settle.resolve(result);
		}, settle.reject);
	const fallBack = (why: string, badBlob = false, blame = false) => {
		if (thread || closed || finished) return;
		log("snapshot process not used (%s)%s", why, stderr ? `: ${stderr.trim()}` : "");
		stop();
		if (badBlob) discardBlob(plan);
		blamed = blame;
		markSent();
		thread = startThread(input);
		if (pending) threadExtract(pending.request, pending.onProgress, pending.settle);
	};
	child.on("message", (m: IncrementalWorkerMessage | SnapshotHello) => {
		if (thread || closed || finished) return;
		if (m.type === "ready") {
			if (m.key === plan.key) ready = true;
			else fallBack(`the blob reports key ${m.key}, not ${plan.key}`, true);
			return;
		}
		if (!pending) return;
		if (m.type === "parsed") pending.onProgress("parse", m.done);
		else if (m.type === "progress") pending.onProgress("extract", m.done);
		else if (m.type === "failed") fallBack(`it failed: ${m.message}`, false, true);
		else {
			finished = true;
			noteSnapshotRun(plan, false);
			pending.settle.resolve({ ...m, snapshot: true });
			stop();
		}
	});
	child.on("error", (err) => fallBack(`cannot start it: ${err.message}`));
	// "close", not "exit": after its last messages were read.
	child.on("close", (code, signal) =>
		// Dying before it said which key it holds: the blob is unusable (corrupt, other V8 flags).
		fallBack(`it exited (${signal ?? code})`, !ready, ready),
	);
	// Our modules changed since the bundle was made (checked while the process starts).
	if (!bundleIsCurrent(plan)) fallBack("the bundle is older than dist/");
	// Not waited for until the request (as the thread).
	const unref = (on: boolean) => {
		const handles = [child, child.channel, child.stderr] as (
			| { ref(): void; unref(): void }
			| null
			| undefined
		)[];
		for (const h of handles) on ? h?.ref() : h?.unref();
	};
	unref(false);
	return {
		input,
		extract(request, onProgress) {
			return new Promise<IncrementalResult>((resolve, reject) => {
				pending = { request, onProgress, settle: { resolve, reject } };
				if (thread) {
					threadExtract(request, onProgress, pending.settle);
					return;
				}
				unref(true);
				child.send(requestMessage(request), (err) => {
					markSent();
					if (err) fallBack(`cannot send it the request: ${err.message}`);
				});
			});
		},
		sent: () => sent,
		close() {
			closed = true;
			markSent();
			stop();
			thread?.close();
		},
	};
}

function startThread(input: IncrementalWorkerInput): IncrementalWorker {
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
				worker.postMessage(requestMessage(request));
			});
		},
		// A thread's messages are queued on its port at once.
		sent: () => Promise.resolve(),
		close() {
			listener = undefined;
			void worker.terminate();
		},
	};
}
