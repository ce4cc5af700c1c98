/**
 * Assembles the service's parts from the configuration: index holder, limiter, cache, question
 * service, job store, lifecycle, and the Express app over them. `drain` is graceful shutdown's
 * core: stop taking questions, finish the ones accepted, then close the index.
 */
import type { Express } from "express";
import type { Config } from "../config.js";
import type { Logger } from "../logger.js";
import { AnswerCache } from "./answer-cache.js";
import { createApp } from "./app.js";
import { IndexHolder } from "./index-holder.js";
import { JobStore } from "./jobs.js";
import { Lifecycle } from "./lifecycle.js";
import { QuestionLimiter } from "./limiter.js";
import {
	type AskFn,
	type AskRunner,
	inProcessRunner,
	type LlmFactory,
	QuestionService,
} from "./questions.js";

export type ServiceConfig = Pick<
	Config,
	| "indexPath"
	| "token"
	| "llm"
	| "providerKeys"
	| "limits"
	| "cache"
	| "jobs"
	| "indexPollMs"
	| "shutdownTimeoutMs"
>;

export interface ServiceDeps {
	log: Logger;
	/** The pipeline, run in this thread unless `runner` says otherwise. */
	ask: AskFn;
	createLlm: LlmFactory;
	/** Where questions run; default: `ask` in this thread. `codeask serve` passes a worker pool. */
	runner?: (holder: IndexHolder) => AskRunner;
}

export interface Service {
	app: Express;
	holder: IndexHolder;
	limiter: QuestionLimiter;
	cache: AnswerCache;
	questions: QuestionService;
	jobs: JobStore;
	lifecycle: Lifecycle;
	/** Stop taking questions and wait (at most `timeoutMs`) for accepted ones; true when all finished. */
	drain(timeoutMs: number): Promise<boolean>;
	/** Release the index and timers. */
	close(): void;
}

export function createService(config: ServiceConfig, deps: ServiceDeps): Service {
	const holder = new IndexHolder(config.indexPath, deps.log);
	holder.reload();
	holder.watch(config.indexPollMs);
	const limiter = new QuestionLimiter(config.limits.maxRunning, config.limits.maxQueued);
	const cache = new AnswerCache(config.cache);
	const questions = new QuestionService({
		holder,
		limiter,
		cache,
		runner: deps.runner ? deps.runner(holder) : inProcessRunner(holder, deps.ask),
		createLlm: deps.createLlm,
		llmDefaults: config.llm,
		providerKeys: config.providerKeys,
		askTimeoutMs: config.limits.askTimeoutMs,
		retryAfterSeconds: config.limits.retryAfterSeconds,
		log: deps.log,
	});
	const jobs = new JobStore(
		questions,
		{ ...config.jobs, retryAfterSeconds: config.limits.retryAfterSeconds },
		deps.log,
	);
	const lifecycle = new Lifecycle();
	const runtime = () => ({
		running: limiter.running,
		queued: limiter.queued,
		maxRunning: limiter.maxRunning,
		maxQueued: limiter.maxQueued,
		cache: { entries: cache.size, bytes: cache.bytes, hits: cache.hits, misses: cache.misses },
		jobs: jobs.size,
		rssBytes: process.memoryUsage.rss(),
		uptimeSeconds: Math.round(process.uptime()),
	});
	const app = createApp({
		token: config.token,
		llm: config.llm,
		log: deps.log,
		holder,
		questions,
		jobs,
		lifecycle,
		runtime,
	});

	return {
		app,
		holder,
		limiter,
		cache,
		questions,
		jobs,
		lifecycle,
		async drain(timeoutMs) {
			lifecycle.shuttingDown = true;
			let timer: NodeJS.Timeout | undefined;
			const finished = Promise.all([limiter.idle(), jobs.drain()]).then(() => true);
			const timedOut = new Promise<boolean>((resolve) => {
				timer = setTimeout(() => resolve(false), timeoutMs);
			});
			const done = await Promise.race([finished, timedOut]);
			clearTimeout(timer);
			if (!done) jobs.abortRetries();
			return done;
		},
		close() {
			holder.close();
		},
	};
}
