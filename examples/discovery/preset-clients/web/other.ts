/** Another service's client: one path happens to look like a route here, the rest do not. */
declare const client: { get(url: string): Promise<unknown> };

export async function syncCatalog() {
	await client.get("/users/me");
	await client.get("/catalog/items");
	await client.get("/catalog/prices");
	await client.get("/catalog/stock");
}
