/**
 * Answers one question for the HTTP layer (sync `/v1/ask` and async jobs alike): cache lookup,
 * a slot in the limiter, a lease on the current index, the per-request LLM, and the per-question
 * timeout. Errors come out as HttpError with the status the caller should see.
 */
import { randomUUID } from "node:crypto";
import type { AskResponse, Chain, LlmRequest } from "@codeask/shared";
import type { LlmDefaults } from "../config.js";
import { chainsPng, diagramOptionsFor, packageGraphPng } from "../diagram/index.js";
import { HttpError } from "../http/http-error.js";
import { type IndexHolder, type IndexLease, IndexNotReadyError } from "../index/holder.js";
import type { IndexReader } from "../index/reader.js";
import type { LlmClient } from "../llm/types.js";
import type { Logger } from "../logger.js";
import type { OverviewData } from "../overview/types.js";
import type { AskOptions, AskResult } from "../pipeline/types.js";
import { VERSION } from "../version.js";
import { AnswerCache } from "./answer-cache.js";
import type { AnswerLog } from "./answer-log.js";
import { AbortedWhileQueuedError, type QuestionLimiter, QueueFullError } from "./limiter.js";

/** The pipeline entry point (`ask` from pipeline/ask.ts), injected so tests can pace it. */
export type AskFn = (
	index: IndexReader,
	question: string,
	options: AskOptions,
) => Promise<AskResult | AskResponse>;

/** LLM settings for one question after merging the request's with the sidecar's defaults. */
export type ResolvedLlmSettings = LlmDefaults;

/** Builds the LLM client for one question (with a fresh request budget); undefined = offline. */
export type LlmFactory = (settings: ResolvedLlmSettings) => LlmClient | undefined;

/** One question to run: merged LLM settings, the client built from them (in-process runs), a signal. */
export interface AskTask {
	question: string;
	settings: ResolvedLlmSettings;
	client: LlmClient | undefined;
	signal: AbortSignal;
	/** The index generation the question runs on (held until it settles). */
	lease: IndexLease;
	/** Also draw the answer's chains as a base64 PNG, in the same slot. */
	diagramPng?: boolean;
	/** The answer's form: "short" (default) or "full". */
	detail?: "short" | "full";
}

/** Draw an already known answer's chains (a cached answer asked again with `diagramPng`). */
export interface DrawTask {
	chains: Chain[];
	title: string;
	signal: AbortSignal;
	lease: IndexLease;
}

/** Runs the pipeline for one question: in this thread (`inProcessRunner`) or in a worker pool. */
export type AskRunner = (task: AskTask) => Promise<AskResponse>;
/** Draws chains as a base64 PNG; undefined when drawing failed (the answer goes without it). */
export type DrawRunner = (task: DrawTask) => Promise<string | undefined>;

/** Draw an overview's package graph (base64 PNG); undefined when drawing failed. */
export type PackageGraphRunner = (task: {
	data: OverviewData;
	signal: AbortSignal;
}) => Promise<string | undefined>;

export interface Runners {
	ask: AskRunner;
	draw: DrawRunner;
	drawPackages: PackageGraphRunner;
}

/** Draw a package graph in this thread; a failure is logged and leaves the overview without a picture. */
export async function drawPackageGraph(data: OverviewData, log: Logger): Promise<string | undefined> {
	try {
		return (await packageGraphPng(data)).toString("base64");
	} catch (err) {
		log.warn({ err }, "could not draw the package graph");
		return undefined;
	}
}

/** Draw chains in this thread; a failure is logged and leaves the answer without a picture. */
export async function drawChains(
	task: Pick<DrawTask, "chains" | "title"> & { lease: Pick<IndexLease, "reader"> },
	log: Logger,
): Promise<string | undefined> {
	try {
		const png = await chainsPng(task.chains, { ...diagramOptionsFor(task.lease.reader), title: task.title });
		return png.toString("base64");
	} catch (err) {
		log.warn({ err }, "could not draw the answer's chains");
		return undefined;
	}
}

/** Run `ask` (and draw) in this thread on the task's lease: the MCP server and tests. */
export function inProcessRunner(ask: AskFn, log: Logger): Runners {
	return {
		async ask({ question, client, signal, lease, diagramPng, detail }) {
			const answer = toWire(
				await ask(lease.reader, question, {
					llm: client,
					signal,
					measureMaterial: false,
					...(detail ? { detail } : {}),
				}),
			);
			if (!diagramPng || answer.chains.length === 0) return answer;
			const png = await drawChains({ chains: answer.chains, title: question, lease }, log);
			return png ? { ...answer, diagramPng: png } : answer;
		},
		draw: (task) => drawChains(task, log),
		drawPackages: ({ data }) => drawPackageGraph(data, log),
	};
}

/** A question service, or a function picking one by a request's `repo` (repository mode). */
export type QuestionSource = QuestionService | ((repo?: string) => QuestionService);

