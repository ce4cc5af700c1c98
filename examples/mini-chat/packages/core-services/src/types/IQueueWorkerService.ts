/**
 * Runs work in the background: `queueWork('work', 'service.method', data)` stores a job, and the
 * worker later calls that service method through the broker with `data`.
 */
export interface IQueueWorkerService {
	queueWork<T extends Record<string, unknown>>(queue: 'work', to: string, data: T): Promise<void>;
}
