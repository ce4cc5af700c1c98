/** Mapping provider failures to LlmError, and keeping secrets out of every message. */
import { LlmError, type LlmErrorCode } from "./types.js";

/** 408/409/429/5xx are worth retrying (as in vercel/ai); other 4xx are not. */
export function isRetryableStatus(status: number): boolean {
	return status === 408 || status === 409 || status === 429 || status >= 500;
}

export function codeForStatus(status: number): LlmErrorCode {
	if (status === 401 || status === 403) return "unauthorized";
	if (status === 408) return "timeout";
	if (status === 429) return "rate-limited";
	if (status === 409 || status >= 500) return "server-error";
	return "bad-request";
}

/** Replaces every occurrence of each secret (and its URL-encoded form) with "[redacted]". */
export function redact(text: string, secrets: readonly (string | undefined)[]): string {
	let out = text;
	for (const secret of secrets) {
		if (!secret || secret.length < 4) continue;
		for (const form of new Set([secret, encodeURIComponent(secret)]))
			out = out.split(form).join("[redacted]");
	}
	return out;
}

/** Provider error text, shortened: error bodies can be long HTML pages. */
export function shorten(text: string, max = 300): string {
	const flat = text.replace(/\s+/g, " ").trim();
	return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}

/** The `error.message` of a Google- or OpenAI-style error body, else the raw text. */
export function providerMessage(body: unknown, fallback: string): string {
	const message = (body as { error?: { message?: unknown } } | undefined)?.error?.message;
	return typeof message === "string" && message.trim() !== "" ? message : fallback;
}

export function httpError(
	provider: string,
	status: number,
	detail: string,
	secrets: readonly (string | undefined)[],
	retryAfterMs?: number,
	code: LlmErrorCode = codeForStatus(status),
): LlmError {
	const message = redact(`${provider} answered HTTP ${status}: ${shorten(detail)}`, secrets);
	return new LlmError(code, message, isRetryableStatus(status), status, retryAfterMs);
}
