import { type Processor, Worker } from 'bullmq';
import { queueOptions } from '../queues/options';

export class WorkerManager {
  private static workers: Record<string, Worker> = {};

  static register(queueName: string, processor: Processor): void {
    if (WorkerManager.workers[queueName]) return;
    WorkerManager.workers[queueName] = new Worker(queueName, processor, queueOptions(queueName));
  }
}
