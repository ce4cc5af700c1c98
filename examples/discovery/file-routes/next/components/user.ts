export async function deleteUser(id: string) {
	await fetch(`/api/users/${id}`, { method: "DELETE" });
}

export async function loadUser(id: string) {
	return (await fetch(`/api/users/${id}`)).json();
}
