import { withSpan } from "./tracing";

/**
 * A fetch that parses the response with a schema: the URL is its second argument, three calls from
 * fetch, and the inner steps run inside callbacks (a span, a retry) that close over the URL.
 */
export async function zodfetch<T>(schema: { parse(v: unknown): T }, url: string, init?: RequestInit): Promise<T> {
	return doZodFetch(schema, url, init);
}

async function doZodFetch<T>(schema: { parse(v: unknown): T }, url: string, init?: RequestInit): Promise<T> {
	return withSpan("zodfetch", async (span) => {
		span.set("url", url);
		return doZodFetchWithRetries(schema, url, init, {}, 1);
	});
}

async function doZodFetchWithRetries<T>(
	schema: { parse(v: unknown): T },
	url: string,
	init: RequestInit | undefined,
	options: { retries?: number },
	attempt: number,
): Promise<T> {
	const res = await withSpan("fetch", () => fetch(url, init));
	if (!res.ok && attempt < (options.retries ?? 3))
		return doZodFetchWithRetries(schema, url, init, options, attempt + 1);
	return schema.parse(await res.json());
}
