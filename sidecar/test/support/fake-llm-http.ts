/**
 * The HTTP core shared by the fake Gemini and fake OpenAI servers: a real server on
 * 127.0.0.1 (random port) that records every request and answers from a scripted queue.
 * Provider wire formats live in fake-gemini.ts and fake-openai.ts.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** One scripted answer. With none of `text`/`json`/`body`/`rawBody`/`error`, the text is "". */
export interface FakeReply {
	/** HTTP status; default 200, or 500 when `error` is set. */
	status?: number;
	/** Model output text, wrapped in the provider's success shape. */
	text?: string;
	/** Model output as a value: sent as JSON.stringify(json) text. */
	json?: unknown;
	/** Token usage to report; default a length-based count; null omits usage from the body. */
	usage?: { tokensIn?: number; tokensOut?: number } | null;
	/** Provider finish reason; default "STOP" (Gemini) / "stop" (OpenAI). */
	finishReason?: string;
	/** An error message, wrapped in the provider's error shape (status default 500). */
	error?: string;
	/** A raw JSON body, sent as is (overrides text/json/error). */
	body?: unknown;
	/** A raw non-JSON body (e.g. an HTML 502 page), sent as text/plain. */
	rawBody?: string;
	headers?: Record<string, string>;
	/** Wait this long before answering (timeouts, spacing). */
	delayMs?: number;
	/** Destroy the connection without answering (a network fault). */
	drop?: boolean;
}

export interface RecordedRequest {
	method: string;
	path: string;
	/** Lower-cased header names. */
	headers: Record<string, string>;
	/** The parsed JSON body as the SDK sent it (undefined when not JSON). */
	body: unknown;
	/** Model named by the request (URL for Gemini, body for OpenAI). */
	model: string | null;
	/** System instruction text. */
	system: string;
	/** Text of the last user turn (the prompt, or the repair instruction on a repair). */
	prompt: string;
	/** Every turn in order. */
	turns: { role: string; text: string }[];
	/** The request asked for JSON output. */
	json: boolean;
	/** Status the fake answered with (undefined while pending or when dropped). */
	status?: number;
	/** ms since the fake started. */
	at: number;
	/** Date.now() when the request arrived (to compare with times taken in the test). */
	receivedAt: number;
}

export type FakeResponder = FakeReply | ((req: RecordedRequest) => FakeReply | Promise<FakeReply>);

export interface FakeServerOptions {
	/** Answers in order, one per request. */
	responses?: FakeResponder[];
	/** Answer when the queue is empty; default a 400 "no scripted response left" (not retried). */
	fallback?: FakeResponder;
	/** When set, requests without this key are refused the way the provider refuses them. */
	apiKey?: string;
}

export interface FakeLlmServer {
	/** The base URL to configure the client with. */
	url: string;
	/** http://127.0.0.1:port */
	origin: string;
	/** Every request received, in order (including refused ones). */
	requests: RecordedRequest[];
	/** Append scripted answers to the queue. */
	enqueue(...responses: FakeResponder[]): void;
	/** Requests answered 2xx: what the provider would bill. */
	billable(): number;
	close(): Promise<void>;
}

/** What a provider module supplies to the core. */
export interface WireFormat {
	name: string;
	/** Base URL the client should be given, from the origin. */
	baseUrl(origin: string): string;
	/** Model for a handled route, null for a route the provider has no endpoint for. */
	route(method: string, path: string, body: unknown): { model: string | null } | null;
	describe(body: unknown): Pick<RecordedRequest, "system" | "turns" | "json">;
	/** Key sent by the client, or undefined. */
	keyOf(req: RecordedRequest): string | undefined;
	/** Error body and status the provider uses for a bad or missing key. */
	badKey(): { status: number; body: unknown };
	success(reply: FakeReply, req: RecordedRequest, text: string, seq: number): unknown;
	error(status: number, message: string): unknown;
}

export const estimate = (text: string) => Math.ceil(text.length / 4);

/** Token counts a success body reports: the scripted ones, else a length-based count; null = none. */
export function replyUsage(
	reply: FakeReply,
	req: RecordedRequest,
	text: string,
): { tokensIn: number; tokensOut: number } | null {
	if (reply.usage === null) return null;
	return {
		tokensIn: reply.usage?.tokensIn ?? estimate(req.system + req.turns.map((t) => t.text).join("")),
		tokensOut: reply.usage?.tokensOut ?? estimate(text),
	};
}

