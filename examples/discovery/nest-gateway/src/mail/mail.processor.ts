import { Processor, WorkerHost } from "@nestjs/bullmq";
import type { Job } from "bullmq";

// BullMQ: one `process` method takes every job of the queue, by its name.
@Processor("mail")
export class MailProcessor extends WorkerHost {
	async process(job: Job<{ to: string }>) {
		switch (job.name) {
			case "welcome":
				return this.welcome(job.data.to);
			default:
				return undefined;
		}
	}

	private welcome(to: string) {
		return `welcome ${to}`;
	}
}
