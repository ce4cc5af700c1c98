const folders = new Map<string, { id: string; links: string[] }>();

export async function listLinks(workspaceId: string): Promise<string[]> {
	return [...folders.values()].flatMap((f) => f.links.map((l) => `${workspaceId}/${l}`));
}

export async function getFolder(id: string) {
	return folders.get(id) ?? null;
}

export async function removeFolder(id: string) {
	folders.delete(id);
}
