/**
 * Delivers a finished job to the caller's callback URL. The body is signed so the receiver can
 * tell it came from this sidecar and was not replayed:
 *   x-codeask-timestamp: <unix seconds>
 *   x-codeask-signature: hex(HMAC-SHA256(secret, `${timestamp}.${rawBody}`))
 * Failed deliveries are retried with exponential backoff and jitter (honouring Retry-After on
 * 429/503); every attempt is signed afresh with its own timestamp. Redirects are not followed, and
 * the connection is only made to an address the callback policy allows (callback-policy.ts).
 */
import { createHmac } from "node:crypto";
import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import { isIP } from "node:net";
import { CALLBACK_SIGNATURE_HEADER, CALLBACK_TIMESTAMP_HEADER } from "@codeask/shared";
import { allowed, CallbackAddressError, classifyAddress, guardedLookup } from "./callback-policy.js";

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
	/** Whether loopback and private addresses may be reached (a listed or registered origin); default no. */
	allowLocal?: boolean;
	/** Aborting stops further retries (shutdown past its grace period). */
	signal?: AbortSignal;
	/** Each attempt's outcome in full, for the sidecar's own log (never shown to the caller). */
	onAttempt?: (attempt: number, outcome: string) => void;
	now?: () => number;
}

export interface DeliveryResult {
	delivered: boolean;
	attempts: number;
	/** What the caller may see: "callback failed (<class>)", never a remote body or a network error. */
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

/** What one attempt came to: a status, or why there was none (detail only for the log). */
type Attempt =
	| { status: number; retryAfter: string | null }
	| { failure: "refused" | "no-response"; detail: string };

/** One signed POST; the connection is only ever made to an address the policy allows. */
function postOnce(
	url: URL,
	headers: Record<string, string>,
	body: string,
	o: DeliveryOptions,
): Promise<Attempt> {
	return new Promise((resolve) => {
		const host = url.hostname.replace(/^\[|\]$/g, "");
		// An IP literal is never looked up: judge it here (the URL parser normalised encoded forms).
		if (isIP(host)) {
			const verdict = classifyAddress(host);
			if (!allowed(verdict, o.allowLocal ?? false)) {
				resolve({ failure: "refused", detail: `${host} is ${verdict}` });
				return;
			}
		}
		const request = (url.protocol === "https:" ? httpsRequest : httpRequest)(
			url,
			{
				method: "POST",
				headers: { ...headers, "content-length": String(Buffer.byteLength(body)) },
				lookup: guardedLookup(o.allowLocal ?? false),
				agent: false,
				timeout: o.timeoutMs,
			},
			(res) => {
				// Reply bodies are never read: they could be anything the address serves.
				res.resume();
				const retry = res.headers["retry-after"];
				resolve({ status: res.statusCode ?? 0, retryAfter: typeof retry === "string" ? retry : null });
				res.destroy();
			},
		);
		request.on("timeout", () => request.destroy(new Error("timed out")));
		request.on("error", (err: NodeJS.ErrnoException) => {
			if (err instanceof CallbackAddressError) resolve({ failure: "refused", detail: err.message });
			else resolve({ failure: "no-response", detail: err.code ?? err.message });
		});
		request.end(body);
	});
}

/** The caller-facing summary of an attempt: a status class, never what answered or why it did not. */
function publicError(a: Attempt): string {
	if ("failure" in a) {
		return a.failure === "refused"
			? "callback failed (address not allowed)"
			: "callback failed (no response)";
	}
	if (a.status >= 300 && a.status < 400) return "callback failed (3xx: redirects are not followed)";
	return `callback failed (${Math.floor(a.status / 100)}xx)`;
}

export async function deliverCallback(options: DeliveryOptions): Promise<DeliveryResult> {
	const now = options.now ?? Date.now;
	const url = new URL(options.url);
	let lastError: string | null = null;
	let made = 0;
	for (let attempt = 1; attempt <= options.attempts; attempt++) {
		if (options.signal?.aborted) break;
		made = attempt;
		const timestamp = String(Math.floor(now() / 1000));
		const result = await postOnce(
			url,
			{
				"content-type": "application/json",
				"user-agent": "codeask-sidecar",
				[CALLBACK_TIMESTAMP_HEADER]: timestamp,
				[CALLBACK_SIGNATURE_HEADER]: signCallback(options.secret, timestamp, options.rawBody),
			},
			options.rawBody,
			options,
		);
		if ("status" in result && result.status >= 200 && result.status < 300) {
			options.onAttempt?.(attempt, `HTTP ${result.status}`);
			return { delivered: true, attempts: attempt, lastError: null };
		}
		lastError = publicError(result);
		options.onAttempt?.(
			attempt,
			"status" in result ? `HTTP ${result.status}` : `${result.failure}: ${result.detail}`,
		);
		// A refused address stays refused: retrying would only repeat the lookup.
		if ("failure" in result && result.failure === "refused") break;
		const waitHint =
			"status" in result && (result.status === 429 || result.status === 503)
				? retryAfterMs(result.retryAfter)
				: null;
		if (attempt < options.attempts) {
			const base = Math.min(MAX_BACKOFF_MS, options.backoffMs * 2 ** (attempt - 1));
			const jittered = base * (0.8 + Math.random() * 0.4);
			await sleep(Math.min(MAX_BACKOFF_MS, Math.max(jittered, waitHint ?? 0)), options.signal);
		}
	}
	return { delivered: false, attempts: made, lastError };
}
