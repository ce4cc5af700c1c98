/**
 * `codeask serve`: the HTTP service the Rocket.Chat App (or anything else) talks to.
 * Configuration from flags and CODEASK_* environment variables (see docs/service.md).
 */
import type { Command } from "commander";
import {
	ConfigError,
	environmentVariables,
	type Flags,
	loadConfig,
	loadRepoConfig,
	type RepoConfig,
} from "../../config.js";
import { createLogger, type Logger } from "../../logger.js";
import { ask } from "../../pipeline/ask.js";
import type { RepoManager } from "../../repos/manager.js";
import { AskPool } from "../../server/ask-pool.js";
import { checkedLlmFactory } from "../../server/llm-factory.js";
import type { LlmFactory } from "../../server/questions.js";
import { listen } from "../../server/serve.js";
import { createService } from "../../server/service.js";
import { UsageError } from "../errors.js";

interface ServeFlags {
	index?: string;
	host?: string;
	port?: string;
	insecureNoAuth?: boolean;
	llm?: string;
	model?: string;
	llmBaseUrl?: string;
	maxRunning?: string;
	maxQueued?: string;
	askTimeoutMs?: string;
	cacheEntries?: string;
	waitForIndex?: boolean;
	logLevel?: string;
	reposDir?: string;
	localRoot?: string;
}

export function register(program: Command): void {
	program
		.command("serve")
		.description(
			"Serve the HTTP API (POST /v1/ask, /v1/jobs, GET /v1/status, /healthz, /readyz) over an index",
		)
		.option(
			"--index <file>",
			"index file to serve (env CODEASK_INDEX; default .codeask/index.db in this folder or the nearest parent)",
		)
		.option("--host <host>", "interface to listen on (env CODEASK_HOST; default 127.0.0.1)")
		.option("--port <port>", "port (env CODEASK_PORT; default 3900; 0 = any free port)")
		.option(
			"--insecure-no-auth",
			"serve without the bearer token (CODEASK_TOKEN); for local experiments only",
		)
		.option(
			"--llm <provider>",
			"default LLM: none | gemini | openai (env CODEASK_LLM_PROVIDER; default none)",
		)
		.option("--model <model>", "default LLM model (env CODEASK_LLM_MODEL)")
		.option(
			"--llm-base-url <url>",
			"LLM base URL, required for openai-compatible servers (env CODEASK_LLM_BASE_URL)",
		)
		.option("--max-running <n>", "questions answered at once (env CODEASK_MAX_RUNNING; default 2)")
		.option("--max-queued <n>", "questions waiting before 503 (env CODEASK_MAX_QUEUED; default 32)")
		.option("--ask-timeout-ms <ms>", "per-question time limit (env CODEASK_ASK_TIMEOUT_MS; default 120000)")
		.option(
			"--cache-entries <n>",
			"answers kept in the LRU cache, 0 = off (env CODEASK_CACHE_ENTRIES; default 500)",
		)
		.option(
			"--wait-for-index",
			"start even when the index file is missing; /readyz says 503 until it appears",
		)
		.option(
			"--repos-dir <dir>",
			"serve the repositories registered in this folder (codeask repos add) instead of one --index (env CODEASK_REPOS_DIR)",
		)
		.option(
			"--local-root <dir>",
			"local folders under which repositories may be added (env CODEASK_REPOS_LOCAL_ROOT)",
		)
		.option(
			"--log-level <level>",
			"fatal | error | warn | info | debug | trace | silent (env CODEASK_LOG_LEVEL)",
		)
		.addHelpText(
			"after",
			`
Authentication: every /v1 request needs "Authorization: Bearer $CODEASK_TOKEN" (16+ characters).
Environment: ${environmentVariables("serve").join(", ")}.
Signals: SIGTERM/SIGINT finish accepted questions then exit; SIGHUP re-checks the index file now
(it is also polled every CODEASK_INDEX_POLL_MS and swapped in without dropping requests).

Example:
  CODEASK_TOKEN=$(openssl rand -hex 24) codeask serve --index .codeask/index.db --port 3900`,
		)
		.action(async (flags: ServeFlags) => {
			await serveMain(flags);
		});
}

/** Commander's option names → the configuration's setting names. */
function toSettings(f: ServeFlags): Flags {
	return {
		indexPath: f.index,
		host: f.host,
		port: f.port,
		insecureNoAuth: f.insecureNoAuth,
		llmProvider: f.llm,
		llmModel: f.model,
		llmBaseUrl: f.llmBaseUrl,
		maxRunning: f.maxRunning,
		maxQueued: f.maxQueued,
		askTimeoutMs: f.askTimeoutMs,
		cacheEntries: f.cacheEntries,
		waitForIndex: f.waitForIndex,
		logLevel: f.logLevel,
	};
}

