import type { IRead } from "@rocket.chat/apps-engine/definition/accessors";
import { ApiEndpoint, type IApiRequest, type IApiResponse } from "@rocket.chat/apps-engine/definition/api";
import { verifyCallback } from "../lib/signature";
import { type AppSettings, readAppSettings } from "../settings/settings";

// Header names of the HTTP contract (CALLBACK_SIGNATURE_HEADER / CALLBACK_TIMESTAMP_HEADER),
// repeated because the app imports only types from it; a unit test keeps them equal.
export const SIGNATURE_HEADER = "x-codeask-signature";
export const TIMESTAMP_HEADER = "x-codeask-timestamp";

function header(request: IApiRequest, name: string): string | undefined {
	for (const [key, value] of Object.entries(request.headers ?? {})) {
		if (key.toLowerCase() === name) return Array.isArray(value) ? String(value[0]) : String(value);
	}
	return undefined;
}

export type SignedBody =
	| { ok: true; body: unknown; settings: AppSettings }
	| { ok: false; status: number; error: string; refused?: string };

/**
 * The prologue every endpoint the sidecar calls shares: the app must be configured, the body must
 * carry a fresh HMAC signature under the shared secret, and it must be JSON. The engine hands
 * endpoints the parsed body, so the signature is checked against its JSON serialisation (the
 * sidecar signs `JSON.stringify(body)`). `refused` names a signature failure, for the app log.
 */
export async function readSignedBody(request: IApiRequest, read: IRead, now: number): Promise<SignedBody> {
	const loaded = await readAppSettings(read);
	if (!loaded.ok) return { ok: false, status: 503, error: "app not configured" };
	const rawBody =
		typeof request.content === "string" ? request.content : JSON.stringify(request.content ?? {});
	const check = verifyCallback({
		secret: loaded.settings.sharedSecret,
		timestamp: header(request, TIMESTAMP_HEADER),
		signature: header(request, SIGNATURE_HEADER),
		rawBody,
		now,
	});
	if (check !== "ok") return { ok: false, status: 401, error: "invalid signature", refused: check };
	try {
		const body: unknown = typeof request.content === "string" ? JSON.parse(request.content) : request.content;
		return { ok: true, body, settings: loaded.settings };
	} catch {
		return { ok: false, status: 400, error: "body is not JSON" };
	}
}

/**
 * An endpoint the sidecar calls: a clock for the signature's freshness (a test sets it), and the
 * prologue above with a refusal answered and a signature failure logged.
 */
export abstract class SignedEndpoint extends ApiEndpoint {
	public constructor(
		app: ConstructorParameters<typeof ApiEndpoint>[0],
		private readonly now: () => number = Date.now,
	) {
		super(app);
	}

	/** The body and settings of a signed call, or the response refusing it; `what` names it in the log. */
	protected async signedBody(
		request: IApiRequest,
		read: IRead,
		what: string,
	): Promise<{ ok: true; body: unknown; settings: AppSettings } | { ok: false; response: IApiResponse }> {
		const signed = await readSignedBody(request, read, this.now());
		if (signed.ok) return signed;
		if (signed.refused) this.app.getLogger().warn(`codeask: ${what} refused (${signed.refused})`);
		return { ok: false, response: this.json({ status: signed.status, content: { error: signed.error } }) };
	}
}
