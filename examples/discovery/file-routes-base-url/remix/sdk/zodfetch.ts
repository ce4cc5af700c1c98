/** A fetch that parses the response with a schema: the URL is its second argument, two calls from fetch. */
export async function zodfetch<T>(schema: { parse(v: unknown): T }, url: string, init?: RequestInit): Promise<T> {
	return doZodFetch(schema, url, init);
}

async function doZodFetch<T>(schema: { parse(v: unknown): T }, url: string, init?: RequestInit): Promise<T> {
	return doZodFetchWithRetries(schema, url, init, 3);
}

async function doZodFetchWithRetries<T>(
	schema: { parse(v: unknown): T },
	url: string,
	init: RequestInit | undefined,
	retries: number,
): Promise<T> {
	const res = await fetch(url, init);
	if (!res.ok && retries > 0) return doZodFetchWithRetries(schema, url, init, retries - 1);
	return schema.parse(await res.json());
}
