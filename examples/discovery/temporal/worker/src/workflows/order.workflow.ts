import { proxyActivities, startChild } from "@temporalio/workflow";
import type * as activities from "../activities";

const { chargeCard } = proxyActivities<typeof activities>({ startToCloseTimeout: "1 minute" });

/** Charges the order, then hands it to the shipment workflow. */
export async function orderWorkflow(orderId: string): Promise<void> {
	if (!(await chargeCard(orderId))) return;
	await startChild("shipmentWorkflow", { args: [orderId], workflowId: `ship-${orderId}` });
}
