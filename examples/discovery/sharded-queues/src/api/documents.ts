import { MailQueue } from '../queues/mailQueue';
import { RenderQueue } from '../queues/renderQueue';
import { ReportQueue } from '../queues/reportQueue';

export async function publishDocument(projectId: string, documentId: string) {
  const queue = RenderQueue.getInstance({ shardingKey: `${projectId}-${documentId}` });
  await queue.add('render-document', { documentId });
}

export async function requestReport(reportId: string) {
  await ReportQueue.getInstance().add('build-report', { reportId });
}

export async function notifyOwner(to: string) {
  await MailQueue.getInstance().add('notify', { to });
}
