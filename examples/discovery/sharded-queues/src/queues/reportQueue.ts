import { Queue } from 'bullmq';
import { QueueName } from './names';
import { queueOptions } from './options';

const SHARDS = [0, 1, 2];

export class ReportQueue {
  static getShardNames(): string[] {
    return SHARDS.map((shard) => `${QueueName.Report}-${shard}`);
  }

  static getInstance(shard = 0): Queue {
    const name = `${QueueName.Report}-${shard}`;
    return new Queue(name, queueOptions(name));
  }
}
