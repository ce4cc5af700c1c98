import type { EventBus } from "../events/event-bus.js";
import { OrderPlacedEvent } from "../events/events.js";

export class OrderMailer {
	constructor(private readonly eventBus: EventBus) {}

	listen(): void {
		this.eventBus.ofType(OrderPlacedEvent).subscribe((event) => {
			console.log(`mail receipt for ${event.orderId}`);
		});
	}
}
