/**
 * The `none` provider: no LLM, no network. The pipeline checks `isOffline(client)` and answers
 * extractively; calling the client anyway is a programming error and says so.
 */
import { RequestBudget } from "./budget.js";
import { type LlmClient, LlmError, type LlmJsonResult, type LlmTextResult } from "./types.js";

function offline(): LlmError {
	return new LlmError(
		"offline",
		"no LLM is configured (provider none): answer offline; check isOffline(client) first",
		false,
	);
}

export function createOfflineClient(budget: RequestBudget = new RequestBudget()): LlmClient {
	return {
		provider: "none",
		model: null,
		budget,
		generateText: async (): Promise<LlmTextResult> => {
			throw offline();
		},
		generateJson: async <T>(): Promise<LlmJsonResult<T>> => {
			throw offline();
		},
	};
}

/** True when there is no LLM to call: no client at all, or the `none` provider. */
export function isOffline(client: LlmClient | null | undefined): boolean {
	return !client || client.provider === "none";
}
