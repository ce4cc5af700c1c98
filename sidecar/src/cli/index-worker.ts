/**
 * A full `codeask index` run inside a worker thread of the CLI process, with a heap sized for
 * indexing. A thread, not a child process: it dies with the process (SIGTERM, SIGKILL, Ctrl-C),
 * so a killed run can never rename its index into place afterwards.
 */
import { parentPort, workerData } from "node:worker_threads";
import { z } from "zod";
import { IndexInputError, type IndexProgress, type IndexResult } from "../indexer/index-types.js";

export const IndexWorkerInput = z.object({
	repo: z.string(),
	out: z.string().optional(),
	includeTests: z.boolean(),
	exclude: z.array(z.string()),
	include: z.array(z.string()).default([]),
	full: z.boolean(),
	commit: z.string().optional(),
	threads: z.number().int().positive().optional(),
	/** The trunk configuration (already validated by the CLI), or undefined for `--no-trunks`. */
	trunkConfig: z.unknown(),
});
export type IndexWorkerInput = z.infer<typeof IndexWorkerInput>;

export type IndexWorkerMessage =
	| { type: "progress"; event: IndexProgress }
	| { type: "done"; result: IndexResult }
	| { type: "input-error"; message: string }
	/** `code`/`path`/`syscall` of a system or SQLite error, so the CLI can name it in one sentence. */
	| { type: "failed"; message: string; stack?: string; code?: string; path?: string; syscall?: string };

function failed(err: Error): IndexWorkerMessage {
	const { code, path, syscall } = err as NodeJS.ErrnoException;
	return {
		type: "failed",
		message: err.message,
		stack: err.stack,
		...(typeof code === "string" ? { code } : {}),
		...(typeof path === "string" ? { path, syscall } : {}),
	};
}

/** Extraction threads build their own trunk site extractor from this module. */
export const SITE_EXTRACTOR_MODULE = new URL("../trunks/extractor.js", import.meta.url).href;

async function main(): Promise<void> {
	const port = parentPort;
	if (!port) throw new Error("index-worker must run in a worker thread");
	const post = (m: IndexWorkerMessage) => port.postMessage(m);
	const input = IndexWorkerInput.parse(workerData);
	const [{ indexRepository }, { createSiteExtractor }] = await Promise.all([
		import("../indexer/index.js"),
		import("../trunks/extractor.js"),
	]);
	const trunkConfig = input.trunkConfig as Parameters<typeof createSiteExtractor>[0] | undefined;
	try {
		const result = await indexRepository({
			repo: input.repo,
			out: input.out,
			includeTests: input.includeTests,
			exclude: input.exclude,
			full: input.full,
			commit: input.commit,
			siteExtractor: trunkConfig && createSiteExtractor(trunkConfig),
			siteExtractorModule: SITE_EXTRACTOR_MODULE,
			trunkConfig,
			threads: input.threads,
			onProgress: (event) => post({ type: "progress", event }),
		});
		post({ type: "done", result });
	} catch (err) {
		if (err instanceof IndexInputError) post({ type: "input-error", message: err.message });
		else post(failed(err as Error));
	}
}

main().catch((err: Error) => {
	parentPort?.postMessage(failed(err));
});
