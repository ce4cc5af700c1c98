import { Billing, Inventory, Mailer } from "../core/facades";

export async function checkout(orderId: string, email: string, cents: number): Promise<void> {
	await Inventory.reserve(orderId);
	await Billing.charge(orderId, cents);
	await Mailer.send(email, `order ${orderId} paid`);
}
