/**
 * The last two handlers: unknown routes → 404, and every error → the one envelope. Body-parser
 * failures (bad JSON, too large, bad charset) become clear 4xx; anything unexpected is logged
 * and becomes a 500 without a stack.
 */
import type { ErrorRequestHandler, RequestHandler } from "express";
import { errorBody, HttpError } from "../../http/http-error.js";
import type { Logger } from "../../logger.js";

export const notFound: RequestHandler = (req, _res, next) => {
	next(new HttpError(404, "not-found", `no route ${req.method} ${req.path.slice(0, 200)}`));
};

/** Map body-parser's typed errors to what a caller can act on. */
function fromBodyParser(err: { type?: string; status?: number; limit?: number }): HttpError | null {
	switch (err.type) {
		case "entity.too.large":
			return new HttpError(
				413,
				"body-too-large",
				`the JSON body is larger than ${err.limit ?? "the limit of"} bytes`,
			);
		case "entity.parse.failed":
			return new HttpError(400, "invalid-json", "the body is not valid JSON");
		case "encoding.unsupported":
		case "charset.unsupported":
			return new HttpError(
				415,
				"unsupported-encoding",
				"send the body as UTF-8 JSON without content encoding",
			);
		case "request.aborted":
		case "request.size.invalid":
			return new HttpError(400, "bad-request", "the request body was incomplete");
		default:
			return null;
	}
}

export function errorHandler(log: Logger): ErrorRequestHandler {
	return (err, req, res, _next) => {
		let http: HttpError;
		if (err instanceof HttpError) http = err;
		else {
			const parsed = fromBodyParser(err as { type?: string });
			const status = (err as { status?: number }).status;
			if (parsed) http = parsed;
			else if (typeof status === "number" && status >= 400 && status < 500) {
				http = new HttpError(status, "bad-request", "the request could not be read");
			} else {
				(req as { log?: Logger }).log?.error({ err }, "unhandled error") ??
					log.error({ err }, "unhandled error");
				http = new HttpError(500, "internal", "internal error (see the sidecar log)");
			}
		}
		if (res.headersSent) {
			res.end();
			return;
		}
		for (const [name, value] of Object.entries(http.extra.headers ?? {})) res.setHeader(name, value);
		const requestId = res.getHeader("x-request-id");
		const send = () => {
			if (res.headersSent) return;
			res
				.status(http.status)
				.json(
					errorBody(
						http.code,
						http.message,
						typeof requestId === "string" ? requestId : undefined,
						http.extra.issues,
					),
				);
		};
		// A body refused half-read (too large, undecodable): read the rest away (briefly) before
		// answering, or closing the socket with unread data can reset it and lose the answer.
		if (!req.complete && req.readable) {
			res.setHeader("connection", "close");
			req.resume();
			req.once("end", send);
			setTimeout(send, 1000).unref();
		} else send();
	};
}
