/**
 * MCP over stdio (newline-delimited JSON-RPC), like the SDK's StdioServerTransport, but a bad
 * frame never ends the session: a line over `maxFrameBytes` is answered with a JSON-RPC error and
 * skipped up to its newline (without being buffered), a line that is not JSON gets a parse error,
 * and a JSON value that is not a JSON-RPC message gets "invalid request". The SDK's transport
 * closed itself (exit 0, nothing said) when its buffer passed 10 MB.
 */
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { type JSONRPCMessage, JSONRPCMessageSchema } from "@modelcontextprotocol/sdk/types.js";

/** Largest frame accepted; tool arguments are small, so this is generous. */
export const MAX_FRAME_BYTES = 4 * 1024 * 1024;

const PARSE_ERROR = -32700;
const INVALID_REQUEST = -32600;

export class FramedStdioTransport implements Transport {
	onclose?: () => void;
	onerror?: (error: Error) => void;
	onmessage?: (message: JSONRPCMessage) => void;

	private parts: Buffer[] = [];
	private size = 0;
	/** Inside an oversized frame: bytes are dropped until its newline. */
	private skipping = false;
	private closed = false;

	constructor(
		private readonly stdin: NodeJS.ReadableStream = process.stdin,
		private readonly stdout: NodeJS.WritableStream = process.stdout,
		readonly maxFrameBytes = MAX_FRAME_BYTES,
	) {}

	private readonly onData = (chunk: Buffer) => {
		let from = 0;
		for (;;) {
			const newline = chunk.indexOf(10, from);
			if (newline === -1) {
				this.take(chunk.subarray(from));
				return;
			}
			this.take(chunk.subarray(from, newline));
			this.endOfFrame();
			from = newline + 1;
		}
	};

	private readonly onEnd = () => {
		void this.close();
	};

	private readonly onError = (error: Error) => {
		this.onerror?.(error);
	};

	async start(): Promise<void> {
		this.stdin.on("data", this.onData);
		this.stdin.on("end", this.onEnd);
		this.stdin.on("error", this.onError);
	}

	send(message: JSONRPCMessage): Promise<void> {
		return new Promise((resolve) => {
			if (this.stdout.write(`${JSON.stringify(message)}\n`)) resolve();
			else this.stdout.once("drain", resolve);
		});
	}

	async close(): Promise<void> {
		if (this.closed) return;
		this.closed = true;
		this.stdin.off("data", this.onData);
		this.stdin.off("end", this.onEnd);
		this.stdin.off("error", this.onError);
		this.parts = [];
		this.onclose?.();
	}

	private take(part: Buffer): void {
		if (this.skipping || part.length === 0) return;
		if (this.size + part.length > this.maxFrameBytes) {
			this.parts = [];
			this.size = 0;
			this.skipping = true;
			void this.replyError(
				null,
				INVALID_REQUEST,
				`message larger than ${this.maxFrameBytes} bytes: dropped (the session goes on)`,
			);
			return;
		}
		this.parts.push(part);
		this.size += part.length;
	}

	private endOfFrame(): void {
		if (this.skipping) {
			this.skipping = false;
			return;
		}
		const line = Buffer.concat(this.parts).toString("utf8").replace(/\r$/, "");
		this.parts = [];
		this.size = 0;
		if (line.trim() === "") return;
		let value: unknown;
		try {
			value = JSON.parse(line);
		} catch {
			void this.replyError(null, PARSE_ERROR, "parse error: the message is not JSON");
			return;
		}
		const parsed = JSONRPCMessageSchema.safeParse(value);
		if (!parsed.success) {
			const id = (value as { id?: unknown } | null)?.id;
			void this.replyError(
				typeof id === "string" || typeof id === "number" ? id : null,
				INVALID_REQUEST,
				"invalid request: not a JSON-RPC 2.0 message",
			);
			return;
		}
		this.onmessage?.(parsed.data);
	}

	private replyError(id: string | number | null, code: number, message: string): Promise<void> {
		// An error without an id is valid JSON-RPC (the request could not be read) but not in the
		// SDK's message schema, so it is written directly.
		return new Promise((resolve) => {
			const line = `${JSON.stringify({ jsonrpc: "2.0", id, error: { code, message } })}\n`;
			if (this.stdout.write(line)) resolve();
			else this.stdout.once("drain", resolve);
		});
	}
}
