import { RESIZE_JOB } from "./jobs";
import type { MediaService } from "./media.service";

export class Uploads {
	constructor(private readonly mediaService: MediaService) {}

	async uploaded(id: string) {
		await this.mediaService.addJob({ data: { id }, name: RESIZE_JOB });
	}
}
