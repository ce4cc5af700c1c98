import { proxify } from './proxify';
import type { IQueueWorkerService } from './types/IQueueWorkerService';

/** Facade of the `queue-worker` service: work queued by the name of the service method that does it. */
export const QueueWorker = proxify<IQueueWorkerService>('queue-worker');
