import { type Job, Worker } from 'bullmq';

const connection = { host: 'localhost', port: 6379 };

export async function sendEmail(job: Job<{ to: string }>) {
  console.log('mail to', job.data.to);
}

export async function makeThumbnail(job: Job<{ file: string }>) {
  console.log('thumbnail of', job.data.file);
}

new Worker('emails', sendEmail, { connection });
new Worker('thumbnails', makeThumbnail, { connection });
new Worker('exports', async (job: Job<{ id: string }>) => {
  console.log('export', job.data.id);
}, { connection });
