export enum QueueId {
  Render = 'render-queue',
  Report = 'report-queue',
  Mail = 'mail-queue',
  Cleanup = 'cleanup-queue',
}

export const SHARD_COUNT = Number(process.env.SHARD_COUNT ?? 1);
