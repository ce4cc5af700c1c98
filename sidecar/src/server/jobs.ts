/**
 * Asynchronous questions. A chat command cannot wait for an LLM, so the app submits a job, gets
 * 202 + jobId at once, and hears back through a signed callback (or polls GET /v1/jobs/:id).
 * Results are kept for `ttlMs` so nothing is lost when the callback cannot be delivered.
 */
import { randomUUID } from "node:crypto";
import { isIP } from "node:net";
import type { Job, JobCallbackBody, JobRequest } from "@codeask/shared";
import { deliverCallback } from "../http/callback.js";
import { CallbackOrigins, classifyAddress } from "../http/callback-policy.js";
import { HttpError } from "../http/http-error.js";
import type { Logger } from "../logger.js";
import type { AnswerLog } from "./answer-log.js";
import { type QuestionService, type QuestionSource, questionsFor } from "./questions.js";

const NOT_LISTED_MESSAGE =
	"callback.url is not on this service's list of callback origins (CODEASK_CALLBACK_ORIGINS)";
const FORBIDDEN_MESSAGE =
	"callback.url points at a link-local, metadata, multicast, unspecified or reserved address: callbacks never go there";
const LOCAL_MESSAGE =
	"callback.url points at a loopback or private address: list its origin in CODEASK_CALLBACK_ORIGINS, or register it with POST /v1/callback-origins";

export interface JobStoreOptions {
	ttlMs: number;
	maxJobs: number;
	callbackAttempts: number;
	callbackBackoffMs: number;
	callbackTimeoutMs: number;
	/**
	 * Origins a callback URL may have (and which may reach loopback/private addresses); empty or
	 * absent = any http(s) URL whose addresses are public, plus registered origins.
	 */
	callbackOrigins?: readonly string[];
	retryAfterSeconds: number;
	/** Where a job's answer is also known by the job's id (the app votes with it). */
	answers?: AnswerLog;
}

interface JobEntry {
	job: Job;
	/** Epoch ms after which a finished job is forgotten. */
	expiresAt: number | null;
}

export class JobStore {
	private readonly jobs = new Map<string, JobEntry>();
	private readonly inFlight = new Set<Promise<void>>();
	/** Aborted when shutdown's grace period ends: callbacks stop retrying. */
	private readonly stopRetries = new AbortController();
	private accepting = true;
	private readonly origins: CallbackOrigins;

	constructor(
		private readonly questions: QuestionSource,
		private readonly options: JobStoreOptions,
		private readonly log: Logger,
		private readonly now: () => number = Date.now,
	) {
		this.origins = new CallbackOrigins(options.callbackOrigins ?? []);
	}

	/** The callback origin policy (listed and registered origins), shared with repository progress callbacks. */
	get callbackOrigins(): CallbackOrigins {
		return this.origins;
	}

	get size(): number {
		return this.jobs.size;
	}

	/** Accept a job (it runs in the background), or throw HttpError 503 when it cannot be. */
	submit(request: JobRequest, requestId?: string): Job {
		if (!this.accepting) throw new HttpError(503, "shutting-down", "the service is shutting down");
		if (request.callback) this.checkCallback(new URL(request.callback.url));
		const questions = questionsFor(this.questions, request.repo);
		if (!questions.hasRoom()) {
			throw new HttpError(503, "busy", "the service is answering as many questions as it can; retry later", {
				headers: { "retry-after": String(this.options.retryAfterSeconds) },
			});
		}
		this.sweep();
		if (this.jobs.size >= this.options.maxJobs) {
			throw new HttpError(503, "busy", "too many jobs are kept; retry later", {
				headers: { "retry-after": String(this.options.retryAfterSeconds) },
			});
		}
		const job: Job = {
			jobId: randomUUID(),
			status: "queued",
			question: request.question,
			createdAt: new Date(this.now()).toISOString(),
			finishedAt: null,
			result: null,
			error: null,
			...(request.callback ? { callback: { state: "pending", attempts: 0, lastError: null } } : {}),
		};
		this.jobs.set(job.jobId, { job, expiresAt: null });
		const log = this.log.child({ jobId: job.jobId, requestId });
		const run = this.run(job, request, log, questions).finally(() => this.inFlight.delete(run));
		this.inFlight.add(run);
		return job;
	}

