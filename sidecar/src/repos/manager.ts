/**
 * The repositories a sidecar serves: the registry, one index holder per repository (the service's
 * own holder, so each repository swaps the way the single index does), and the sync loop
 * (shallow fetch → incremental index in a worker thread → hot swap) fed by the queue from
 * webhooks, polling, `repos sync` and first adds. Answers in flight keep the reader they leased;
 * a swap only changes what new questions get.
 */
import { EventEmitter } from "node:events";
import { existsSync, readdirSync, realpathSync, renameSync, rmSync } from "node:fs";
import { join, sep } from "node:path";
import type { RepoAddRequest, RepoInfo, RepoProgress } from "@codeask/shared";
import { codedError } from "../coded-error.js";
import type { IndexHolder } from "../index/holder.js";
import type { Logger } from "../logger.js";
import { type Git, GitError } from "./git.js";
import type { IndexRunner } from "./index-runner.js";
import type { SyncJob, SyncQueue } from "./queue.js";
import { RegistryError, type RepoEntry, RepoRegistry, type RepoStatusRow, reposLayout } from "./registry.js";
import { checkRepoUrl, type UrlPolicy } from "./url.js";
import { repoKey } from "./webhooks.js";

/** What the service needs from a holder; created by the service so repositories use its holder. */
export type HolderFactory = (indexPath: string) => IndexHolder;

export interface RepoManagerOptions {
	dir: string;
	policy: UrlPolicy;
	git: Git;
	indexRunner: IndexRunner;
	queue: SyncQueue;
	createHolder: HolderFactory;
	log: Logger;
	/** Remote heads are checked this often (0 = never); webhooks make it a fallback. */
	pollMs: number;
	/** The repository a question without `repo` goes to when several are registered. */
	defaultRepo?: string;
}

/** Why a question's `repo` cannot be served: unknown (404) or needed but missing (400). */
export class RepoLookupError extends codedError<"unknown-repo" | "repo-required" | "no-repos">(
	"RepoLookupError",
) {}

export class RepoManager {
	readonly registry: RepoRegistry;
	private readonly holders = new Map<string, IndexHolder>();
	private readonly progress = new Map<string, number>();
	/** Emits `progress` (RepoProgress) for each repository's sync. */
	readonly events = new EventEmitter();
	private pollTimer: NodeJS.Timeout | null = null;
	/** Aborted on close: a running index stops, and its repository is left to the next start. */
	private readonly stopping = new AbortController();
	private polling = false;
	private closed = false;

	constructor(private readonly o: RepoManagerOptions) {
		this.registry = new RepoRegistry(o.dir);
		this.events.setMaxListeners(100);
	}

	/**
	 * Open the holders of every registered repository and start the queue worker. A sync a kill
	 * interrupted (state syncing/indexing) is queued again; a half-cloned checkout is removed.
	 */
	async start(options: { recover?: boolean } = {}): Promise<void> {
		this.removeStaleClones();
		this.refresh();
		await this.o.queue.start((job) => this.runSync(job));
		if (options.recover === false) return;
		for (const r of this.registry.list()) {
			if (r.state === "syncing" || r.state === "indexing" || r.state === "queued") {
				this.registry.setStatus(r.name, { state: this.holderOf(r.name)?.ready ? "ready" : "queued" });
				await this.o.queue.enqueue({ repo: r.name, reason: "restart" });
			}
		}
		if (this.o.pollMs > 0) {
			this.pollTimer = setInterval(() => void this.poll(), this.o.pollMs);
			this.pollTimer.unref();
		}
	}

	async close(): Promise<void> {
		this.closed = true;
		if (this.pollTimer) clearInterval(this.pollTimer);
		// A full index can take minutes: shutdown stops it (and any git) instead of waiting.
		this.stopping.abort();
		this.o.git.stopAll();
		await this.o.queue.close();
		for (const h of this.holders.values()) h.close();
		this.holders.clear();
		this.registry.close();
	}

