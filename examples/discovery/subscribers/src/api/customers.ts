import { eventBus } from "../events";

export async function createCustomer(id: string): Promise<void> {
	await eventBus.emit([{ name: "customer.created", data: { id } }]);
}

export async function payInvoice(id: string): Promise<void> {
	await eventBus.emit([{ name: "invoice.paid", data: { id } }]);
}
