/**
 * Extraction over worker threads: the files are cut into contiguous shares of about equal size
 * (neighbouring files import each other, so a share's program pulls in less of the rest), each
 * extracted by a worker with its own program. Type checking is most of the indexing time and
 * does not share across threads; two shares on two cores take ~0.6 of the time of one.
 */
import { getHeapStatistics } from "node:v8";
import { Worker } from "node:worker_threads";
import type { SiteExtractor } from "../index/types.js";
import type { WorkspacePackage } from "../workspace/packages.js";
import { type Extracted, extractFiles, type FileExtract } from "./extract.js";
import type { ExtractWorkerInput, ExtractWorkerMessage } from "./extract-worker.js";
import { ShareCounts } from "./share-counts.js";
import { threadCpuMs } from "./thread-cpu.js";
import { raiseTierUpBudget } from "./tier-up.js";

export interface ParallelInput {
	repoRoot: string;
	packages: WorkspacePackage[];
	sources: ReadonlyMap<string, { readonly path: string; readonly content: string }>;
	files: string[];
	declarationFiles: string[];
	/** Absolute paths of the files that may declare globals (`mayDeclareGlobals`). */
	globalFiles: string[];
	siteExtractor: { module: string; config: unknown } | null;
	/**
	 * The site extractor `siteExtractor` names, built on this thread: with it, the first share is
	 * extracted here (see `extractInThreads`). Undefined: every share goes to a worker.
	 */
	localExtractor?: SiteExtractor | null;
	threads: number;
	/** Heap of each worker (MB): old generation, and a young generation sized for the checker. */
	heapMb: number;
	/**
	 * Source characters per share at most: a larger run is cut into more shares than threads, and
	 * each thread extracts its shares one after another, each over its own program, released
	 * before the next (memory follows the share, not the repository).
	 */
	shareChars: number;
	/**
	 * Files parsed (while the shares' programs are built; each share's count capped at its size)
	 * or extracted so far, summed over the shares.
	 */
	/** `live`: the ShareCounts cells, for a reader on another thread (share-counts.ts). */
	onProgress?: (phase: "parse" | "extract", done: number, live: Int32Array) => void;
}

/**
 * True when a file can add to the global scope of every other file: a script (no import or
 * export: its top-level declarations are global), a `declare global` / `declare module` block, or
 * any JS file (`process.env.X = …` at top level declares a global \`process\` there). A share's
 * program must hold every such file. Errs towards true.
 */
export function mayDeclareGlobals(path: string, content: string): boolean {
	return (
		/\.[cm]?jsx?$/.test(path) ||
		!/^[ \t]*(?:import|export)\b/m.test(content) ||
		/\bdeclare\s+(?:global|module)\b/.test(content)
	);
}

/** `files` cut into `n` contiguous shares of about equal total content length. */
export function shares(files: string[], sizeOf: (f: string) => number, n: number): string[][] {
	const total = files.reduce((a, f) => a + sizeOf(f), 0);
	const out: string[][] = [[]];
	let acc = 0;
	for (const f of files) {
		const current = out[out.length - 1] as string[];
		if (acc >= (total * out.length) / n && out.length < n && current.length > 0) out.push([f]);
		else current.push(f);
		acc += sizeOf(f);
	}
	return out;
}