/** The question service for a request's `repo` (throws HttpError when it cannot be served). */
export function questionsFor(source: QuestionSource, repo?: string): QuestionService {
	if (typeof source === "function") return source(repo);
	if (repo !== undefined)
		throw new HttpError(
			404,
			"unknown-repo",
			"this sidecar serves one index and no repository registry: leave out repo",
		);
	return source;
}

export interface QuestionServiceOptions {
	holder: IndexHolder;
	limiter: QuestionLimiter;
	cache: AnswerCache;
	runners: Runners;
	createLlm: LlmFactory;
	llmDefaults: LlmDefaults;
	providerKeys: { gemini?: string; openai?: string };
	askTimeoutMs: number;
	retryAfterSeconds: number;
	log: Logger;
	/** Where answers are remembered for feedback (absent: not remembered). */
	answers?: AnswerLog;
}

export interface Answered {
	answer: AskResponse;
	cache: "hit" | "miss";
}

export class QuestionTimeoutError extends Error {
	constructor(ms: number) {
		super(`the question took longer than ${ms} ms`);
		this.name = "QuestionTimeoutError";
	}
}

function withoutPng(answer: AskResponse): AskResponse {
	if (answer.diagramPng === undefined) return answer;
	const { diagramPng: _png, ...rest } = answer;
	return rest;
}

/** Strip the pipeline trace: the wire answer is `askResponseSchema`, nothing more. */
export function toWire(result: AskResult | AskResponse): AskResponse {
	const { trace: _trace, ...answer } = result as AskResult;
	return answer;
}

export class QuestionService {
	constructor(private readonly o: QuestionServiceOptions) {}

	/** The request's LLM settings over the sidecar's; a request's key is used for that request only. */
	resolveLlm(request?: LlmRequest): ResolvedLlmSettings {
		const d = this.o.llmDefaults;
		if (!request) return d;
		const sameProvider = request.provider === d.provider;
		const envKey = request.provider === "none" ? undefined : this.o.providerKeys[request.provider];
		// The sidecar's own key goes only to the sidecar's own endpoint: a request that names
		// another base URL must bring its own key, or a caller could send ours anywhere.
		const ownKey = request.baseUrl === undefined ? (sameProvider ? d.apiKey : envKey) : undefined;
		return {
			provider: request.provider,
			model: request.model ?? (sameProvider ? d.model : undefined),
			baseUrl: request.baseUrl ?? (sameProvider ? d.baseUrl : undefined),
			apiKey: request.apiKey ?? ownKey,
			timeoutMs: d.timeoutMs,
			minSpacingMs: d.minSpacingMs,
		};
	}

	/** True when a new question would be accepted now (not refused as busy). */
	hasRoom(): boolean {
		return this.o.limiter.hasRoom();
	}

	/**
	 * `onStart` is called when the question leaves the queue and starts running (not on a cache
	 * hit). With `diagramPng`, the answer's chains are drawn as a PNG in the question's slot (in a
	 * worker, off the event loop) and cached with the answer; a drawing failure leaves the answer
	 * without it.
	 */
	async answer(
		question: string,
		llmRequest: LlmRequest | undefined,
		signal?: AbortSignal,
		onStart?: () => void,
		options: { diagramPng?: boolean; detail?: "short" | "full" } = {},
	): Promise<Answered> {
		const wantPng = Boolean(options.diagramPng);
		const detail = options.detail;
		const settings = this.resolveLlm(llmRequest);
		const identity = this.o.holder.identity;
		if (identity === null) throw this.notReady();
		const key = AnswerCache.key({
			question,
			indexIdentity: identity,
			provider: settings.provider,
			model: settings.model,
			baseUrl: settings.baseUrl,
			...(detail ? { detail } : {}),
		});
		const cached = this.o.cache.get(key);
		if (cached) {
			if (!wantPng) return { answer: withoutPng(cached), cache: "hit" };
			if (cached.diagramPng !== undefined || cached.chains.length === 0)
				return { answer: cached, cache: "hit" };
			try {
				const png = await this.withSlot(
					(inner, lease) =>
						this.o.runners.draw({ chains: cached.chains, title: question, signal: inner, lease }),
					signal,
				);
				if (!png) return { answer: cached, cache: "hit" };
				const drawn = { ...cached, diagramPng: png };
				this.o.cache.set(key, drawn);
				return { answer: drawn, cache: "hit" };
			} catch (err) {
				throw this.toHttp(err);
			}
		}

		const llm = this.llmFor(settings);
		try {
			const answer = await this.withSlot(
				async (inner, lease) => {
					const wire = await this.o.runners.ask({
						question,
						settings,
						client: llm,
						signal: inner,
						lease,
						diagramPng: wantPng,
						...(detail ? { detail } : {}),
					});
					// Named for feedback, and remembered with what it was made from.
					const named = { ...wire, answerId: randomUUID() };
					this.remember(named, question, settings, lease);
					return named;
				},
				signal,
				onStart,
			);
			this.o.cache.set(key, answer);
			return { answer: wantPng ? answer : withoutPng(answer), cache: "miss" };
		} catch (err) {
			throw this.toHttp(err);
		}
	}

