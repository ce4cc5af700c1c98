/** A fetch that parses the response with a schema: the URL is its second argument. */
export async function zodfetch<T>(schema: { parse(v: unknown): T }, url: string, init?: RequestInit): Promise<T> {
	const res = await fetch(url, init);
	return schema.parse(await res.json());
}
