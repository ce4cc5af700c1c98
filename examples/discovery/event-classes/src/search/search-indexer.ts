import type { EventBus } from "../events/event-bus.js";
import { ProductChangedEvent, StockLowEvent } from "../events/events.js";

export class SearchIndexer {
	constructor(private readonly eventBus: EventBus) {}

	start(): void {
		this.eventBus.ofType(ProductChangedEvent).subscribe((event) => this.reindex(event.productId));
		this.eventBus.ofType(StockLowEvent).subscribe(this.markLow);
	}

	touch(productId: string): void {
		this.eventBus.publish(new ProductChangedEvent(productId));
	}

	private reindex(productId: string): void {
		console.log(`reindex ${productId}`);
	}

	markLow = (event: StockLowEvent): void => {
		console.log(`low stock ${event.productId}`);
	};
}
