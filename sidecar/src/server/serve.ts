/**
 * Listen on host:port and shut down gracefully: on SIGTERM/SIGINT stop accepting connections,
 * let running and queued questions (and their callbacks) finish within the grace period, then
 * close the index and exit. SIGHUP re-checks the index file at once.
 */
import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Logger } from "../logger.js";
import { errorBody } from "./http-error.js";
import type { Service } from "./service.js";

export interface Listening {
	server: Server;
	url: string;
	/** Graceful shutdown; resolves true when every accepted question finished in time. */
	shutdown(): Promise<boolean>;
}

/** Reply to requests Node's HTTP parser rejects (header abuse, bad framing) with the error envelope. */
function answerClientErrors(server: Server, log: Logger): void {
	server.on("clientError", (err: NodeJS.ErrnoException, socket) => {
		if (!socket.writable) {
			socket.destroy();
			return;
		}
		const tooLarge = err.code === "HPE_HEADER_OVERFLOW";
		const status = tooLarge ? "431 Request Header Fields Too Large" : "400 Bad Request";
		const body = JSON.stringify(
			errorBody(
				tooLarge ? "headers-too-large" : "bad-request",
				tooLarge ? "request headers too large" : "malformed HTTP request",
			),
		);
		log.warn({ code: err.code }, "malformed HTTP request refused");
		socket.end(
			`HTTP/1.1 ${status}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
		);
	});
}

export async function listen(
	service: Service,
	options: { host: string; port: number; shutdownTimeoutMs: number; log: Logger },
): Promise<Listening> {
	const server = createServer(
		// requestTimeout bounds receiving a request (slow-trickle clients), not answering it; Host is
		// irrelevant to this API, and requiring it makes Node answer a bare 400 without the envelope.
		{ requestTimeout: 60_000, headersTimeout: 30_000, maxHeaderSize: 16 * 1024, requireHostHeader: false },
		service.app,
	);
	answerClientErrors(server, options.log);
	server.listen(options.port, options.host);
	await once(server, "listening");
	const { port } = server.address() as AddressInfo;
	const host = options.host.includes(":") ? `[${options.host}]` : options.host;
	let shuttingDown: Promise<boolean> | null = null;

	return {
		server,
		url: `http://${host}:${port}`,
		shutdown() {
			shuttingDown ??= (async () => {
				options.log.info("shutting down: finishing accepted questions");
				const closed = new Promise<void>((resolve) => server.close(() => resolve()));
				server.closeIdleConnections();
				const finished = await service.drain(options.shutdownTimeoutMs);
				// Responses to finished questions are written by now; give sockets a moment to flush.
				server.closeIdleConnections();
				const flushed = await Promise.race([
					closed.then(() => true),
					new Promise<boolean>((r) => setTimeout(() => r(false), 2000).unref()),
				]);
				if (!flushed) server.closeAllConnections();
				service.close();
				options.log.info({ finished }, "shut down");
				return finished;
			})();
			return shuttingDown;
		},
	};
}
