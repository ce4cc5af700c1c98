/** The web client's API object: its base URL ends in `/v1`, so every path here starts with it. */
declare const api: {
	get(url: string): Promise<unknown>;
	post(url: string, body?: unknown): Promise<unknown>;
	delete(url: string): Promise<unknown>;
};

export const loadUser = (id: string) => api.get(`/v1/users/${id}`);
export const addUser = (user: unknown) => api.post("/v1/users", user);
export const removeUser = (id: string) => api.delete(`/v1/users/${id}`);
export const loadStats = () => api.get("/v1/stats");
