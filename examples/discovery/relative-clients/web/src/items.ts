/** The web client: a ky instance with a prefix URL (so no leading slash), SWR hooks keyed by URL. */
interface Client {
	get(url: string): { json<T>(): Promise<T> };
	post(url: string, options?: { json?: unknown }): { json<T>(): Promise<T> };
	patch(url: string, options?: { json?: unknown }): { json<T>(): Promise<T> };
	put(url: string, options?: { json?: unknown }): { json<T>(): Promise<T> };
	delete(url: string): Promise<unknown>;
}
declare const api: Client;
declare function createSignedKy(token: string): Client;
declare function useSWR<T>(key: string | null): { data?: T };
declare function useSWRImmutable<T>(key: string | null): { data?: T };
declare function navigate(to: string): void;

// Paths in a constant map with a lower-case name.
const endpoints = { search: "api/items/search", items: "api/items" } as const;

export const searchItems = (q: string) => api.post(endpoints.search, { json: { q } });
// A constant path in front, run-time segments after it.
export const tagItem = (id: string, tags: string[]) => api.put(`${endpoints.items}/${id}/tags`, { json: tags });
export const renameItem = (id: string, name: string) => api.patch(`api/items/${id}`, { json: { name } });
export const replaceTags = (id: string, tags: string[]) => api.put(`api/items/${id}/tags`, { json: tags });
export const removeItem = (id: string) => api.delete(`api/items/${id}`);
export const useItem = (id: string) => useSWR(`api/items/${id}`);
export const useItemTags = (id: string) => useSWR(`api/items/${id}/tags`);
// Conditional fetching: the URL or nothing (`null`), never the guard.
export const useMaybeTags = (id?: string) => useSWR(id && `api/items/${id}/tags`);
export const useReadyItem = (ready: boolean, id: string) => useSWR(ready ? `api/items/${id}` : null);
// One immutable fetch: judged with the other SWR hooks, the same client.
export const useFrozenItem = (id: string) => useSWRImmutable(`api/items/${id}`);
export const fetchSigned = (token: string, id: string) => createSignedKy(token).get(`/api/items/${id}`).json();
export const dropSigned = (token: string, id: string) => createSignedKy(token).delete(`/api/items/${id}`);
// A page path, not a request: no site.
export const openItem = (id: string) => navigate(`items/${id}`);

/** A class's own client (a partner's API with the same paths): a method's result, no factory of this app's. */
export class PartnerClient {
	private getPartnerKy(): Client {
		return api;
	}
	pushItem(id: string) {
		return this.getPartnerKy().patch(`/items/${id}`);
	}
	pullItem(id: string) {
		return this.getPartnerKy().get(`/items/${id}`);
	}
	dropItem(id: string) {
		return this.getPartnerKy().delete(`/items/${id}`);
	}
}
