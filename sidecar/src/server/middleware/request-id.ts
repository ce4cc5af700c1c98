/**
 * Every request gets an id: the caller's `x-request-id` when it is a sane token (so the app's
 * logs and ours line up), a fresh UUID otherwise. It is echoed in the response header and in
 * every error envelope.
 */
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";

const SANE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function requestIdOf(req: IncomingMessage, res: ServerResponse): string {
	const given = req.headers["x-request-id"];
	const id = typeof given === "string" && SANE_ID.test(given) ? given : randomUUID();
	res.setHeader("x-request-id", id);
	return id;
}
