import type { HeldQueue, QueueRegistry } from "../queue/queue-registry.js";

const RENDER_QUEUE = "render-invoice";

export class InvoiceService {
	private renderQueue: HeldQueue<{ invoiceId: string }>;
	private recorder = new Map<string, string>();

	constructor(private readonly jobQueueRegistry: QueueRegistry) {}

	async init(): Promise<void> {
		this.renderQueue = await this.jobQueueRegistry.createQueue({
			name: RENDER_QUEUE,
			process: (job) => this.render(job.data.invoiceId),
		});
	}

	async issue(invoiceId: string): Promise<void> {
		this.recorder.set(invoiceId, "issued");
		await this.renderQueue.add({ invoiceId });
	}

	private async render(invoiceId: string): Promise<void> {
		console.log(`rendering ${invoiceId}`);
	}
}