	/**
	 * Let callbacks to `origin` reach loopback and private addresses (the app registering where it
	 * listens). Throws 409 when the process's registration budget is spent.
	 */
	registerOrigin(url: string): string {
		const parsed = new URL(url);
		const host = parsed.hostname.replace(/^\[|\]$/g, "");
		if (isIP(host) && classifyAddress(host) === "forbidden") {
			throw new HttpError(400, "callback-not-allowed", FORBIDDEN_MESSAGE);
		}
		if (!this.origins.accepts(parsed.origin))
			throw new HttpError(400, "callback-not-allowed", NOT_LISTED_MESSAGE);
		if (!this.origins.register(parsed.origin)) {
			throw new HttpError(
				409,
				"callback-origins-full",
				`at most ${this.origins.maxRegistered} callback origins can be registered; list more in CODEASK_CALLBACK_ORIGINS`,
			);
		}
		this.log.info({ origin: parsed.origin }, "callback origin registered");
		return parsed.origin;
	}

	/** Refuse at submission what delivery would refuse anyway: an origin off the list, a bad address literal. */
	private checkCallback(url: URL): void {
		if (!this.origins.accepts(url.origin))
			throw new HttpError(400, "callback-not-allowed", NOT_LISTED_MESSAGE);
		const host = url.hostname.replace(/^\[|\]$/g, "");
		if (!isIP(host)) return; // a name is checked on the addresses it resolves to, when connecting
		const verdict = classifyAddress(host);
		if (verdict === "forbidden") throw new HttpError(400, "callback-not-allowed", FORBIDDEN_MESSAGE);
		if (verdict === "local" && !this.origins.allowsLocal(url.origin)) {
			throw new HttpError(400, "callback-not-allowed", LOCAL_MESSAGE);
		}
	}

	get(jobId: string): Job | undefined {
		this.sweep();
		return this.jobs.get(jobId)?.job;
	}

	/** Stop accepting jobs; resolves when every accepted job has finished and reported back. */
	async drain(): Promise<void> {
		this.accepting = false;
		while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
	}

	/** Give up on callback retries still waiting (end of the shutdown grace period). */
	abortRetries(): void {
		this.stopRetries.abort();
	}

	/** Forget finished jobs whose time is up. */
	sweep(): void {
		const now = this.now();
		for (const [id, entry] of this.jobs) {
			if (entry.expiresAt !== null && entry.expiresAt <= now) this.jobs.delete(id);
		}
	}

	private async run(job: Job, request: JobRequest, log: Logger, questions: QuestionService): Promise<void> {
		const started = this.now();
		try {
			const answered = await questions.answer(
				request.question,
				request.llm,
				undefined,
				() => {
					job.status = "running";
				},
				{ diagramPng: request.diagramPng, detail: request.detail },
			);
			job.result = answered.answer;
			if (answered.answer.answerId) this.options.answers?.alias(job.jobId, answered.answer.answerId);
			job.status = "done";
		} catch (err) {
			const e = err instanceof HttpError ? err : new HttpError(500, "answer-failed", "the question failed");
			job.error = { code: e.code, message: e.message };
			job.status = "failed";
		}
		job.finishedAt = new Date(this.now()).toISOString();
		log.info({ status: job.status, ms: this.now() - started }, "job finished");

		if (request.callback && job.callback) {
			const status = job.callback;
			const result = await deliverCallback({
				url: request.callback.url,
				secret: request.callback.secret,
				// Only which job finished and how: a few hundred bytes whatever the answer's size (Rocket.Chat
				// refuses app endpoint bodies over 100 kB). The receiver reads the job with its token.
				rawBody: JSON.stringify({
					jobId: job.jobId,
					status: job.status === "done" ? "done" : "failed",
				} satisfies JobCallbackBody),
				attempts: this.options.callbackAttempts,
				backoffMs: this.options.callbackBackoffMs,
				timeoutMs: this.options.callbackTimeoutMs,
				allowLocal: this.origins.allowsLocal(new URL(request.callback.url).origin),
				signal: this.stopRetries.signal,
				onAttempt: (attempt, outcome) => {
					status.attempts = attempt;
					log.info({ attempt, outcome }, "callback attempt");
				},
			});
			status.state = result.delivered ? "delivered" : "failed";
			status.lastError = result.lastError;
			if (!result.delivered)
				log.warn({ attempts: result.attempts, lastError: result.lastError }, "callback not delivered");
		}
		// The TTL runs from the end of the callback's delivery, so a poller can still read the job
		// while its callback is being retried (and for ttlMs after that).
		const entry = this.jobs.get(job.jobId);
		if (entry) entry.expiresAt = this.now() + this.options.ttlMs;
	}
}
