import { Service } from "../core/broker";

export class BillingService extends Service {
	protected name = "billing";

	async charge(orderId: string, cents: number): Promise<void> {
		this.ledger(orderId, cents);
	}

	async refund(orderId: string): Promise<void> {
		this.ledger(orderId, 0);
	}

	private ledger(orderId: string, cents: number): void {
		console.info(orderId, cents);
	}
}
