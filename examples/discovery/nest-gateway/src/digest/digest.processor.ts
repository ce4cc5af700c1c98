import { Process, Processor } from "@nestjs/bull";
import type { Job } from "bull";

// Bull: the queue's name in an options object, one method per named job.
@Processor({ name: "digest" })
export class DigestProcessor {
	@Process("weekly")
	async weekly(job: Job<{ userId: string }>) {
		return job.data.userId;
	}

	@Process("daily")
	async daily(job: Job<{ userId: string }>) {
		return job.data.userId;
	}
}
