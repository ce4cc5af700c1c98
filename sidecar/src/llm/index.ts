/**
 * LLM adapters behind one interface. `createLlmClient(settings, budget, deps)` validates the
 * settings and returns a client for `none` (offline), `gemini` (@google/genai) or `openai`
 * (any OpenAI-compatible server). See docs/llm.md.
 */
import { RequestBudget } from "./budget.js";
import { type LlmLogger, ProviderClient } from "./client.js";
import { createGeminiTransport } from "./gemini.js";
import { createOfflineClient } from "./none.js";
import { createOpenAiTransport } from "./openai.js";
import { type Pacer, sharedPacer } from "./pacer.js";
import type { ProviderTransport } from "./provider.js";
import { type LlmEnv, resolveLlmSettings } from "./settings.js";
import type { LlmClient } from "./types.js";

export interface LlmClientDeps {
	/** Where keys are looked up when the settings carry none (GEMINI_API_KEY, OPENAI_API_KEY). */
	env?: LlmEnv;
	logger?: LlmLogger;
	/** Request spacing; default: one pacer per endpoint for the whole process. */
	pacer?: Pacer;
	/** Jitter source for backoff (tests). */
	random?: () => number;
}

/**
 * A client for one question. `budget` is shared by every stage of that question (default: a
 * fresh budget of 3 requests). Throws LlmError("invalid-config") for bad or incomplete settings
 * (e.g. gemini without a key), with a message that never contains the key.
 */
export function createLlmClient(
	settings: unknown,
	budget: RequestBudget = new RequestBudget(),
	deps: LlmClientDeps = {},
): LlmClient {
	const s = resolveLlmSettings(settings, deps.env);
	if (s.provider === "none") return createOfflineClient(budget);
	let transport: ProviderTransport;
	if (s.provider === "gemini") {
		transport = createGeminiTransport({
			apiKey: s.apiKey as string,
			model: s.model as string,
			timeoutMs: s.timeoutMs,
			...(s.baseUrl ? { baseUrl: s.baseUrl } : {}),
		});
	} else {
		transport = createOpenAiTransport({
			model: s.model as string,
			baseUrl: s.baseUrl as string,
			timeoutMs: s.timeoutMs,
			...(s.apiKey ? { apiKey: s.apiKey } : {}),
		});
	}
	return new ProviderClient(transport, s, {
		budget,
		pacer: deps.pacer ?? sharedPacer(transport.endpoint, s.minSpacingMs),
		...(deps.logger ? { logger: deps.logger } : {}),
		...(deps.random ? { random: deps.random } : {}),
	});
}

export { type BudgetReservation, DEFAULT_MAX_REQUESTS, RequestBudget } from "./budget.js";
export type { LlmLogger } from "./client.js";
export { isOffline } from "./none.js";
export { Pacer } from "./pacer.js";
export {
	DEFAULT_GEMINI_MODEL,
	type LlmEnv,
	type LlmSettings,
	type LlmSettingsInput,
	llmSettingsSchema,
	type ResolvedLlmSettings,
	resolveLlmSettings,
} from "./settings.js";
export * from "./types.js";
export { estimateTokens } from "./usage.js";
