/**
 * The indexer in a worker thread, for the repository service: the type checker is CPU- and
 * memory-heavy, so it never runs on the sidecar's event loop. A thread, not a child process: it
 * dies with the sidecar (even on kill -9), so an interrupted sync can never rename an index into
 * place afterwards. The index file is written the indexer's usual way (temp file + rename).
 */
import { parentPort, workerData } from "node:worker_threads";
import { z } from "zod";
import { indexRepository } from "../indexer/index.js";
import { createSiteExtractor } from "../trunks/extractor.js";
import { loadTrunkConfig } from "../trunks/load.js";

export const indexWorkerInput = z.strictObject({
	repo: z.string().min(1),
	out: z.string().min(1),
	trunks: z.enum(["builtin", "none"]),
});

export type IndexWorkerMessage =
	| { type: "progress"; phase: string; done: number; total: number }
	| {
			type: "done";
			files: number;
			definitions: number;
			edges: number;
			extractedFiles: number;
			wallMs: number;
			problems: number;
	  }
	| { type: "error"; name: string; message: string };

async function main(): Promise<void> {
	const port = parentPort;
	if (!port) throw new Error("index-worker must run in a worker thread");
	const say = (m: IndexWorkerMessage) => port.postMessage(m);
	try {
		const args = indexWorkerInput.parse(workerData);
		const trunkConfig = args.trunks === "none" ? undefined : loadTrunkConfig(null, args.repo);
		const result = await indexRepository({
			repo: args.repo,
			out: args.out,
			siteExtractor: trunkConfig && createSiteExtractor(trunkConfig),
			trunkConfig,
			onProgress: (e) => say({ type: "progress", ...e }),
		});
		say({
			type: "done",
			files: result.stats.files,
			definitions: result.stats.definitions,
			edges: result.stats.edges,
			extractedFiles: result.extractedFiles,
			wallMs: result.stats.wallMs,
			problems: result.problems.length,
		});
	} catch (err) {
		say({ type: "error", name: (err as Error).name, message: (err as Error).message });
	}
}

void main();
