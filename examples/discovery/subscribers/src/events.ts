export const OrderEvents = { PLACED: "order.placed", CANCELED: "order.canceled" } as const;

/** The app's event bus: subscribers are found by their files, not registered here. */
export class EventBus {
	async emit(message: { name: string; data: unknown } | { name: string; data: unknown }[]): Promise<void> {
		void message;
	}
}

export const eventBus = new EventBus();
