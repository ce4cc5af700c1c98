import { proxyActivities, sleep } from "@temporalio/workflow";
import type * as activities from "../activities";

const { bookCourier } = proxyActivities<typeof activities>({ startToCloseTimeout: "1 minute" });

export async function shipmentWorkflow(orderId: string): Promise<string> {
	return bookCourier(orderId);
}

export const reminderWorkflow = async (orderId: string): Promise<void> => {
	await sleep("1 day");
	void orderId;
};
