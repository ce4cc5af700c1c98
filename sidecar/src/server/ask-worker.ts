/**
 * A worker thread that runs the answer pipeline, so a CPU-heavy question never blocks the
 * service's event loop (probes, status, queueing and 503s stay responsive under load).
 * It opens the index itself and reopens it when the file is replaced; one question at a time.
 */
import { parentPort, workerData } from "node:worker_threads";
import { IndexReader } from "../index/reader.js";
import { createLogger } from "../logger.js";
import { ask } from "../pipeline/ask.js";
import { stampOf } from "./index-holder.js";
import { llmFactory } from "./llm-factory.js";
import type { ResolvedLlmSettings } from "./questions.js";
import { toWire } from "./questions.js";

export type WorkerRequest =
	| { type: "ask"; id: number; indexPath: string; question: string; settings: ResolvedLlmSettings }
	| { type: "cancel"; id: number };

export type WorkerReply =
	| { type: "done"; id: number; answer: ReturnType<typeof toWire> }
	| { type: "error"; id: number; name: string; message: string };

const port = parentPort;
if (!port) throw new Error("ask-worker must run in a worker thread");
const log = createLogger({
	level: (workerData as { logLevel?: "info" }).logLevel ?? "info",
	name: "codeask-worker",
});

const createLlm = llmFactory(log);

/** Open readers by index path (repository mode sends questions about several indexes). */
const open = new Map<string, { reader: IndexReader; stamp: string }>();
const controllers = new Map<number, AbortController>();

function readerFor(path: string): IndexReader {
	const stamp = stampOf(path);
	// No file: open throws IndexError("index-missing"), and the service says 503.
	if (stamp === null) return IndexReader.open(path);
	const current = open.get(path);
	if (current?.stamp === stamp) return current.reader;
	const reader = IndexReader.open(path);
	current?.reader.close();
	open.set(path, { reader, stamp });
	return reader;
}

port.on("message", async (msg: WorkerRequest) => {
	if (msg.type === "cancel") {
		controllers.get(msg.id)?.abort();
		return;
	}
	const controller = new AbortController();
	controllers.set(msg.id, controller);
	try {
		const reader = readerFor(msg.indexPath);
		const llm = msg.settings.provider === "none" ? undefined : createLlm(msg.settings);
		const result = await ask(reader, msg.question, { llm, signal: controller.signal });
		port.postMessage({ type: "done", id: msg.id, answer: toWire(result) } satisfies WorkerReply);
	} catch (err) {
		const e = err as Error;
		if (e.name !== "IndexError") log.error({ err: e }, "question failed in worker");
		port.postMessage({ type: "error", id: msg.id, name: e.name, message: e.message } satisfies WorkerReply);
	} finally {
		controllers.delete(msg.id);
	}
});
