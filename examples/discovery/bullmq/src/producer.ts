import { emailQueue, thumbnailQueue } from './queues';

export async function welcome(to: string) {
  await emailQueue.add('welcome', { to });
}

export async function upload(file: string) {
  await thumbnailQueue.add('resize', { file });
}
