/**
 * The sync queue: fetch + re-index jobs run here with bounded concurrency (default 1), so a burst
 * of pushes never runs several type checkers at once. An interface, so a deployment with several
 * sidecars can use a shared job system instead (BullMQ on Redis: ./bullmq-queue.ts). Jobs are
 * idempotent (a sync whose fetched commit is already indexed does nothing), which is what lets
 * either implementation coalesce or repeat them freely.
 */

export interface SyncJob {
	repo: string;
	reason: "added" | "push" | "poll" | "manual" | "restart";
}

export type SyncHandler = (job: SyncJob) => Promise<void>;

export interface SyncQueue {
	/** Start taking jobs; `handler` runs each one (at most `concurrency` at a time). */
	start(handler: SyncHandler): Promise<void>;
	/** Ask for a sync; one already waiting for the same repository absorbs it. */
	enqueue(job: SyncJob): Promise<void>;
	/** Resolves when nothing is waiting or running (tests, shutdown). */
	idle(): Promise<void>;
	/** Stop taking jobs; waits for running ones. */
	close(): Promise<void>;
}

/** The default: a FIFO in this process. One repository never syncs twice at once. */
export class InProcessQueue implements SyncQueue {
	private handler: SyncHandler | null = null;
	private readonly waiting: SyncJob[] = [];
	private readonly running = new Set<string>();
	private readonly idlers: (() => void)[] = [];
	private closed = false;

	constructor(private readonly concurrency = 1) {}

	async start(handler: SyncHandler): Promise<void> {
		this.handler = handler;
		this.pump();
	}

	async enqueue(job: SyncJob): Promise<void> {
		if (this.closed) return;
		// A push during a running sync still queues one more: that sync may have fetched too early.
		if (!this.waiting.some((w) => w.repo === job.repo)) this.waiting.push(job);
		this.pump();
	}

	idle(): Promise<void> {
		if (this.waiting.length === 0 && this.running.size === 0) return Promise.resolve();
		return new Promise((r) => this.idlers.push(r));
	}

	async close(): Promise<void> {
		this.closed = true;
		this.waiting.length = 0;
		await this.idle();
	}

	private pump(): void {
		if (!this.handler) return;
		while (this.running.size < this.concurrency) {
			const at = this.waiting.findIndex((j) => !this.running.has(j.repo));
			if (at < 0) break;
			const [job] = this.waiting.splice(at, 1) as [SyncJob];
			this.running.add(job.repo);
			const handler = this.handler;
			void handler(job)
				.catch(() => {})
				.finally(() => {
					this.running.delete(job.repo);
					this.pump();
					if (this.waiting.length === 0 && this.running.size === 0)
						for (const r of this.idlers.splice(0)) r();
				});
		}
	}
}
