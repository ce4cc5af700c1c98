/**
 * The worker-thread entry of an incremental run's type-checked half (incremental-run.ts), started
 * as the run begins (see incremental.ts): the request and the result travel over the thread's port.
 */
import { parentPort, workerData } from "node:worker_threads";
import Database from "better-sqlite3";
import type {
	IncrementalRequest,
	IncrementalWorkerInput,
	IncrementalWorkerMessage,
} from "./incremental-protocol.js";
import { type ExtractorModule, runIncremental } from "./incremental-run.js";

const port = parentPort;
const input = workerData as IncrementalWorkerInput;

async function main(): Promise<void> {
	if (!port) throw new Error("incremental-worker must run in a worker thread");
	const post = (m: IncrementalWorkerMessage) => port.postMessage(m);
	// Asked for before the warm-up, so the request is queued while it runs.
	const request = new Promise<IncrementalRequest>((resolve) =>
		port.once("message", (m: IncrementalRequest) => resolve(m)),
	);
	const loadExtractor = (module: string) => import(module) as Promise<ExtractorModule>;
	// The extractor's modules first: the program's warm-up does not need them, but the thread's
	// first failure should be the one a bad module makes.
	const extractorModule = input.siteExtractorModule
		? await loadExtractor(input.siteExtractorModule)
		: undefined;
	const db = new Database(input.previous, { readonly: true, fileMustExist: true });
	let done: IncrementalWorkerMessage;
	try {
		done = await runIncremental(input, db, extractorModule, loadExtractor, request, post);
	} finally {
		db.close();
	}
	post(done);
}

main().catch((err: Error) => {
	const code = (err as { code?: unknown }).code;
	port?.postMessage({
		type: "failed",
		message: err.message,
		stack: err.stack,
		...(typeof code === "string" ? { code } : {}),
	} satisfies IncrementalWorkerMessage);
	// The pending request listener would keep the thread alive: let it exit.
	port?.close();
});
