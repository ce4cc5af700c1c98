/** The app's fetch: a base URL in front of every path, credentials on. */
export function useFetch() {
	const base = "/api";
	return (url: string, options: RequestInit = {}) => fetch(base + url, { credentials: "include", ...options });
}
