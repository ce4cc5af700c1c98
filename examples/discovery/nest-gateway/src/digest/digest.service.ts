import { InjectQueue } from "@nestjs/bull";
import type { Queue } from "bull";

export class DigestService {
	// Injected into a field rather than a constructor parameter.
	@InjectQueue("digest") private readonly digestQueue!: Queue;

	async subscribe(userId: string) {
		await this.digestQueue.add("weekly", { userId });
	}

	async subscribeDaily(userId: string) {
		await this.digestQueue.add("daily", { userId });
	}
}
