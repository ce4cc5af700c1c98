import { Queue } from 'bullmq';
import { QueueId, SHARD_COUNT } from './names';
import { queueOptions } from './options';

/** One queue per shard: `render-queue`, `render-queue-1`, … */
export class RenderQueue {
  private static instances = new Map<number, Queue>();

  static getShardNames() {
    return Array.from({ length: SHARD_COUNT }, (_, i) => `${QueueId.Render}${i > 0 ? `-${i}` : ''}`);
  }

  static getInstance({ shardingKey }: { shardingKey?: string } = {}): Queue {
    const shardIndex = shardingKey ? shardingKey.length % SHARD_COUNT : 0;
    const known = RenderQueue.instances.get(shardIndex);
    if (known) return known;
    const name = `${QueueId.Render}${shardIndex > 0 ? `-${shardIndex}` : ''}`;
    const queue = new Queue(name, queueOptions(name));
    RenderQueue.instances.set(shardIndex, queue);
    return queue;
  }
}
