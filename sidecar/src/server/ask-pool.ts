/**
 * A pool of ask workers (one per running slot). The limiter in front guarantees at most
 * `size` questions at once; the pool hands each to an idle worker. A question that outlives
 * its timeout is first asked to abort; if its worker is still busy after `killAfterMs` more,
 * the worker is terminated and replaced, so a runaway question can never hold a slot forever.
 */
import { Worker } from "node:worker_threads";
import type { AskResponse } from "@codeask/shared";
import { IndexError } from "../index/index-error.js";
import type { Logger } from "../logger.js";
import type { WorkerReply, WorkerRequest } from "./ask-worker.js";
import type { AskTask, DrawTask, Runners } from "./questions.js";

export interface AskPoolOptions {
	size: number;
	/** Grace after an abort before the worker is terminated. */
	killAfterMs: number;
	log: Logger;
	logLevel: string;
	/** The compiled worker script; default: ask-worker.js next to this module. */
	workerUrl?: URL;
}

interface Slot {
	worker: Worker;
	task: { id: number; resolve(value: unknown): void; reject(e: Error): void } | null;
}

export class WorkerCrashedError extends Error {
	constructor(message: string) {
		super(message);
		this.name = "WorkerCrashedError";
	}
}

export class AskPool {
	private readonly slots: Slot[] = [];
	private readonly waiting: (() => void)[] = [];
	private nextId = 1;
	private closed = false;

	constructor(private readonly o: AskPoolOptions) {
		for (let i = 0; i < o.size; i++) this.slots.push(this.spawn());
	}

	/** The pool as the question service's runners: questions and drawings both run in the workers. */
	get runners(): Runners {
		return {
			ask: (task) => this.run(task),
			draw: (task) => this.draw(task),
			drawPackages: async (task) => {
				const png = await this.post(task.signal, (id) => ({ type: "draw-packages", id, data: task.data }));
				return typeof png === "string" ? png : undefined;
			},
		};
	}

	run(task: AskTask): Promise<AskResponse> {
		// A client with its own key stays in this thread; workers build their own from settings.
		return this.post(task.signal, (id) => ({
			type: "ask",
			id,
			index: task.lease.handle,
			question: task.question,
			settings: task.settings,
			diagramPng: Boolean(task.diagramPng),
			...(task.detail ? { detail: task.detail } : {}),
		})) as Promise<AskResponse>;
	}

	async draw(task: DrawTask): Promise<string | undefined> {
		const png = await this.post(task.signal, (id) => ({
			type: "draw",
			id,
			index: task.lease.handle,
			chains: task.chains,
			title: task.title,
		}));
		return typeof png === "string" ? png : undefined;
	}

	/** Hand one request to an idle worker (waiting for one), and settle with its reply. */
	private async post(signal: AbortSignal, request: (id: number) => WorkerRequest): Promise<unknown> {
		let slot = this.slots.find((s) => s.task === null);
		while (!slot) {
			await new Promise<void>((r) => this.waiting.push(r));
			slot = this.slots.find((s) => s.task === null);
		}
		const id = this.nextId++;
		const current = slot;
		return new Promise<unknown>((resolve, reject) => {
			let killTimer: NodeJS.Timeout | undefined;
			const finish = () => {
				clearTimeout(killTimer);
				signal.removeEventListener("abort", onAbort);
				current.task = null;
				this.waiting.shift()?.();
			};
			current.task = {
				id,
				resolve: (a) => {
					finish();
					resolve(a);
				},
				reject: (e) => {
					finish();
					reject(e);
				},
			};
			const onAbort = () => {
				current.worker.postMessage({ type: "cancel", id } satisfies WorkerRequest);
				killTimer = setTimeout(() => {
					this.o.log.warn({ id }, "question did not stop after abort: replacing its worker");
					this.replace(current, new WorkerCrashedError("the question was stopped"));
				}, this.o.killAfterMs);
			};
			signal.addEventListener("abort", onAbort, { once: true });
			current.worker.postMessage(request(id));
		});
	}

	async close(): Promise<void> {
		this.closed = true;
		await Promise.all(this.slots.map((s) => s.worker.terminate()));
	}

	private spawn(): Slot {
		const url = this.o.workerUrl ?? new URL("./ask-worker.js", import.meta.url);
		const worker = new Worker(url, { workerData: { logLevel: this.o.logLevel } });
		const slot: Slot = { worker, task: null };
		worker.on("message", (reply: WorkerReply) => {
			if (!slot.task || slot.task.id !== reply.id) return;
			if (reply.type === "done") slot.task.resolve(reply.answer);
			else if (reply.type === "drawn") slot.task.resolve(reply.png ?? undefined);
			else if (reply.name === "IndexError") slot.task.reject(new IndexError("index-missing", reply.message));
			else {
				// Keep the error's name, so the service maps it as it would an in-process one.
				const err = new Error(reply.message);
				err.name = reply.name;
				slot.task.reject(err);
			}
		});
		worker.on("error", (err) => {
			this.o.log.error({ err }, "ask worker crashed");
			this.replace(slot, new WorkerCrashedError("the answering worker crashed"));
		});
		// A worker can also end without an "error" (process.exit, a resource limit): its question
		// fails at once instead of waiting for the timeout. A replaced worker is no longer a slot.
		worker.on("exit", (code) => {
			if (this.closed || !this.slots.includes(slot)) return;
			this.o.log.error({ code }, "ask worker exited");
			this.replace(slot, new WorkerCrashedError("the answering worker exited"));
		});
		worker.unref();
		return slot;
	}

	/** Terminate a slot's worker, fail its task, and put a fresh worker in its place. */
	private replace(slot: Slot, reason: Error): void {
		const at = this.slots.indexOf(slot);
		if (at < 0) return;
		slot.task?.reject(reason);
		void slot.worker.terminate();
		if (this.closed) return;
		this.slots[at] = this.spawn();
		this.waiting.shift()?.();
	}
}
