import { Signals, TaskName } from "./names";
import type { TaskRepository } from "./task.repository";

export class Uploads {
	constructor(private readonly tasks: TaskRepository) {}

	async uploaded(id: string) {
		await this.tasks.queue({ name: TaskName.ResizeImage, data: { id } });
	}

	async published() {
		await this.tasks.queue({ name: TaskName.PurgeCache });
	}

	async signedUp(userId: string) {
		await this.tasks.queue({ name: Signals.UserSignedUp, data: { userId } });
	}

	async nightly(ids: string[]) {
		await this.tasks.queueAll(ids.map((id) => ({ name: TaskName.SendDigest, data: { id } })));
	}
}
