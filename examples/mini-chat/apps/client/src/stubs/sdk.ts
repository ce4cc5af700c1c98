// The client's connection to the server (DDP for methods and streams, HTTP for REST).
export const sdk = {
	async call(method: string, ...args: unknown[]): Promise<unknown> {
		return { method, args };
	},
	publish(name: string, args: unknown[]): void {
		console.log(`publish ${name}`, args);
	},
	stream(name: string, key: string, listener: (...args: unknown[]) => void): () => void {
		console.log(`subscribe ${name}/${key}`, listener);
		return () => undefined;
	},
	rest: {
		async post(path: string, body: unknown): Promise<unknown> {
			const response = await fetch(path, { method: 'POST', body: JSON.stringify(body) });
			return response.json();
		},
		async get(path: string): Promise<unknown> {
			const response = await fetch(path);
			return response.json();
		},
	},
};