	/** Make the holders match the registry (another process may have added or removed one). */
	refresh(): void {
		const names = new Set<string>();
		for (const r of this.registry.list()) {
			names.add(r.name);
			if (!this.holders.has(r.name)) {
				const holder = this.o.createHolder(reposLayout(this.o.dir).indexOf(r.name));
				holder.reload();
				this.holders.set(r.name, holder);
			}
		}
		for (const [name, h] of this.holders) {
			if (!names.has(name)) {
				h.close();
				this.holders.delete(name);
			}
		}
	}

	holderOf(name: string): IndexHolder | undefined {
		return this.holders.get(name);
	}

	/** Name of the repository a question without `repo` is answered from, or null. */
	defaultName(): string | null {
		if (this.o.defaultRepo && this.holders.has(this.o.defaultRepo)) return this.o.defaultRepo;
		return this.holders.size === 1 ? ([...this.holders.keys()][0] ?? null) : null;
	}

	/** The holder for a question's `repo` (or the default one). */
	resolve(repo?: string): IndexHolder {
		if (repo !== undefined && !this.holders.has(repo)) this.refresh();
		const name = repo ?? this.defaultName();
		if (name === null) {
			const names = [...this.holders.keys()];
			if (names.length === 0) throw new RepoLookupError("no-repos", "no repository is registered yet");
			throw new RepoLookupError(
				"repo-required",
				`this sidecar serves several repositories; say which one (repo): ${names.join(", ")}`,
			);
		}
		const holder = this.holders.get(name);
		if (!holder) {
			const names = [...this.holders.keys()];
			throw new RepoLookupError(
				"unknown-repo",
				`no repository named "${name}"${names.length ? ` (known: ${names.join(", ")})` : ""}`,
			);
		}
		return holder;
	}

	list(): RepoInfo[] {
		this.refresh();
		const def = this.defaultName();
		return this.registry.list().map((r) => this.info(r, def));
	}

	get(name: string): RepoInfo | undefined {
		const r = this.registry.get(name);
		return r ? this.info(r, this.defaultName()) : undefined;
	}

	private info(r: RepoEntry & RepoStatusRow, def: string | null): RepoInfo {
		return {
			name: r.name,
			url: r.url,
			branch: r.branch,
			subdir: r.subdir,
			trunks: r.trunks,
			addedAt: r.addedAt,
			state: r.state,
			indexedCommit: r.indexedCommit,
			headSeen: r.headSeen,
			lastSyncAt: r.lastSyncAt,
			lastError: r.lastError,
			progress: this.progress.get(r.name) ?? null,
			counts: r.counts,
			isDefault: r.name === def,
		};
	}

	/**
	 * Register a repository and queue its first sync. The location is checked (RepoUrlError) before
	 * anything is stored; the same name twice is a RegistryError.
	 */
	async add(request: Omit<RepoAddRequest, "callback" | "context">): Promise<RepoInfo> {
		const checked = checkRepoUrl(request.url, this.o.policy);
		this.registry.add({
			name: request.name,
			url: checked.display,
			branch: request.branch ?? "main",
			subdir: request.subdir ?? null,
			trunks: request.trunks ?? "builtin",
		});
		this.refresh();
		await this.o.queue.enqueue({ repo: request.name, reason: "added" });
		return this.get(request.name) as RepoInfo;
	}

	/** Forget a repository and delete its checkout and index (readers in use finish first). */
	remove(name: string): boolean {
		if (!this.registry.remove(name)) return false;
		this.holders.get(name)?.close();
		this.holders.delete(name);
		this.progress.delete(name);
		const layout = reposLayout(this.o.dir);
		rmSync(layout.checkoutOf(name), { recursive: true, force: true });
		rmSync(layout.indexOf(name), { force: true });
		return true;
	}

	/** Queue a sync of one repository, or of all. */
	async sync(name?: string): Promise<string[]> {
		const names = name === undefined ? this.registry.list().map((r) => r.name) : [name];
		for (const n of names) {
			if (!this.registry.get(n)) throw new RegistryError("unknown-repo", `no repository named "${n}"`);
			await this.o.queue.enqueue({ repo: n, reason: "manual" });
		}
		return names;
	}