	private remember(
		answer: AskResponse,
		question: string,
		settings: ResolvedLlmSettings,
		lease: IndexLease,
	): void {
		if (!this.o.answers || !answer.answerId) return;
		const meta = lease.reader.meta();
		this.o.answers.add({
			answerId: answer.answerId,
			question,
			indexCommit: answer.indexCommit,
			indexIdentity: lease.identity,
			repository: lease.reader.metaValue("remoteUrl") || meta.repoRoot || null,
			provider: answer.provider,
			model: answer.provider === "none" ? null : (settings.model ?? null),
			version: VERSION,
			// The first 20 verified citations are enough for gold files, and keep the log small.
			citations: answer.citations
				.filter((c) => c.verified)
				.slice(0, 20)
				.map(({ file, startLine, endLine, symbol }) => ({ file, startLine, endLine, symbol })),
		});
	}

	/**
	 * Run other index work (an overview) under the same limits as questions: a slot, the
	 * timeout, the same 503/504 mapping. `work` gets a lease on the current index and a signal.
	 */
	async bounded<T>(
		work: (reader: IndexReader, signal: AbortSignal, runners: Runners) => Promise<T>,
		signal?: AbortSignal,
	): Promise<T> {
		try {
			return await this.withSlot((inner, lease) => work(lease.reader, inner, this.o.runners), signal);
		} catch (err) {
			throw this.toHttp(err);
		}
	}

	/** The LLM client for merged settings, or a 400 naming what is wrong with them. */
	llmFor(settings: ResolvedLlmSettings): LlmClient | undefined {
		try {
			return settings.provider === "none" ? undefined : this.o.createLlm(settings);
		} catch (err) {
			throw new HttpError(400, "bad-llm-settings", `LLM settings rejected: ${(err as Error).message}`);
		}
	}

	/**
	 * Wait for a slot, then run `work` under the timeout. The caller hears about a timeout at
	 * once; the slot is held until the work really stops (it is also told to abort).
	 */
	private withSlot<T>(
		work: (signal: AbortSignal, lease: IndexLease) => Promise<T>,
		signal?: AbortSignal,
		onStart?: () => void,
	): Promise<T> {
		return new Promise<T>((resolve, reject) => {
			const slot = this.o.limiter.run(async () => {
				// Throws IndexNotReadyError when no index is loaded; held until the work really stops.
				const lease = this.o.holder.acquire();
				onStart?.();
				const controller = new AbortController();
				const onOuterAbort = () => controller.abort(signal?.reason);
				signal?.addEventListener("abort", onOuterAbort, { once: true });
				const timer = setTimeout(() => {
					controller.abort(new QuestionTimeoutError(this.o.askTimeoutMs));
					reject(new QuestionTimeoutError(this.o.askTimeoutMs));
				}, this.o.askTimeoutMs);
				try {
					resolve(await work(controller.signal, lease));
				} catch (err) {
					reject(err);
				} finally {
					lease.release();
					clearTimeout(timer);
					signal?.removeEventListener("abort", onOuterAbort);
				}
			}, signal);
			slot.catch(reject);
		});
	}

	private notReady(message?: string): HttpError {
		return new HttpError(503, "index-not-ready", message ?? this.o.holder.problem ?? "index not loaded", {
			headers: { "retry-after": String(this.o.retryAfterSeconds) },
		});
	}

	private toHttp(err: unknown): Error {
		if (err instanceof HttpError) return err;
		if ((err as Error).name === "OverviewError") {
			const code = (err as { code?: string }).code ?? "bad-request";
			return new HttpError(code === "unknown-package" ? 404 : 400, code, (err as Error).message);
		}
		if (err instanceof QueueFullError) {
			return new HttpError(503, "busy", "the service is answering as many questions as it can; retry later", {
				headers: { "retry-after": String(this.o.retryAfterSeconds) },
			});
		}
		if (err instanceof QuestionTimeoutError) return new HttpError(504, "timeout", err.message);
		if (err instanceof IndexNotReadyError || (err as Error).name === "IndexError") {
			return this.notReady((err as Error).message);
		}
		// The request schema refuses what the pipeline would; this only guards against drift.
		if ((err as Error).name === "AskInputError") {
			return new HttpError(400, "invalid-question", (err as Error).message);
		}
		if (err instanceof AbortedWhileQueuedError) return new HttpError(499, "cancelled", err.message);
		this.o.log.error({ err }, "question failed");
		return new HttpError(500, "answer-failed", "the question could not be answered (see the sidecar log)");
	}
}
