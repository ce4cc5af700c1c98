// The one fetcher every SWR hook is given: it fetches the hook's key, a URL.
export async function fetcher<T>(url: string): Promise<T> {
	const res = await fetch(url);
	if (!res.ok) throw new Error(`${res.status} ${url}`);
	return (await res.json()) as T;
}
