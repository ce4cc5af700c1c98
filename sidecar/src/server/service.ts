/**
 * Assembles the service's parts from the configuration: index holder, limiter, cache, question
 * service, job store, lifecycle, and the Express app over them. `drain` is graceful shutdown's
 * core: stop taking questions, finish the ones accepted, then close the index.
 */
import { dirname, join } from "node:path";
import type { Express } from "express";
import type { Config } from "../config.js";
import { IndexHolder } from "../index/holder.js";
import type { Logger } from "../logger.js";
import type { RepoManager } from "../repos/manager.js";
import { defaultIndexView, holderForRequest, type ServedIndex } from "../repos/view.js";
import { AnswerCache } from "./answer-cache.js";
import { AnswerLog } from "./answer-log.js";
import { type AppDeps, createApp } from "./app.js";
import { JobStore } from "./jobs.js";
import { Lifecycle } from "./lifecycle.js";
import { QuestionLimiter } from "./limiter.js";
import {
	type AskFn,
	inProcessRunner,
	type LlmFactory,
	questionsFor as pickQuestions,
	QuestionService,
	type Runners,
} from "./questions.js";
import { feedbackRoutes, LazyFeedbackStore } from "./routes/feedback.js";

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
	| "feedbackPath"
>;

export interface ServiceDeps {
	log: Logger;
	/** The pipeline, run in this thread unless `runner` says otherwise. */
	ask: AskFn;
	createLlm: LlmFactory;
	/** Where questions run (and drawings are made); default: in this thread. `codeask serve` passes a worker pool. */
	runners?: (holder: IndexHolder) => Runners;
	/** Several repositories (a registry) instead of the one index at `indexPath`. */
	repos?: RepoManager;
	/** Routes with their own authentication (repositories, webhooks), mounted before the bearer check. */
	preAuthRoutes?: AppDeps["preAuthRoutes"];
}

export interface Service {
	app: Express;
	/** The index (single-index mode) or the default repository's (repository mode). */
	holder: ServedIndex;
	/** The question service of a request's `repo` (HttpError 404/400 when it cannot be served). */
	questionsFor(repo?: string): QuestionService;
	limiter: QuestionLimiter;
	cache: AnswerCache;
	/** The question service of the single index (repository mode: the default repository's). */
	questions: QuestionService;
	jobs: JobStore;
	lifecycle: Lifecycle;
	/** Stop taking questions and wait (at most `timeoutMs`) for accepted ones; true when all finished. */
	drain(timeoutMs: number): Promise<boolean>;
	/** Release the index and timers. */
	close(): void;
}

export function createService(config: ServiceConfig, deps: ServiceDeps): Service {
	const limiter = new QuestionLimiter(config.limits.maxRunning, config.limits.maxQueued);
	const cache = new AnswerCache(config.cache);
	const answers = new AnswerLog();
	const feedback = new LazyFeedbackStore(
		config.feedbackPath ?? join(dirname(config.indexPath), "feedback.db"),
		deps.log,
	);
	// One question service per index: repositories share the limiter, the cache and the LLM setup.
	const questionsOf = (h: IndexHolder) =>
		new QuestionService({
			holder: h,
			limiter,
			cache,
			runners: deps.runners ? deps.runners(h) : inProcessRunner(deps.ask, deps.log),
			createLlm: deps.createLlm,
			llmDefaults: config.llm,
			providerKeys: config.providerKeys,
			askTimeoutMs: config.limits.askTimeoutMs,
			retryAfterSeconds: config.limits.retryAfterSeconds,
			log: deps.log,
			answers,
		});
	const repos = deps.repos;
	let single: { holder: IndexHolder; questions: QuestionService } | null = null;
	if (!repos) {
		const h = new IndexHolder(config.indexPath, deps.log);
		h.reload();
		h.watch(config.indexPollMs);
		single = { holder: h, questions: questionsOf(h) };
	}
	const perRepo = new WeakMap<IndexHolder, QuestionService>();
	const questionsFor = (repo?: string): QuestionService => {
		if (single) return pickQuestions(single.questions, repo);
		const h = holderForRequest(repos as RepoManager, repo);
		const known = perRepo.get(h);
		if (known) return known;
		const q = questionsOf(h);
		perRepo.set(h, q);
		return q;
	};
	const holder: ServedIndex = single ? single.holder : defaultIndexView(repos as RepoManager);
	const questions = single ? single.questions : undefined;
	const jobs = new JobStore(
		questionsFor,
		{ ...config.jobs, retryAfterSeconds: config.limits.retryAfterSeconds, answers },
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
		questions: questionsFor,
		jobs,
		lifecycle,
		runtime,
		feedback: feedbackRoutes(feedback, answers),
		...(repos ? { repos: () => repos.list() } : {}),
		...(deps.preAuthRoutes ? { preAuthRoutes: deps.preAuthRoutes } : {}),
	});

	return {
		app,
		holder,
		questionsFor,
		limiter,
		cache,
		// Repository mode: the default repository's (throws an HttpError when there is none).
		get questions() {
			return questions ?? questionsFor();
		},
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
			feedback.close();
		},
	};
}
