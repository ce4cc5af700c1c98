/** Backoff arithmetic, retry-after parsing and abortable waiting. */
import { LlmError } from "./types.js";

/** `retry-after-ms` (OpenAI), else `retry-after` as seconds or an HTTP date; undefined when absent. */
export function parseRetryAfter(headers: Headers | undefined, now: number = Date.now()): number | undefined {
	if (!headers) return undefined;
	const ms = headers.get("retry-after-ms");
	if (ms !== null && ms.trim() !== "" && Number.isFinite(Number(ms)) && Number(ms) >= 0) return Number(ms);
	const value = headers.get("retry-after")?.trim();
	if (!value) return undefined;
	if (/^\d+(\.\d+)?$/.test(value)) return Math.round(Number(value) * 1000);
	const date = Date.parse(value);
	return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Google's RetryInfo detail (`"retryDelay": "13s"`) in an error body, as ms. */
export function parseGoogleRetryDelay(errorBody: unknown): number | undefined {
	const details = (errorBody as { error?: { details?: unknown } } | undefined)?.error?.details;
	if (!Array.isArray(details)) return undefined;
	for (const d of details) {
		const delay = (d as { retryDelay?: unknown })?.retryDelay;
		if (typeof delay === "string") {
			const m = /^(\d+(?:\.\d+)?)s$/.exec(delay.trim());
			if (m) return Math.round(Number(m[1]) * 1000);
		}
	}
	return undefined;
}

export interface BackoffPolicy {
	retryBaseMs: number;
	maxRetryDelayMs: number;
}

/**
 * Delay before retry number `attempt` (0-based): the provider's retry-after when it gave one,
 * else exponential backoff with ±25 % jitter, capped. Returns null when the provider asks for a
 * longer wait than the cap allows: retrying sooner would only be refused again.
 */
export function retryDelayMs(
	attempt: number,
	retryAfterMs: number | undefined,
	policy: BackoffPolicy,
	random: () => number = Math.random,
): number | null {
	if (retryAfterMs !== undefined) return retryAfterMs > policy.maxRetryDelayMs ? null : retryAfterMs;
	const exponential = policy.retryBaseMs * 2 ** attempt;
	const jittered = exponential * (0.75 + 0.5 * random());
	return Math.min(policy.maxRetryDelayMs, Math.round(jittered));
}

/** Waits `ms`, rejecting with LlmError("aborted") as soon as `signal` aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
	if (signal?.aborted) return Promise.reject(abortedError());
	if (ms <= 0) return Promise.resolve();
	return new Promise((resolve, reject) => {
		const onAbort = () => {
			clearTimeout(timer);
			reject(abortedError());
		};
		const timer = setTimeout(() => {
			signal?.removeEventListener("abort", onAbort);
			resolve();
		}, ms);
		signal?.addEventListener("abort", onAbort, { once: true });
	});
}

export function abortedError(): LlmError {
	return new LlmError("aborted", "LLM request cancelled by the caller", false);
}
