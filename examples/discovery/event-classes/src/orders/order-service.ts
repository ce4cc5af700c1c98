import type { EventBus } from "../events/event-bus.js";
import { OrderPlacedEvent, StockLowEvent } from "../events/events.js";

export class OrderService {
	constructor(private readonly eventBus: EventBus) {}

	place(orderId: string, total: number): void {
		this.eventBus.publish(new OrderPlacedEvent(orderId, total));
	}

	reserve(productId: string, left: number): void {
		if (left < 3) this.eventBus.publish(new StockLowEvent(productId));
		// A date is no event: its class is not declared here.
		this.eventBus.publish(new Date());
	}
}
