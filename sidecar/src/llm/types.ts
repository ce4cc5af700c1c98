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

export interface LlmClient {
	readonly provider: LlmProvider;
	readonly model: string | null;
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
	| "aborted";

/** Typed provider error: `isRetryable` for 408/409/429/5xx and network faults (as in vercel/ai). */
export class LlmError extends Error {
	constructor(
		readonly code: LlmErrorCode,
		message: string,
		readonly isRetryable: boolean,
		readonly status?: number,
	) {
		super(message);
		this.name = "LlmError";
	}
}
