import { broker } from "../core/broker";
import { BillingService } from "../services/billing";
import { MailerService } from "../services/mailer";

export function start(): void {
	broker.register(new BillingService());
	broker.register(new MailerService());
}
