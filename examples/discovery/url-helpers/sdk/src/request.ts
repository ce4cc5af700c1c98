import { type Result, wrapThrowsAsync } from "./utils";

/** The one place the SDK sends a request: the endpoint is appended to the app's URL. */
export const makeRequest = async <T>(
	appUrl: string,
	endpoint: string,
	method: "GET" | "POST" | "PUT",
	data?: unknown,
): Promise<Result<T>> => {
	const url = new URL(appUrl + endpoint);
	const body = data ? JSON.stringify(data) : undefined;
	const res = await wrapThrowsAsync(fetch)(url.toString(), { method, body });
	if (!res.ok) return res;
	return { ok: true, data: (await res.data.json()) as T };
};
