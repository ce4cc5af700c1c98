import { proxyActivities, setHandler, startChild } from "@temporalio/workflow";
import type * as activities from "../activities";
import { cancelSignal } from "../signals";

const { chargeCard } = proxyActivities<typeof activities>({ startToCloseTimeout: "1 minute" });

/** Charges the order, then hands it to the shipment workflow. */
export async function orderWorkflow(orderId: string): Promise<void> {
	let cancelled = "";
	setHandler(cancelSignal, (reason) => {
		cancelled = reason;
	});
	if (cancelled) return;
	if (!(await chargeCard(orderId))) return;
	await startChild("shipmentWorkflow", { args: [orderId], workflowId: `ship-${orderId}` });
}
