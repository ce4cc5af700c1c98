import { proxyActivities } from "@temporalio/workflow";
import type { MailActivity } from "../mail.activity";

// A local factory returning the proxy, per task queue.
const onQueue = (taskQueue: string) => proxyActivities<MailActivity>({ taskQueue, startToCloseTimeout: "1 minute" });

export async function mailWorkflow(to: string): Promise<number> {
	const { sendMail } = onQueue("mail");
	await sendMail(to, "Your order shipped");
	const mail = proxyActivities<MailActivity>({ startToCloseTimeout: "1 minute" });
	return mail.countQueued();
}
