import { eventBus, OrderEvents } from "../events";

export async function placeOrder(id: string): Promise<void> {
	await eventBus.emit({ name: OrderEvents.PLACED, data: { id } });
}

export async function cancelOrder(id: string): Promise<void> {
	// No subscriber listens: dispatch-only.
	await eventBus.emit({ name: OrderEvents.CANCELED, data: { id } });
}
