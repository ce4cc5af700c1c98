/** A fetch with the base URL and JSON in front: `client.fetch('/orders', { method: 'POST' })`. */
export class Client {
	constructor(private baseUrl: string) {}

	fetch<T>(input: string, init?: { method?: string; body?: unknown }): Promise<T> {
		return fetch(new URL(input, this.baseUrl), { method: init?.method, body: JSON.stringify(init?.body) }).then(
			(r) => r.json() as Promise<T>,
		);
	}
}
