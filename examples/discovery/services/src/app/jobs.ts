import { broker } from "../core/broker";

export async function nightly(userIds: string[]): Promise<void> {
	for (const id of userIds) await broker.call("mailer.sendDigest", id);
}

export async function cancel(orderId: string): Promise<void> {
	await broker.call("billing.refund", orderId);
}
