import { proxyActivities, setHandler, sleep } from "@temporalio/workflow";
import type * as activities from "../activities";
import { nudgeSignal } from "../signals";

const { bookCourier } = proxyActivities<typeof activities>({ startToCloseTimeout: "1 minute" });

export async function shipmentWorkflow(orderId: string): Promise<string> {
	return bookCourier(orderId);
}

const remind = () => undefined;

export const reminderWorkflow = async (orderId: string): Promise<void> => {
	setHandler(nudgeSignal, remind);
	await sleep("1 day");
	void orderId;
};