	/** A verified push for `name`: queue a sync when it is for the tracked branch. */
	async pushed(
		name: string,
		branch: string | null,
		after: string | null,
	): Promise<"queued" | "other-branch"> {
		const r = this.registry.get(name);
		if (!r) throw new RegistryError("unknown-repo", `no repository named "${name}"`);
		if (branch !== r.branch) return "other-branch";
		if (after && /^[0-9a-f]{40,64}$/.test(after)) this.registry.setStatus(name, { headSeen: after });
		await this.o.queue.enqueue({ repo: name, reason: "push" });
		return "queued";
	}

	/**
	 * A verified push from an organisation-wide webhook: every registered repository whose location
	 * is one of the pushed repository's URLs and whose branch was pushed is queued.
	 */
	async pushedByUrls(
		urls: readonly string[],
		branch: string | null,
		after: string | null,
	): Promise<string[]> {
		const keys = new Set(urls.map(repoKey).filter((k): k is string => k !== null));
		const queued: string[] = [];
		for (const r of this.registry.list()) {
			const key = repoKey(r.url);
			if (key === null || !keys.has(key) || r.branch !== branch) continue;
			await this.pushed(r.name, branch, after);
			queued.push(r.name);
		}
		return queued;
	}

	/** Resolves when no sync is waiting or running. */
	idle(): Promise<void> {
		return this.o.queue.idle();
	}

	/** Check every repository's remote head (ls-remote, no fetch); queue a sync where it moved. */
	async poll(): Promise<void> {
		if (this.polling || this.closed) return;
		this.polling = true;
		try {
			for (const r of this.registry.list()) {
				if (this.closed) return;
				if (r.state === "syncing" || r.state === "indexing") continue;
				try {
					const { gitUrl } = checkRepoUrl(r.url, this.o.policy);
					const head = await this.o.git.remoteHead(gitUrl, r.branch);
					if (head !== r.syncedHead) {
						this.registry.setStatus(r.name, { headSeen: head });
						await this.o.queue.enqueue({ repo: r.name, reason: "poll" });
					}
				} catch (err) {
					this.registry.setStatus(r.name, { lastError: this.o.git.scrub((err as Error).message) });
				}
			}
		} finally {
			this.polling = false;
		}
	}

	private emit(p: Omit<RepoProgress, "context">): void {
		this.events.emit("progress", p);
	}

	/** Syncs running in this process, by repository: a second one waits for the first. */
	private readonly running = new Map<string, Promise<void>>();

	/** One sync at a time per repository in this process, whatever the queue's concurrency. */
	runSync(job: SyncJob): Promise<void> {
		const before = this.running.get(job.repo) ?? Promise.resolve();
		const next = before.then(() => this.syncOnce(job));
		this.running.set(job.repo, next);
		return next.finally(() => {
			if (this.running.get(job.repo) === next) this.running.delete(job.repo);
		});
	}

