import { InjectQueue } from "@nestjs/bull";
import type { JobOptions, Queue } from "bull";
import { MEDIA_QUEUE } from "./jobs";

export class MediaService {
	constructor(@InjectQueue(MEDIA_QUEUE) private readonly mediaQueue: Queue) {}

	// Producers name the job in an object; the wrapper destructures it into the queue's `add`.
	async addJob({ data, name, opts }: { data: unknown; name: string; opts?: JobOptions }) {
		return this.mediaQueue.add(name, data, opts);
	}

	async addJobs(jobs: { data: unknown; name: string }[]) {
		return this.mediaQueue.addBulk(jobs);
	}
}