export async function startFakeLlmServer(
	wire: WireFormat,
	options: FakeServerOptions = {},
): Promise<FakeLlmServer> {
	const queue: FakeResponder[] = [...(options.responses ?? [])];
	const requests: RecordedRequest[] = [];
	const started = Date.now();
	let seq = 0;

	const server = createServer((req, res) => {
		void handle(req, res).catch((err: unknown) => {
			if (!res.headersSent) send(res, 500, wire.error(500, `${wire.name}: ${String(err)}`), {});
		});
	});

	async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
		let clientGone = false;
		res.on("close", () => {
			clientGone = true;
		});
		const raw = await readBody(req);
		let body: unknown;
		try {
			body = raw === "" ? undefined : JSON.parse(raw);
		} catch {
			body = undefined;
		}
		const path = (req.url ?? "/").split("?")[0] ?? "/";
		const method = req.method ?? "GET";
		const route = wire.route(method, path, body);
		const described = route
			? wire.describe(body)
			: { system: "", turns: [] as RecordedRequest["turns"], json: false };
		const recorded: RecordedRequest = {
			method,
			path,
			headers: Object.fromEntries(
				Object.entries(req.headers).map(([k, v]) => [
					k.toLowerCase(),
					Array.isArray(v) ? v.join(", ") : (v ?? ""),
				]),
			),
			body,
			model: route?.model ?? null,
			...described,
			prompt: [...described.turns].reverse().find((t) => t.role === "user")?.text ?? "",
			at: Date.now() - started,
			receivedAt: Date.now(),
		};
		requests.push(recorded);

		if (!route) {
			recorded.status = 404;
			send(res, 404, wire.error(404, `${wire.name}: no endpoint ${method} ${path}`), {});
			return;
		}
		if (options.apiKey !== undefined && wire.keyOf(recorded) !== options.apiKey) {
			const refusal = wire.badKey();
			recorded.status = refusal.status;
			send(res, refusal.status, refusal.body, {});
			return;
		}
		const responder =
			queue.shift() ??
			options.fallback ??
			({ status: 400, error: `${wire.name}: no scripted response left` } satisfies FakeReply);
		const reply = typeof responder === "function" ? await responder(recorded) : responder;
		if (reply.delayMs) await delay(reply.delayMs);
		if (clientGone || res.destroyed) return; // the client gave up (timeout or abort)
		if (reply.drop) {
			req.socket.destroy();
			return;
		}
		const status = reply.status ?? (reply.error !== undefined ? 500 : 200);
		recorded.status = status;
		const headers = reply.headers ?? {};
		if (reply.rawBody !== undefined) {
			res.writeHead(status, { "content-type": "text/plain", ...headers }).end(reply.rawBody);
			return;
		}
		if (reply.body !== undefined) {
			send(res, status, reply.body, headers);
			return;
		}
		if (reply.error !== undefined || status >= 400) {
			send(res, status, wire.error(status, reply.error ?? `${wire.name}: HTTP ${status}`), headers);
			return;
		}
		const text = reply.json !== undefined ? JSON.stringify(reply.json) : (reply.text ?? "");
		send(res, status, wire.success(reply, recorded, text, ++seq), headers);
	}

	await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
	const { port } = server.address() as AddressInfo;
	const origin = `http://127.0.0.1:${port}`;
	return {
		url: wire.baseUrl(origin),
		origin,
		requests,
		enqueue: (...more) => {
			queue.push(...more);
		},
		billable: () =>
			requests.filter((r) => r.status !== undefined && r.status >= 200 && r.status < 300).length,
		close: () =>
			new Promise<void>((resolve) => {
				server.closeAllConnections();
				server.close(() => resolve());
			}),
	};
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string>): void {
	if (res.destroyed) return;
	res
		.writeHead(status, { "content-type": "application/json; charset=utf-8", ...headers })
		.end(JSON.stringify(body));
}

function readBody(req: IncomingMessage): Promise<string> {
	return new Promise((resolve, reject) => {
		const chunks: Buffer[] = [];
		req.on("data", (c: Buffer) => chunks.push(c));
		req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
		req.on("error", reject);
	});
}

const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));
