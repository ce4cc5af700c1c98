import { QueueId } from '../queues/names';
import { RenderQueue } from '../queues/renderQueue';
import { ReportQueue } from '../queues/reportQueue';
import { WorkerPool } from './manager';
import { cleanupProcessor, mailProcessor, renderProcessor, reportProcessorBuilder } from './processors';

WorkerPool.register(QueueId.Mail, mailProcessor);
WorkerPool.register(QueueId.Cleanup, cleanupProcessor);

const renderShards = RenderQueue.getShardNames();
renderShards.forEach((shardName) => {
  WorkerPool.register(shardName as QueueId, renderProcessor);
});

for (const shardName of ReportQueue.getShardNames()) {
  WorkerPool.register(shardName, reportProcessorBuilder(true));
}
