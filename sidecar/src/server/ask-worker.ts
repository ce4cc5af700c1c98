/**
 * A worker thread that runs the answer pipeline and draws diagrams, so CPU-heavy work never
 * blocks the service's event loop (probes, status, queueing and 503s stay responsive under
 * load). It opens the index generation the main thread validated, by the generation's private
 * link (never the served path, which a re-index may have replaced or broken), checks its inode,
 * and keeps it open until it is handed a newer generation. One request at a time.
 */
import { statSync } from "node:fs";
import { parentPort, workerData } from "node:worker_threads";
import type { Chain } from "@codeask/shared";
import type { IndexHandle } from "../index/holder.js";
import { IndexError } from "../index/index-error.js";
import { IndexReader } from "../index/reader.js";
import { createLogger } from "../logger.js";
import type { OverviewData } from "../overview/types.js";
import { ask } from "../pipeline/ask.js";
import { llmFactory } from "./llm-factory.js";
import type { ResolvedLlmSettings } from "./questions.js";
import { drawChains, drawPackageGraph, toWire } from "./questions.js";

export type WorkerRequest =
	| {
			type: "ask";
			id: number;
			index: IndexHandle;
			question: string;
			settings: ResolvedLlmSettings;
			diagramPng: boolean;
			detail?: "short" | "full";
	  }
	| { type: "draw"; id: number; index: IndexHandle; chains: Chain[]; title: string }
	| { type: "draw-packages"; id: number; data: OverviewData }
	| { type: "cancel"; id: number };

export type WorkerReply =
	| { type: "done"; id: number; answer: ReturnType<typeof toWire> }
	| { type: "drawn"; id: number; png: string | null }
	| { type: "error"; id: number; name: string; message: string };

const port = parentPort;
if (!port) throw new Error("ask-worker must run in a worker thread");
const log = createLogger({
	level: (workerData as { logLevel?: "info" }).logLevel ?? "info",
	name: "codeask-worker",
});

const createLlm = llmFactory(log);

/** The open generation of each served index (repository mode sends questions about several). */
const open = new Map<string, { reader: IndexReader; generation: number }>();
const controllers = new Map<number, AbortController>();

const inodeOf = (path: string): number | null => {
	try {
		return statSync(path).ino;
	} catch {
		return null;
	}
};

function readerFor(handle: IndexHandle): IndexReader {
	const current = open.get(handle.served);
	if (current?.generation === handle.generation) return current.reader;
	if (inodeOf(handle.path) !== handle.ino) {
		throw new IndexError(
			"index-missing",
			`the index generation ${handle.generation} is no longer at ${handle.path}`,
		);
	}
	const reader = IndexReader.open(handle.path, { questions: "many" });
	// The name may have been reused between the check and the open: only the validated file will do.
	if (inodeOf(handle.path) !== handle.ino) {
		reader.close();
		throw new IndexError("index-missing", `the index generation ${handle.generation} changed while opening`);
	}
	current?.reader.close();
	open.set(handle.served, { reader, generation: handle.generation });
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
		if (msg.type === "draw-packages") {
			const png = await drawPackageGraph(msg.data, log);
			port.postMessage({ type: "drawn", id: msg.id, png: png ?? null } satisfies WorkerReply);
			return;
		}
		const reader = readerFor(msg.index);
		const lease = { reader };
		if (msg.type === "draw") {
			const png = await drawChains({ chains: msg.chains, title: msg.title, lease }, log);
			port.postMessage({ type: "drawn", id: msg.id, png: png ?? null } satisfies WorkerReply);
			return;
		}
		const llm = msg.settings.provider === "none" ? undefined : createLlm(msg.settings);
		let answer = toWire(
			await ask(reader, msg.question, {
				llm,
				signal: controller.signal,
				measureMaterial: false,
				...(msg.detail ? { detail: msg.detail } : {}),
			}),
		);
		if (msg.diagramPng && answer.chains.length > 0) {
			const png = await drawChains({ chains: answer.chains, title: msg.question, lease }, log);
			if (png) answer = { ...answer, diagramPng: png };
		}
		port.postMessage({ type: "done", id: msg.id, answer } satisfies WorkerReply);
	} catch (err) {
		const e = err as Error;
		if (e.name !== "IndexError" && e.name !== "AskInputError")
			log.error({ err: e }, "question failed in worker");
		port.postMessage({ type: "error", id: msg.id, name: e.name, message: e.message } satisfies WorkerReply);
	} finally {
		controllers.delete(msg.id);
	}
});
