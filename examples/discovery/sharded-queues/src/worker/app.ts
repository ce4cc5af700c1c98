import { QueueName } from '../queues/names';
import { RenderQueue } from '../queues/renderQueue';
import { ReportQueue } from '../queues/reportQueue';
import { WorkerManager } from './manager';
import { cleanupProcessor, mailProcessor, renderProcessor, reportProcessorBuilder } from './processors';

WorkerManager.register(QueueName.Mail, mailProcessor);
WorkerManager.register(QueueName.Cleanup, cleanupProcessor);

const renderShards = RenderQueue.getShardNames();
renderShards.forEach((shardName) => {
  WorkerManager.register(shardName as QueueName, renderProcessor);
});

for (const shardName of ReportQueue.getShardNames()) {
  WorkerManager.register(shardName, reportProcessorBuilder(true));
}
