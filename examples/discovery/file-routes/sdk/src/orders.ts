import type { Client } from "./client";

export class Orders {
	constructor(private client: Client) {}

	list() {
		return this.client.fetch("/orders");
	}

	create(body: unknown) {
		return this.client.fetch("/orders", { method: "POST", body });
	}

	retrieve(id: string) {
		return this.client.fetch(`/orders/${id}`);
	}

	cancel(id: string, force = false) {
		return this.client.fetch(`/orders/${id}/cancel?force=${force}`, { method: "POST" });
	}

	delete(id: string) {
		return this.client.fetch(`/orders/${id}`, { method: "DELETE" });
	}
}
