import { broker } from "../core/broker";
import { BillingService } from "../services/billing";
import { MailerService } from "../services/mailer";

export function start(): void {
	broker.register(new BillingService());
	broker.register(new MailerService());
}

// Loaded on demand: the class comes through a dynamic import's binding.
export async function startInventory(): Promise<void> {
	const { InventoryService } = await import("../services/inventory");
	broker.register(new InventoryService());
}
