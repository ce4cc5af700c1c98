import { RESIZE_JOB, THUMBNAIL_JOB } from "./jobs";
import type { MediaService } from "./media.service";

export class Uploads {
	constructor(private readonly mediaService: MediaService) {}

	async uploaded(id: string) {
		await this.mediaService.addJob({ data: { id }, name: RESIZE_JOB });
	}

	async galleryUploaded(ids: string[]) {
		await this.mediaService.addJobs(ids.map((id) => ({ data: { id }, name: THUMBNAIL_JOB })));
	}
}
