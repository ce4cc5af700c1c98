/**
 * The one interface every LLM adapter implements (none, gemini, openai-compatible).
 * Pipeline stages depend on this, never on an SDK.
 */
import type { LlmProvider } from "@codeask/shared";
import type { ZodType } from "zod";

/** Token usage as the provider reported it (never an estimate when the provider gives one). */
export interface LlmUsage {
	tokensIn: number;
	tokensOut: number;
	/** True when the provider reported no usage and the counts are a length-based estimate. */
	estimated?: boolean;
}

export interface LlmRequest {
	/** Pipeline stage making the request ("route", "select", "answer", "judge"): for reports and the budget. */
	stage: string;
	system: string;
	prompt: string;
	maxOutputTokens?: number;
	temperature?: number;
	signal?: AbortSignal;
}

export interface LlmTextResult {
	text: string;
	usage: LlmUsage;
	ms: number;
}

export interface LlmJsonResult<T> {
	value: T;
	usage: LlmUsage;
	ms: number;
}

/** One request sent to a provider (after its retries), as recorded by the request budget. */
export interface LlmRequestRecord {
	stage: string;
	tokensIn: number;
	tokensOut: number;
	ms: number;
	/** The provider answered 2xx and the output was usable. */
	ok: boolean;
	/** Counted against the budget (the provider answered 2xx). */
	billed: boolean;
	error?: LlmErrorCode;
}

/** Read-only view of the per-question request budget (see llm/budget.ts). */
export interface LlmBudgetView {
	readonly max: number;
	/** Requests the provider answered (2xx), including repair attempts. */
	readonly used: number;
	/** Requests that may still be sent (max − used − in flight). */
	readonly remaining: number;
	readonly records: readonly LlmRequestRecord[];
}

export interface LlmClient {
	readonly provider: LlmProvider;
	readonly model: string | null;
	/** The request budget this client spends (shared by all stages of one question). */
	readonly budget?: LlmBudgetView;
	/** Free text (Markdown answers). */
	generateText(req: LlmRequest): Promise<LlmTextResult>;
	/**
	 * Structured output validated with `schema`. Malformed output gets one repair attempt when
	 * the request budget allows; otherwise throws LlmError with code "malformed-output".
	 */
	generateJson<T>(req: LlmRequest & { schema: ZodType<T> }): Promise<LlmJsonResult<T>>;
}

export type LlmErrorCode =
	| "budget-exhausted"
	| "rate-limited"
	| "server-error"
	| "timeout"
	| "unauthorized"
	| "bad-request"
	| "network"
	| "malformed-output"
	| "aborted"
	/** The `none` provider: no LLM is configured, the caller must answer offline. */
	| "offline"
	/** LLM settings are invalid or incomplete (missing key, model or base URL). */
	| "invalid-config";

/** Typed provider error: `isRetryable` for 408/409/429/5xx and network faults (as in vercel/ai). */
export class LlmError extends Error {
	constructor(
		readonly code: LlmErrorCode,
		message: string,
		readonly isRetryable: boolean,
		readonly status?: number,
		/** How long the provider asked us to wait (retry-after), when it said. */
		readonly retryAfterMs?: number,
	) {
		super(message);
		this.name = "LlmError";
	}
}
