/**
 * Runs `index-worker` in a worker thread (with the indexer's heap limits) and turns its messages
 * into progress callbacks and a result. Injected into the repository service, so tests can count
 * or pace indexing; the default is this worker.
 */
import { existsSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type { IndexWorkerMessage } from "./index-worker.js";

export interface IndexRunRequest {
	/** The folder to index (checkout + subfolder). */
	repo: string;
	out: string;
	trunks: "builtin" | "none";
	/** Percent done, 0-100, as the index runs. */
	onProgress?: (percent: number) => void;
	signal?: AbortSignal;
}

export interface IndexRunResult {
	files: number;
	definitions: number;
	edges: number;
	extractedFiles: number;
	wallMs: number;
}

export type IndexRunner = (request: IndexRunRequest) => Promise<IndexRunResult>;

/** The same limits as `codeask index` (a ~7,000-file monorepo peaks near 2.5 GB of heap). */
const WORKER_LIMITS = { maxYoungGenerationSizeMb: 192, maxOldGenerationSizeMb: 4096 };

/** The compiled worker script; from the sources (tests) it is the built one in dist/. */
export function workerScript(): URL {
	const here = fileURLToPath(new URL("./index-worker.js", import.meta.url));
	if (existsSync(here)) return pathToFileURL(here);
	return pathToFileURL(here.replace(/([\\/])src([\\/]repos[\\/]index-worker\.js)$/, "$1dist$2"));
}

/** Map the indexer's phases onto one percentage: extraction is most of the work. */
function percentOf(phase: string, done: number, total: number): number {
	const share = total > 0 ? Math.min(1, done / total) : 1;
	const span: Record<string, [number, number]> = {
		collect: [0, 5],
		parse: [5, 20],
		extract: [20, 90],
		write: [90, 99],
	};
	const [from, to] = span[phase] ?? [0, 99];
	return Math.round(from + (to - from) * share);
}

export class IndexRunError extends Error {
	constructor(message: string) {
		super(message);
		this.name = "IndexRunError";
	}
}

export const workerIndexRunner: IndexRunner = (request) =>
	new Promise((resolve, reject) => {
		const worker = new Worker(workerScript(), {
			workerData: { repo: request.repo, out: request.out, trunks: request.trunks },
			resourceLimits: WORKER_LIMITS,
		});
		let settled = false;
		const settle = (fn: () => void) => {
			if (settled) return;
			settled = true;
			request.signal?.removeEventListener("abort", onAbort);
			fn();
			void worker.terminate();
		};
		const onAbort = () => settle(() => reject(new IndexRunError("indexing was stopped")));
		request.signal?.addEventListener("abort", onAbort, { once: true });
		worker.on("message", (m: IndexWorkerMessage) => {
			if (m.type === "progress") request.onProgress?.(percentOf(m.phase, m.done, m.total));
			else if (m.type === "done") settle(() => resolve(m));
			else settle(() => reject(new IndexRunError(`indexing failed: ${m.message}`)));
		});
		worker.on("error", (err) =>
			settle(() => reject(new IndexRunError(`the indexer crashed: ${err.message}`))),
		);
		worker.on("exit", (code) =>
			settle(() => reject(new IndexRunError(`the indexer stopped (exit code ${code}) before finishing`))),
		);
	});
