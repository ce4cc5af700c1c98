import type { Job } from 'bullmq';

export async function renderProcessor(job: Job<{ documentId: string }>) {
  console.log('render', job.data.documentId);
}

export function reportProcessorBuilder(primary: boolean) {
  return async (job: Job<{ reportId: string }>) => {
    console.log('report', primary, job.data.reportId);
  };
}

export async function mailProcessor(job: Job<{ to: string }>) {
  console.log('mail to', job.data.to);
}

export async function cleanupProcessor(job: Job<{ olderThan: number }>) {
  console.log('cleanup', job.data.olderThan);
}
