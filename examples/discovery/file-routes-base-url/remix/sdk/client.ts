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
}
