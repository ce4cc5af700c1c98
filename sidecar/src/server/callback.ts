/**
 * Delivers a finished job to the caller's callback URL. The body is signed so the receiver can
 * tell it came from this sidecar and was not replayed:
 *   x-codeask-timestamp: <unix seconds>
 *   x-codeask-signature: hex(HMAC-SHA256(secret, `${timestamp}.${rawBody}`))
 * Failed deliveries are retried with exponential backoff and jitter (honouring Retry-After on
 * 429/503); every attempt is signed afresh with its own timestamp. Redirects are not followed.
 */
import { createHmac } from "node:crypto";
import { CALLBACK_SIGNATURE_HEADER, CALLBACK_TIMESTAMP_HEADER } from "@codeask/shared";

export function signCallback(secret: string, timestamp: string, rawBody: string): string {
	return createHmac("sha256", secret).update(`${timestamp}.${rawBody}`).digest("hex");
}

export interface DeliveryOptions {
	url: string;
	secret: string;
	rawBody: string;
	attempts: number;
	backoffMs: number;
	timeoutMs: number;
	/** Aborting stops further retries (shutdown past its grace period). */
	signal?: AbortSignal;
	onAttempt?: (attempt: number, outcome: string) => void;
	now?: () => number;
}

export interface DeliveryResult {
	delivered: boolean;
	attempts: number;
	lastError: string | null;
}

const MAX_BACKOFF_MS = 5 * 60_000;

function retryAfterMs(header: string | null): number | null {
	if (!header) return null;
	const seconds = Number(header);
	if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
	const date = Date.parse(header);
	return Number.isNaN(date) ? null : Math.max(0, date - Date.now());
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
	return new Promise((resolve) => {
		const timer = setTimeout(done, ms);
		function done() {
			clearTimeout(timer);
			signal?.removeEventListener("abort", done);
			resolve();
		}
		signal?.addEventListener("abort", done, { once: true });
	});
}

export async function deliverCallback(options: DeliveryOptions): Promise<DeliveryResult> {
	const now = options.now ?? Date.now;
	let lastError: string | null = null;
	let made = 0;
	for (let attempt = 1; attempt <= options.attempts; attempt++) {
		if (options.signal?.aborted) break;
		made = attempt;
		const timestamp = String(Math.floor(now() / 1000));
		let waitHint: number | null = null;
		try {
			const res = await fetch(options.url, {
				method: "POST",
				redirect: "manual",
				headers: {
					"content-type": "application/json",
					"user-agent": "codeask-sidecar",
					[CALLBACK_TIMESTAMP_HEADER]: timestamp,
					[CALLBACK_SIGNATURE_HEADER]: signCallback(options.secret, timestamp, options.rawBody),
				},
				body: options.rawBody,
				signal: AbortSignal.timeout(options.timeoutMs),
			});
			await res.body?.cancel();
			if (res.status >= 200 && res.status < 300) {
				options.onAttempt?.(attempt, `HTTP ${res.status}`);
				return { delivered: true, attempts: attempt, lastError: null };
			}
			lastError = `HTTP ${res.status}`;
			if (res.status === 429 || res.status === 503) waitHint = retryAfterMs(res.headers.get("retry-after"));
		} catch (err) {
			const e = err as Error & { cause?: { code?: string } };
			lastError = e.name === "TimeoutError" ? "timed out" : (e.cause?.code ?? e.message);
		}
		options.onAttempt?.(attempt, lastError);
		if (attempt < options.attempts) {
			const base = Math.min(MAX_BACKOFF_MS, options.backoffMs * 2 ** (attempt - 1));
			const jittered = base * (0.8 + Math.random() * 0.4);
			await sleep(Math.min(MAX_BACKOFF_MS, Math.max(jittered, waitHint ?? 0)), options.signal);
		}
	}
	return { delivered: false, attempts: made, lastError };
}
