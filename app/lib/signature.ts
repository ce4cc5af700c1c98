// biome-ignore lint/style/useNodejsImportProtocol: the Apps-Engine compiler only allows the bare "crypto" name.
import { createHmac, timingSafeEqual } from "crypto";

/** Receivers reject callbacks whose timestamp is further than this from now (replay guard). */
export const MAX_CALLBACK_SKEW_MS = 5 * 60_000;

/** Hex HMAC-SHA256(secret, `${timestamp}.${rawBody}`), the scheme in the HTTP contract. */
export function signCallback(secret: string, timestamp: string, rawBody: string): string {
	return createHmac("sha256", secret).update(`${timestamp}.${rawBody}`).digest("hex");
}

/** Accepts Unix seconds, Unix milliseconds or an ISO date. */
function timestampMs(timestamp: string): number | undefined {
	if (/^\d+$/.test(timestamp)) {
		const value = Number(timestamp);
		return value > 1e12 ? value : value * 1000;
	}
	const parsed = Date.parse(timestamp);
	return Number.isNaN(parsed) ? undefined : parsed;
}

export type SignatureCheck = "ok" | "missing" | "stale" | "mismatch";

export function verifyCallback(input: {
	secret: string;
	timestamp: string | undefined;
	signature: string | undefined;
	rawBody: string;
	now: number;
}): SignatureCheck {
	const { secret, timestamp, signature, rawBody, now } = input;
	if (!timestamp || !signature) {
		return "missing";
	}
	const sentAt = timestampMs(timestamp);
	if (sentAt === undefined || Math.abs(now - sentAt) > MAX_CALLBACK_SKEW_MS) {
		return "stale";
	}
	const expected = Buffer.from(signCallback(secret, timestamp, rawBody), "utf8");
	const given = Buffer.from(
		signature
			.trim()
			.toLowerCase()
			.replace(/^sha256=/, ""),
		"utf8",
	);
	// Lengths differ → not equal; timingSafeEqual needs equal lengths.
	return expected.length === given.length && timingSafeEqual(expected, given) ? "ok" : "mismatch";
}
