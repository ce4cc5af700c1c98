export function insertTask(title: string): string {
	return `task:${title}`;
}

export function findTask(id: string): string | null {
	return id.length > 0 ? id : null;
}

export function listTasks(): string[] {
	return [];
}
