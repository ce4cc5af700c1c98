import { zodfetch } from "./zodfetch";

const RunSchema = { parse: (v: unknown) => v as { id: string } };

/** The SDK: every call builds its URL on the configured base URL. */
export class ApiClient {
	constructor(private readonly baseUrl: string) {}

	triggerTask(taskId: string, payload: unknown) {
		return zodfetch(RunSchema, `${this.baseUrl}/api/v1/tasks/${taskId}/trigger`, {
			method: "POST",
			body: JSON.stringify(payload),
		});
	}

	retrieveTask(taskId: string) {
		return fetch(`${this.baseUrl}/api/v1/tasks/${taskId}`);
	}

	cancelRun(runId: string) {
		return fetch(`${this.baseUrl}/api/v1/runs/${runId}`, { method: "DELETE" });
	}

	/** Through the wrapper, no method named: the one route of that path answers, whatever its verb. */
	retrieveRun(runId: string) {
		return zodfetch(RunSchema, `${this.baseUrl}/api/v1/runs/${runId}`, { headers: { accept: "application/json" } });
	}

	pauseQueue(queue: string) {
		return zodfetch(RunSchema, `${this.baseUrl}/api/v1/queues/${queue}/pause`, { method: "POST" });
	}

	createBatch(items: unknown[]) {
		return zodfetch(RunSchema, `${this.baseUrl}/api/v1/batches`, { method: "POST", body: JSON.stringify(items) });
	}
}
