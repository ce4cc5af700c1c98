import { type Job, queueClient } from "../queue/client.js";
import { type MailRequest, MailQueue } from "../queues.js";
import { withTracing } from "./tracing.js";

export class MailWorker {
	static build() {
		return queueClient.createRunner<MailRequest>(MailQueue, {
			run: withTracing("mailWorker.run", runMail),
			onError: async (job) => console.error(`mail job ${job.id} failed`),
		});
	}
}

async function runMail(job: Job<MailRequest>): Promise<void> {
	console.log(`sending ${job.data.template} to ${job.data.to}`);
}
