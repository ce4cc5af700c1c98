/**
 * Listen on host:port and shut down gracefully: on SIGTERM/SIGINT stop accepting connections,
 * let running and queued questions (and their callbacks) finish within the grace period, then
 * close the index and exit. SIGHUP re-checks the index file at once.
 */
import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { errorBody } from "../http/http-error.js";
import type { Logger } from "../logger.js";
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
		const timedOut = err.code === "ERR_HTTP_REQUEST_TIMEOUT";
		const [status, code, message] = tooLarge
			? ["431 Request Header Fields Too Large", "headers-too-large", "request headers too large"]
			: timedOut
				? ["408 Request Timeout", "request-timeout", "the request was not received in time; send it again"]
				: ["400 Bad Request", "bad-request", "malformed HTTP request"];
		const body = JSON.stringify(errorBody(code, message));
		log.warn(
			{ code: err.code },
			timedOut ? "request timed out while being received" : "malformed HTTP request refused",
		);
		socket.end(
			`HTTP/1.1 ${status}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
		);
	});
}

export async function listen(
	service: Service,
	options: {
		host: string;
		port: number;
		shutdownTimeoutMs: number;
		log: Logger;
		/** Time to receive a whole request (default 60 s); 408 after it. */
		requestTimeoutMs?: number;
	},
): Promise<Listening> {
	const requestTimeout = options.requestTimeoutMs ?? 60_000;
	const server = createServer(
		// requestTimeout bounds receiving a request (slow-trickle clients), not answering it; Host is
		// irrelevant to this API, and requiring it makes Node answer a bare 400 without the envelope.
		{
			requestTimeout,
			headersTimeout: Math.min(30_000, requestTimeout),
			connectionsCheckingInterval: Math.min(30_000, Math.max(50, Math.floor(requestTimeout / 4))),
			maxHeaderSize: 16 * 1024,
			requireHostHeader: false,
		},
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
