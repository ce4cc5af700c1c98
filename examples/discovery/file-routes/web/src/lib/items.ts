export async function loadItem(id: number) {
	return (await fetch(`/api/items/${id}`)).text();
}

export async function renameItem(id: number) {
	await fetch(`/api/items/${id}`, { method: "PUT" });
}
