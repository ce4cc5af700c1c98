import { api, type IQueueWorkerService, ServiceClass } from '@mini-chat/core-services';

interface Job {
	to: string;
	data: Record<string, unknown>;
}

/** Runs queued work one job at a time: each job names the service method that does it. */
export class QueueWorkerService extends ServiceClass implements IQueueWorkerService {
	protected name = 'queue-worker';

	private readonly jobs: Job[] = [];

	async queueWork<T extends Record<string, unknown>>(_queue: 'work', to: string, data: T): Promise<void> {
		this.jobs.push({ to, data });
	}

	/** Take the oldest job and call its service method through the broker. */
	async runNext(): Promise<void> {
		const job = this.jobs.shift();
		if (job) {
			await api.call(job.to, job.data);
		}
	}
}
