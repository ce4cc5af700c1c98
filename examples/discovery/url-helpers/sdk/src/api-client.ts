import { makeRequest } from "./request";

export class ApiClient {
	constructor(
		private readonly appUrl: string,
		private readonly workspaceId: string,
	) {}

	getEnvironmentState() {
		return makeRequest(this.appUrl, `/api/v1/client/${this.workspaceId}/environment`, "GET");
	}

	/** Identified users still go through the first version of the API. */
	createResponse(input: { userId?: string; data: Record<string, unknown> }) {
		const fromV1 = !!input.userId;
		return makeRequest(this.appUrl, `/api/${fromV1 ? "v1" : "v2"}/client/${this.workspaceId}/responses`, "POST", input);
	}

	identifyUser(userId: string) {
		return makeRequest(this.appUrl, `/api/v2/client/${this.workspaceId}/user`, "POST", { userId });
	}

	updateResponse(responseId: string, data: Record<string, unknown>) {
		return makeRequest(this.appUrl, `/api/v1/client/${this.workspaceId}/responses/${responseId}`, "PUT", { data });
	}
}
