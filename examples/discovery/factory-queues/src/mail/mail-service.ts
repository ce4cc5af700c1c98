import type { HeldQueue, QueueRegistry } from "../queue/queue-registry.js";

interface MailJob {
	to: string;
	subject: string;
}

export class MailService {
	private outbox: HeldQueue<MailJob>;

	constructor(private readonly queues: QueueRegistry) {}

	async onStart(): Promise<void> {
		this.outbox = await this.queues.createQueue<MailJob>({
			name: "deliver-mail",
			process: async (job) => this.deliver(job.data),
		});
	}

	async sendWelcome(to: string): Promise<void> {
		await this.outbox.add({ to, subject: "Welcome" });
	}

	private async deliver(mail: MailJob): Promise<void> {
		console.log(`sending ${mail.subject} to ${mail.to}`);
	}
}
