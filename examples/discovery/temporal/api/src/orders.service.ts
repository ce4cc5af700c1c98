import type { Client } from "@temporalio/client";

export class OrdersService {
	constructor(private readonly temporal: { client?: Client }) {}

	/** Starts the order's workflow on the main queue. */
	async place(orderId: string) {
		await this.temporal.client?.workflow.start("orderWorkflow", {
			taskQueue: "main",
			workflowId: `order-${orderId}`,
			args: [orderId],
		});
	}

	async remind(orderId: string) {
		await this.temporal.client?.workflow.signalWithStart(`reminderWorkflow`, {
			taskQueue: "main",
			workflowId: `remind-${orderId}`,
			args: [orderId],
			signal: "nudge",
		});
	}

	/** A running order's workflow is told to stop by its signal's name. */
	async cancel(orderId: string) {
		const handle = this.temporal.client?.workflow.getHandle(`order-${orderId}`);
		await handle?.signal("cancel", "customer");
	}
}
