import { Queue } from 'bullmq';

const connection = { host: 'localhost', port: 6379 };

export const emailQueue = new Queue('emails', { connection });
export const thumbnailQueue = new Queue('thumbnails', { connection });
export const exportQueue = new Queue('exports', { connection });
