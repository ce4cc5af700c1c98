export async function deleteFolder(folderId: string) {
	const res = await fetch(`/api/folders/${folderId}`, { method: "DELETE" });
	return res.ok;
}
