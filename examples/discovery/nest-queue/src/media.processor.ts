import { Process, Processor } from "@nestjs/bull";
import type { Job } from "bull";
import { MEDIA_QUEUE, RESIZE_JOB, THUMBNAIL_JOB, TRANSCODE_JOB } from "./jobs";

@Processor(MEDIA_QUEUE)
export class MediaProcessor {
	@Process({ concurrency: 2, name: RESIZE_JOB })
	async resize(job: Job<{ id: string }>) {
		return job.data.id;
	}

	@Process({ name: THUMBNAIL_JOB })
	async thumbnail(job: Job<{ id: string }>) {
		return job.data.id;
	}

	@Process({ name: TRANSCODE_JOB })
	async transcode(job: Job<{ id: string }>) {
		return job.data.id;
	}
}