	/** One sync: fetch (or clone) the branch, index when the commit is new, swap the index in. */
	private async syncOnce(job: SyncJob): Promise<void> {
		const r = this.registry.get(job.repo);
		if (!r || this.closed) return;
		const log = this.o.log.child({ repo: r.name, reason: job.reason });
		const layout = reposLayout(this.o.dir);
		const checkout = layout.checkoutOf(r.name);
		const index = layout.indexOf(r.name);
		const holder = this.holders.get(r.name);
		this.registry.setStatus(r.name, { state: "syncing" });
		try {
			const { gitUrl } = checkRepoUrl(r.url, this.o.policy);
			await this.fetch(gitUrl, r.branch, checkout);
			const head = await this.o.git.head(checkout);
			this.registry.setStatus(r.name, { headSeen: head });
			if (head === r.syncedHead && existsSync(index) && holder?.ready) {
				this.registry.setStatus(r.name, {
					state: "ready",
					lastSyncAt: new Date().toISOString(),
					lastError: null,
				});
				log.info({ head }, "already up to date");
				return;
			}
			this.registry.setStatus(r.name, { state: "indexing" });
			this.progress.set(r.name, 0);
			this.emit({ repo: r.name, event: "started", percent: 0, commit: head, counts: null, error: null });
			const started = Date.now();
			const result = await this.o.indexRunner({
				repo: folderToIndex(checkout, r.subdir),
				out: index,
				trunks: r.trunks,
				signal: this.stopping.signal,
				onProgress: (percent) => {
					this.progress.set(r.name, percent);
					this.emit({ repo: r.name, event: "progress", percent, commit: head, counts: null, error: null });
				},
			});
			// The hot swap: new questions get the new index; leased readers finish on the old one.
			this.holders.get(r.name)?.reload();
			const counts = { files: result.files, definitions: result.definitions, edges: result.edges };
			this.progress.delete(r.name);
			this.registry.setStatus(r.name, {
				state: "ready",
				// What answers are stamped with: the index's own commit (unchanged when the commit
				// touched no indexed file, e.g. only docs).
				indexedCommit: this.indexCommitOf(r.name) ?? head,
				syncedHead: head,
				lastSyncAt: new Date().toISOString(),
				lastError: null,
				counts,
			});
			log.info(
				{
					head,
					ms: Date.now() - started,
					indexerMs: result.wallMs,
					extracted: result.extractedFiles,
					...counts,
				},
				"repository indexed",
			);
			this.emit({ repo: r.name, event: "finished", percent: 100, commit: head, counts, error: null });
		} catch (err) {
			const message = this.o.git.scrub((err as Error).message);
			this.progress.delete(r.name);
			// Stopped by shutdown: the state stays syncing/indexing, so the next start queues it again.
			if (this.closed) {
				log.info("sync stopped by shutdown");
				return;
			}
			if (this.registry.get(r.name)) {
				this.registry.setStatus(r.name, {
					state: this.holders.get(r.name)?.ready ? "ready" : "failed",
					lastError: message,
					lastSyncAt: new Date().toISOString(),
				});
			}
			log.warn({ err: message }, "sync failed");
			this.emit({ repo: r.name, event: "failed", percent: null, commit: null, counts: null, error: message });
		}
	}

	/**
	 * Bring the checkout to the branch's newest commit. A first clone goes to a temp folder that is
	 * renamed into place, so a kill never leaves a half clone under the real name; a checkout that
	 * cannot be updated in place (damaged) is cloned afresh.
	 */
	private async fetch(gitUrl: string, branch: string, checkout: string): Promise<void> {
		if (existsSync(join(checkout, ".git"))) {
			try {
				await this.o.git.update(gitUrl, branch, checkout);
				return;
			} catch (err) {
				if (!(err instanceof GitError) || err.code !== "failed") throw err;
				rmSync(checkout, { recursive: true, force: true });
			}
		}
		const temp = `${checkout}.clone-${process.pid}-${Date.now()}`;
		await this.o.git.clone(gitUrl, branch, temp);
		rmSync(checkout, { recursive: true, force: true });
		renameSync(temp, checkout);
	}

	/** The commit recorded in the repository's index in use. */
	private indexCommitOf(name: string): string | null {
		const holder = this.holders.get(name);
		if (!holder?.ready) return null;
		const lease = holder.acquire();
		try {
			return lease.reader.meta().commit;
		} finally {
			lease.release();
		}
	}

	/** Temp clones a killed sync left behind. */
	private removeStaleClones(): void {
		const dir = join(this.o.dir, "checkouts");
		if (!existsSync(dir)) return;
		for (const f of readdirSync(dir)) {
			const pid = Number(/\.clone-(\d+)-/.exec(f)?.[1]);
			if (pid && pid !== process.pid && alive(pid)) continue; // another process is cloning
			if (f.includes(".clone-")) rmSync(join(dir, f), { recursive: true, force: true });
		}
	}
}

function alive(pid: number): boolean {
	try {
		process.kill(pid, 0);
		return true;
	} catch {
		return false;
	}
}

/**
 * The checkout's subfolder to index. A repository is untrusted content: a subfolder that is a
 * symlink (or goes through one) to outside the checkout is refused, so a repository cannot make
 * the sidecar index files elsewhere on its disk.
 */
function folderToIndex(checkout: string, subdir: string | null): string {
	if (!subdir) return checkout;
	const base = realpathSync(checkout);
	let real: string;
	try {
		real = realpathSync(join(checkout, subdir));
	} catch {
		throw new Error(`the subfolder ${subdir} does not exist in the repository`);
	}
	if (real !== base && !real.startsWith(base + sep)) {
		throw new Error(`the subfolder ${subdir} leads outside the repository (a symlink)`);
	}
	return real;
}
