export async function findUser(id: string) {
	return { id, name: "ada" };
}
export async function renameUser(id: string, name: string) {
	return { id, name };
}
export async function listPosts() {
	return [{ id: "1", title: "hello" }];
}
export async function publishPost(title: string) {
	return { id: "2", title };
}
export async function archivePost(id: string) {
	return { id, archived: true };
}
