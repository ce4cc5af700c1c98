import type { TaskName } from "./names";

export type TaskItem = { name: TaskName | string; data?: unknown };

export class TaskRepository {
	async queue(item: TaskItem) {
		return this.queueAll([item]);
	}

	async queueAll(items: TaskItem[]) {
		return items.length;
	}
}
