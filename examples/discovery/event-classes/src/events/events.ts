export class OrderPlacedEvent {
	constructor(
		readonly orderId: string,
		readonly total: number,
	) {}
}

export class ProductChangedEvent {
	constructor(readonly productId: string) {}
}

export class StockLowEvent {
	constructor(readonly productId: string) {}
}
