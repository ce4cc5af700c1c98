export interface Job<T> {
	id: string;
	data: T;
}

export interface Queue<T> {
	name: string;
	enqueue(payload: T): Promise<void>;
}

export interface RunnerFuncs<T> {
	run: (job: Job<T>) => Promise<void>;
	onError?: (job: Job<T>) => Promise<void>;
}

/** A queue backend: the modules share its queues by name; a runner polls one and hands each job to `run`. */
export class QueueClient {
	private readonly pending = new Map<string, unknown[]>();

	createQueue<T>(name: string): Queue<T> {
		const jobs = this.pending.get(name) ?? [];
		this.pending.set(name, jobs);
		return { name, enqueue: async (payload: T) => void jobs.push(payload) };
	}

	createRunner<T>(queue: Queue<T>, funcs: RunnerFuncs<T>): { stop(): void } {
		const jobs = (this.pending.get(queue.name) ?? []) as T[];
		const timer = setInterval(() => {
			const data = jobs.shift();
			if (data !== undefined) void funcs.run({ id: queue.name, data });
		}, 1000);
		return { stop: () => clearInterval(timer) };
	}
}

export const queueClient = new QueueClient();
