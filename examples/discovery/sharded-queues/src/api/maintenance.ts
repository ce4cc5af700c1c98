import { Queue } from 'bullmq';
import { QueueId } from '../queues/names';
import { CleanupQueue, MailQueue } from '../queues/mailQueue';

/** A factory choosing a getter by the queue's name: it makes no instance itself. */
export function queueFor(name: QueueId): Queue | null {
  switch (name) {
    case QueueId.Mail:
      return MailQueue.getInstance();
    case QueueId.Cleanup:
      return CleanupQueue.getInstance();
    default:
      return null;
  }
}

export async function scheduleCleanup(deps: { queue?: Queue } = {}) {
  const queue = deps.queue ?? CleanupQueue.getInstance();
  await queue.add('sweep', {});
}

export async function retryMail() {
  await queueFor(QueueId.Mail)?.add('notify', {});
}

export async function mailBacklog() {
  return MailQueue.getInstance().getJobCounts();
}

/** A name known only at run time: the factory's choice cannot be read. */
export async function retryAny(name: QueueId) {
  const queue = queueFor(name);
  await queue?.add('retry', {});
}
