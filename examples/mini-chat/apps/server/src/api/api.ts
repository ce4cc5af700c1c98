type Action = (this: { userId: string; bodyParams: any; urlParams: any }) => Promise<unknown>;

interface RouteOptions {
	authRequired?: boolean;
}

const routes = new Map<string, Partial<Record<'get' | 'post' | 'delete', Action>>>();

/** The REST API: `API.v1.addRoute('chat.sendMessage', options, { post() { … } })`. */
export const API = {
	v1: {
		addRoute(path: string, _options: RouteOptions, actions: Partial<Record<'get' | 'post' | 'delete', Action>>): void {
			routes.set(`/api/v1/${path}`, actions);
		},
		success<T>(result: T): { success: true; result: T } {
			return { success: true, result };
		},
	},
};
