/**
 * Bearer-token authentication. The comparison is constant-time: both sides are hashed to the
 * same length first, so neither the content nor the length of the token leaks through timing.
 * No token → 401; a wrong token → 403.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import type { RequestHandler } from "express";
import { HttpError } from "../../http/http-error.js";

const digest = (s: string) => createHash("sha256").update(s, "utf8").digest();

export function bearerAuth(token: string): RequestHandler {
	const expected = digest(token);
	return (req, _res, next) => {
		const header = req.headers.authorization;
		const match = typeof header === "string" ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
		if (!match?.[1]) {
			next(new HttpError(401, "unauthorized", "missing bearer token (Authorization: Bearer <token>)"));
			return;
		}
		if (!timingSafeEqual(digest(match[1]), expected)) {
			next(new HttpError(403, "forbidden", "wrong bearer token"));
			return;
		}
		next();
	};
}
