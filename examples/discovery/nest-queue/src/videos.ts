import { TRANSCODE_JOB } from "./jobs";
import type { MediaService } from "./media.service";

export class Videos {
	constructor(private readonly media: MediaService) {}

	async uploaded(id: string) {
		await this.media.addJob({ data: { id }, name: TRANSCODE_JOB, opts: { priority: 1 } });
	}
}
