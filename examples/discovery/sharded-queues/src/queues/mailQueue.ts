import { Queue } from 'bullmq';
import { QueueName } from './names';
import { queueOptions } from './options';

export class MailQueue {
  private static instance: Queue | null = null;

  static getInstance(): Queue {
    MailQueue.instance ??= new Queue(QueueName.Mail, queueOptions(QueueName.Mail));
    return MailQueue.instance;
  }
}

export class CleanupQueue {
  static getInstance(): Queue {
    return new Queue(QueueName.Cleanup, queueOptions(QueueName.Cleanup));
  }
}
