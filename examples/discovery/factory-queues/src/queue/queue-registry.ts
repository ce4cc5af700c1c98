export interface QueuedJob<T> {
	data: T;
}

export interface QueueOptions<T> {
	name: string;
	process: (job: QueuedJob<T>) => Promise<unknown>;
}

/** A queue made by the registry: `add` stores a job the registry's poller later hands to `process`. */
export class HeldQueue<T> {
	constructor(private readonly options: QueueOptions<T>) {}

	async add(data: T): Promise<void> {
		await this.options.process({ data });
	}
}

export class QueueRegistry {
	private readonly queues = new Map<string, HeldQueue<unknown>>();

	async createQueue<T>(options: QueueOptions<T>): Promise<HeldQueue<T>> {
		const queue = new HeldQueue(options);
		this.queues.set(options.name, queue as HeldQueue<unknown>);
		return queue;
	}
}
