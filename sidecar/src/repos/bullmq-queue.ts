/**
 * The sync queue on Redis with BullMQ, for several sidecars sharing one queue (and one store of
 * index files): any sidecar may take a job; `concurrency` bounds each worker. A waiting job for
 * the same repository absorbs a new one (deduplication by repository while it waits).
 */
import { Queue, Worker } from "bullmq";
import { Redis } from "ioredis";
import type { SyncHandler, SyncJob, SyncQueue } from "./queue.js";

export interface BullMqOptions {
	/** redis://[user:password@]host:port[/db] */
	url: string;
	/** Queue name (several deployments can share one Redis). */
	name?: string;
	concurrency?: number;
}

function connectionOf(url: string) {
	const u = new URL(url);
	if (u.protocol !== "redis:" && u.protocol !== "rediss:")
		throw new Error("the Redis URL must start with redis:// or rediss://");
	return {
		host: u.hostname,
		port: Number(u.port || 6379),
		...(u.username ? { username: decodeURIComponent(u.username) } : {}),
		...(u.password ? { password: decodeURIComponent(u.password) } : {}),
		...(u.pathname.length > 1 ? { db: Number(u.pathname.slice(1)) } : {}),
		...(u.protocol === "rediss:" ? { tls: {} } : {}),
		// BullMQ workers block on Redis: they must not give up on a slow reply.
		maxRetriesPerRequest: null,
	};
}

export class BullMqQueue implements SyncQueue {
	private readonly queue: Queue;
	private worker: Worker | null = null;
	private readonly clients: Redis[] = [];
	private readonly name: string;

	constructor(private readonly o: BullMqOptions) {
		this.name = o.name ?? "codeask-sync";
		// BullMQ takes ready-made ioredis clients in an ES module program (one per queue/worker).
		this.queue = new Queue(this.name, { connection: this.client() });
	}

	private client(): Redis {
		const c = new Redis(connectionOf(this.o.url));
		this.clients.push(c);
		return c;
	}

	async start(handler: SyncHandler): Promise<void> {
		this.worker = new Worker(
			this.name,
			async (job) => {
				const data = job.data as SyncJob;
				// From now on a new push queues a new job: this sync may fetch before that commit.
				await this.queue.removeDeduplicationKey(`repo:${data.repo}`);
				await handler(data);
			},
			{
				connection: this.client(),
				concurrency: this.o.concurrency ?? 1,
			},
		);
		await this.worker.waitUntilReady();
	}

	async enqueue(job: SyncJob): Promise<void> {
		await this.queue.add("sync", job, {
			// While a job for this repository waits, another add is absorbed by it.
			deduplication: { id: `repo:${job.repo}` },
			removeOnComplete: true,
			removeOnFail: 100,
			attempts: 1,
		});
	}

	async idle(): Promise<void> {
		for (;;) {
			const c = await this.queue.getJobCounts("waiting", "active", "delayed", "prioritized");
			if (Object.values(c).every((n) => n === 0)) return;
			await new Promise((r) => setTimeout(r, 100));
		}
	}

	async close(): Promise<void> {
		await this.worker?.close();
		await this.queue.close();
		await Promise.all(this.clients.map((c) => c.quit().catch(() => c.disconnect())));
	}
}