/** The shares' files in order; timings are each stage's sum over shares. */
export async function extractInThreads(input: ParallelInput): Promise<Extracted> {
	raiseTierUpBudget();
	const size = (f: string) => input.sources.get(f)?.content.length ?? 0;
	const total = input.files.reduce((a, f) => a + size(f), 0);
	const parts = shares(input.files, size, Math.max(input.threads, Math.ceil(total / input.shareChars)));
	// Every share's program holds the files that can declare globals, so a reference resolves
	// as it would in one program over every file.
	const globalFiles = input.globalFiles;
	const sources: [string, string, string][] = [...input.sources].map(([abs, f]) => [abs, f.path, f.content]);
	// Every share's counts, written by its own thread (share-counts.ts: read while this thread is busy).
	const counts = new ShareCounts(parts.length);
	// "parse" until the first share extracts, then "extract" to the end (a later share's program, in
	// a run of more shares than threads, is built under "extract").
	const report = () => {
		const { phase, done } = counts.progress();
		input.onProgress?.(phase, done, counts.cells);
	};
	const job = (i: number) => {
		const files = parts[i] as string[];
		const own = new Set(files);
		return runWorker(
			{
				repoRoot: input.repoRoot,
				packages: input.packages,
				sources,
				files,
				extraRoots: [...input.declarationFiles, ...globalFiles.filter((f) => !own.has(f))],
				siteExtractor: input.siteExtractor,
				counts: { cells: counts.cells, share: i },
			},
			input.heapMb,
			report,
		);
	};
	const results: (Extracted & { cpu?: number })[] = new Array(parts.length);
	const first = parts[0] as string[];
	if (input.localExtractor !== undefined && parts.length <= input.threads && fitsThisHeap(first, size)) {
		// One share per thread: the first is extracted on this thread, the others' workers started
		// first. No thread to start for it (loading the compiler again, ~0.5 s of CPU) and its
		// output not copied through messages; its program is released when it returns. The workers'
		// messages wait until it is done. Same program, so the same output, as in a worker.
		const others = parts.slice(1).map((_, k) => job(k + 1));
		// Settled later by Promise.all; marked handled now in case this share throws first.
		for (const p of others) p.catch(() => {});
		const own = new Set(first);
		const cpu = threadCpuMs();
		const here = extractFiles({
			repoRoot: input.repoRoot,
			packages: input.packages,
			sources: input.sources,
			files: first,
			extraRoots: [...input.declarationFiles, ...globalFiles.filter((f) => !own.has(f))],
			// As in extract-worker.ts: the other shares' files for their declarations, globals in full.
			globalRoots: [],
			siteExtractor: input.localExtractor ?? undefined,
			onParsed: (n) => {
				counts.set(0, "parse", Math.min(n, first.length));
				report();
			},
			onFile: (n) => {
				counts.set(0, "extract", n);
				if (n % 50 === 0 || n === first.length) report();
			},
		});
		const end = threadCpuMs();
		results[0] = { ...here, ...(cpu === undefined || end === undefined ? {} : { cpu: end - cpu }) };
		for (const [k, r] of (await Promise.all(others)).entries()) results[k + 1] = r;
	} else {
		// `threads` workers at a time; a share's worker exits when it is done, releasing its program.
		let next = 0;
		const lane = async () => {
			while (next < parts.length) {
				const i = next++;
				results[i] = await job(i);
			}
		};
		await Promise.all(Array.from({ length: Math.min(input.threads, parts.length) }, lane));
	}
	return {
		files: results.flatMap((r) => r.files),
		timings: {
			program: results.reduce((a, r) => a + r.timings.program, 0),
			defs: results.reduce((a, r) => a + r.timings.defs, 0),
			edges: results.reduce((a, r) => a + r.timings.edges, 0),
		},
		shares: results.map((r, i) => ({
			files: (parts[i] as string[]).length,
			...r.timings,
			...(r.cpu === undefined ? {} : { cpu: r.cpu }),
		})),
	};
}

/**
 * Bytes of heap a program takes per character of its share, with a wide margin (Rocket.Chat: ~1 GB
 * for a 17 M-character share, what it imports and every global-declaring file).
 */
const HEAP_BYTES_PER_SHARE_CHAR = 150;

/** Whether this thread's heap has room for a program over `files` (else a worker, with its own heap, takes it). */
function fitsThisHeap(files: string[], size: (f: string) => number): boolean {
	const heap = getHeapStatistics();
	const chars = files.reduce((a, f) => a + size(f), 0);
	return heap.heap_size_limit - heap.used_heap_size > chars * HEAP_BYTES_PER_SHARE_CHAR;
}

function runWorker(
	data: ExtractWorkerInput,
	heapMb: number,
	/** On each progress message; the counts themselves are in the shared cells. */
	onProgress: () => void,
) {
	return new Promise<Extracted & { cpu?: number }>((resolve, reject) => {
		const worker = new Worker(new URL("./extract-worker.js", import.meta.url), {
			workerData: data,
			resourceLimits: { maxOldGenerationSizeMb: heapMb, maxYoungGenerationSizeMb: 192 },
		});
		const received: FileExtract[] = [];
		let settled = false;
		const settle = (fn: () => void) => {
			if (!settled) {
				settled = true;
				fn();
			}
		};
		worker.on("message", (m: ExtractWorkerMessage) => {
			if (m.type === "files") for (const f of m.files) received.push(f);
			else if (m.type === "parsed" || m.type === "progress") onProgress();
			else if (m.type === "done")
				settle(() =>
					resolve({ ...m.extracted, files: received, ...(m.cpu === undefined ? {} : { cpu: m.cpu }) }),
				);
			else settle(() => reject(Object.assign(new Error(m.message), { stack: m.stack ?? m.message })));
		});
		worker.on("error", (err: NodeJS.ErrnoException) =>
			settle(() =>
				reject(
					err.code === "ERR_WORKER_OUT_OF_MEMORY"
						? new Error(`an extraction thread ran out of its ${heapMb} MB heap: index with --threads 1`)
						: err,
				),
			),
		);
		worker.on("exit", (code) =>
			settle(() => reject(new Error(`an extraction thread stopped unexpectedly (exit ${code})`))),
		);
	});
}
