import { InjectQueue } from "@nestjs/bullmq";
import type { Queue } from "bullmq";
import type { Cart } from "./cart";

export class SignupService {
	constructor(
		@InjectQueue("mail") private readonly mailQueue: Queue,
		private readonly cart: Cart,
	) {}

	async register(to: string) {
		await this.mailQueue.add("welcome", { to });
	}

	// A cart's `add` is no queue: its receiver carries no queue decorator.
	async addStarterKit() {
		this.cart.add("starter-kit");
	}
}
