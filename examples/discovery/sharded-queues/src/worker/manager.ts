import { type Processor, Worker } from 'bullmq';
import { queueOptions } from '../queues/options';

export class WorkerPool {
  private static workers: Record<string, Worker> = {};

  static register(queueName: string, processor: Processor): void {
    if (WorkerPool.workers[queueName]) return;
    WorkerPool.workers[queueName] = new Worker(queueName, processor, queueOptions(queueName));
  }
}
