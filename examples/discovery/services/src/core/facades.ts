import { serviceProxy } from "./broker";

export interface IBilling {
	charge(orderId: string, cents: number): Promise<void>;
	refund(orderId: string): Promise<void>;
}
export interface IMailer {
	send(to: string, body: string): Promise<void>;
	sendDigest(userId: string): Promise<void>;
}

export interface IInventory {
	reserve(sku: string): Promise<boolean>;
}

export const Billing = serviceProxy<IBilling>("billing");
export const Mailer = serviceProxy<IMailer>("mailer");
export const Inventory = serviceProxy<IInventory>("inventory");
