export function insertNote(text: string): string {
	return `note:${text}`;
}

export function removeNote(id: string): boolean {
	return id.length > 0;
}

export function listNotes(): string[] {
	return [];
}
