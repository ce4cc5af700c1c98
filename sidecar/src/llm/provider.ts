/**
 * What a provider adapter implements: one HTTP request, no retries, no budget. Everything
 * that is the same for every provider (budget, pacing, retries, timeouts, JSON repair,
 * redaction) lives in client.ts.
 */
import type { LlmProvider } from "@codeask/shared";
import type { LlmUsage } from "./types.js";

export interface ProviderTurn {
	role: "user" | "assistant";
	text: string;
}

export interface ProviderCall {
	system: string;
	turns: ProviderTurn[];
	maxOutputTokens?: number;
	temperature?: number;
	/** Ask for JSON matching this schema (provider-native structured output where supported). */
	jsonSchema?: Record<string, unknown>;
}

export interface ProviderReply {
	text: string;
	usage: LlmUsage;
	/** Provider's finish/stop reason, for error messages ("MAX_TOKENS", "length", "SAFETY"…). */
	finishReason?: string;
}

export interface ProviderTransport {
	readonly provider: LlmProvider;
	readonly model: string;
	/** Identifies the endpoint for request spacing (never contains a key). */
	readonly endpoint: string;
	/**
	 * Sends one request. Failures with an HTTP status are thrown as LlmError carrying that
	 * status (a 2xx status means the provider answered and the request is billed); anything
	 * else (connection refused, abort) may be thrown as is: the client classifies it.
	 */
	send(call: ProviderCall, signal: AbortSignal): Promise<ProviderReply>;
}