async function serveMain(flags: ServeFlags): Promise<void> {
	let config: ReturnType<typeof loadConfig>;
	let log: Logger;
	let createLlm: LlmFactory;
	let repoConfig: RepoConfig;
	try {
		config = loadConfig(process.env, toSettings(flags), "serve");
		repoConfig = loadRepoConfig(process.env, { reposDir: flags.reposDir, localRoot: flags.localRoot });
		log = createLogger({ level: config.logLevel });
		// Bad default LLM settings stop the command here (exit 2), not every question later.
		createLlm = checkedLlmFactory(config.llm, log);
	} catch (err) {
		if (err instanceof ConfigError) throw new UsageError(err.message);
		throw err;
	}
	if (config.token === null) {
		log.warn(
			"authentication is OFF (--insecure-no-auth): anyone who can reach this port can use the service",
		);
	}
	// Questions run in worker threads, so a CPU-heavy pipeline never stalls probes and queueing.
	// One pool for every index (repository mode asks it about several).
	let pool: AskPool | undefined;
	// Repository progress callbacks follow the job store's callback policy (listed + registered origins).
	let jobs: import("../../server/jobs.js").JobStore | undefined;
	const repos = repoConfig.reposDir
		? await startRepos(repoConfig, config, log, () => jobs?.callbackOrigins)
		: undefined;
	const service = createService(config, {
		log,
		ask,
		createLlm,
		runners: () => {
			pool ??= new AskPool({
				size: config.limits.maxRunning,
				killAfterMs: Math.min(config.limits.askTimeoutMs, 30_000),
				log,
				logLevel: config.logLevel,
			});
			return pool.runners;
		},
		...(repos ? { repos: repos.manager, preAuthRoutes: repos.routes } : {}),
	});
	jobs = service.jobs;
	if (!repos && !service.holder.ready && !config.waitForIndex) {
		service.close();
		await pool?.close();
		throw new UsageError(
			`${service.holder.problem ?? "index not loaded"}: run \`codeask index <repo>\`, pass --index <file>, or start anyway with --wait-for-index`,
		);
	}
	const listening = await listen(service, {
		host: config.host,
		port: config.port,
		shutdownTimeoutMs: config.shutdownTimeoutMs,
		log,
	});
	log.info({ url: listening.url, index: config.indexPath, llm: config.llm.provider }, "codeask serving");

	await new Promise<void>((resolve) => {
		let signals = 0;
		const stop = (signal: NodeJS.Signals) => {
			signals++;
			if (signals > 1) {
				log.warn({ signal }, "second signal: exiting without waiting");
				process.exit(1);
			}
			log.info({ signal }, "signal received");
			listening.shutdown().then(async (finished) => {
				await repos?.manager.close();
				await pool?.close();
				if (!finished) process.exitCode = 1;
				process.off("SIGHUP", reload);
				resolve();
			});
		};
		const reload = () => {
			service.holder.reload();
		};
		process.on("SIGTERM", stop);
		process.on("SIGINT", stop);
		process.on("SIGHUP", reload);
	});
}

/** Repository mode: the registry, its holders, the sync queue and worker, and their routes. */
async function startRepos(
	repoConfig: RepoConfig,
	config: ReturnType<typeof loadConfig>,
	log: Logger,
	policy: () => import("../../http/callback-policy.js").CallbackOrigins | undefined,
): Promise<{ manager: RepoManager; routes: import("express").Router }> {
	const [{ createRepoManager }, { repoRoutes }, { IndexHolder }] = await Promise.all([
		import("../../repos/setup.js"),
		import("../../repos/routes.js"),
		import("../../index/holder.js"),
	]);
	const manager = createRepoManager(
		{ ...repoConfig, reposDir: repoConfig.reposDir as string },
		{
			log,
			createHolder: (path) => {
				const holder = new IndexHolder(path, log);
				// Also picks up an index another sidecar (or `codeask repos sync`) wrote.
				holder.watch(config.indexPollMs);
				return holder;
			},
		},
	);
	await manager.start();
	const routes = repoRoutes(manager, {
		token: config.token,
		adminToken: repoConfig.adminToken ?? null,
		webhookSecret: repoConfig.webhookSecret ?? null,
		callbacks: {
			attempts: config.jobs.callbackAttempts,
			backoffMs: config.jobs.callbackBackoffMs,
			timeoutMs: config.jobs.callbackTimeoutMs,
			localOrigins: config.jobs.callbackOrigins,
			policy,
		},
		log,
	});
	log.info({ reposDir: repoConfig.reposDir, repos: manager.list().map((r) => r.name) }, "repository mode");
	return { manager, routes };
}
