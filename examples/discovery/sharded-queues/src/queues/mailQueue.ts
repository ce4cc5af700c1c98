import { Queue } from 'bullmq';
import { QueueId } from './names';
import { queueOptions } from './options';

export class MailQueue {
  private static instance: Queue | null = null;

  static getInstance(): Queue {
    MailQueue.instance ??= new Queue(QueueId.Mail, queueOptions(QueueId.Mail));
    return MailQueue.instance;
  }
}

export class CleanupQueue {
  static getInstance(): Queue {
    return new Queue(QueueId.Cleanup, queueOptions(QueueId.Cleanup));
  }
}
