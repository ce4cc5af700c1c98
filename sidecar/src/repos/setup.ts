/**
 * Builds a RepoManager from the repository settings: URL policy, git (credentials, limits), the
 * queue (in-process, or BullMQ when CODEASK_REDIS_URL is set) and the indexer child process.
 */
import { resolve } from "node:path";
import type { RepoConfig } from "../config.js";
import type { Logger } from "../logger.js";
import { BullMqQueue } from "./bullmq-queue.js";
import { Git } from "./git.js";
import { type IndexRunner, workerIndexRunner } from "./index-runner.js";
import { type HolderFactory, RepoManager } from "./manager.js";
import { InProcessQueue, type SyncQueue } from "./queue.js";
import type { UrlPolicy } from "./url.js";

export interface RepoSetupDeps {
	log: Logger;
	createHolder: HolderFactory;
	indexRunner?: IndexRunner;
	queue?: SyncQueue;
	/** Override the poll interval (the CLI does not poll). */
	pollMs?: number;
}

export function urlPolicyOf(config: RepoConfig): UrlPolicy {
	const localRoot = config.localRoot ? resolve(config.localRoot) : null;
	// Without a local root, file:// is not offered to git at all.
	const protocols = config.gitProtocols.filter((p) => p !== "file" || localRoot !== null);
	return { protocols, localRoot };
}

export function createRepoManager(
	config: RepoConfig & { reposDir: string },
	deps: RepoSetupDeps,
): RepoManager {
	const policy = urlPolicyOf(config);
	const git = new Git({
		protocols: policy.protocols,
		credentials: {
			...(config.gitToken ? { token: config.gitToken } : {}),
			...(config.gitUsername ? { username: config.gitUsername } : {}),
			...(config.gitCredentialsFile ? { file: resolve(config.gitCredentialsFile) } : {}),
		},
		...(config.gitCaFile ? { caFile: resolve(config.gitCaFile) } : {}),
		timeoutMs: config.cloneTimeoutMs,
		maxBytes: config.repoMaxMb * 1024 * 1024,
	});
	const queue =
		deps.queue ??
		(config.redisUrl
			? new BullMqQueue({ url: config.redisUrl, concurrency: config.syncConcurrency })
			: new InProcessQueue(config.syncConcurrency));
	return new RepoManager({
		dir: resolve(config.reposDir),
		policy,
		git,
		indexRunner: deps.indexRunner ?? workerIndexRunner,
		queue,
		createHolder: deps.createHolder,
		log: deps.log,
		pollMs: deps.pollMs ?? config.pollMs,
		...(config.defaultRepo ? { defaultRepo: config.defaultRepo } : {}),
	});
}
