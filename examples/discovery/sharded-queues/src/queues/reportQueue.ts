import { Queue } from 'bullmq';
import { QueueId } from './names';
import { queueOptions } from './options';

const SHARDS = [0, 1, 2];

export class ReportQueue {
  static getShardNames(): string[] {
    return SHARDS.map((shard) => `${QueueId.Report}-${shard}`);
  }

  static getInstance(shard = 0): Queue {
    const name = `${QueueId.Report}-${shard}`;
    return new Queue(name, queueOptions(name));
  }
}
