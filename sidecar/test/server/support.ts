/**
 * Helpers for the service tests: index variants (real SQLite files), a paced `ask` whose answers
 * the test releases one by one, a callback receiver on 127.0.0.1, and a logger that captures
 * lines so tests can check what was (not) logged.
 */
import { copyFileSync, mkdtempSync, renameSync } from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import type { AskResponse } from "@codeask/shared";
import Database from "better-sqlite3";
import type { Config } from "../../src/config.js";
import type { IndexReader } from "../../src/index/reader.js";
import { createLogger, type Logger } from "../../src/logger.js";
import type { AskOptions } from "../../src/pipeline/types.js";
import type { ServiceConfig } from "../../src/server/service.js";
import { writeTinyIndex } from "../graph/tiny-index.js";

export const TOKEN = "test-token-0123456789abcdef";

/** The bearer header of TOKEN, for supertest's `.set()`. */
export const auth = { authorization: `Bearer ${TOKEN}` };

/** vi.waitFor gives up after 1 s by default: on a loaded machine a job or a queue step can take longer. */
export const WAIT = { timeout: 30_000, interval: 50 };

/** A copy of the tiny index in its own folder, with meta values overridden. */
export function indexCopy(
	meta: Record<string, string> = {},
	dir = mkdtempSync(join(tmpdir(), "codeask-svc-")),
): string {
	const path = join(dir, "index.db");
	const staging = join(dir, `staging-${Math.random().toString(36).slice(2)}.db`);
	copyFileSync(writeTinyIndex(), staging);
	const db = new Database(staging);
	for (const [key, value] of Object.entries(meta)) {
		db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)").run(key, value);
	}
	db.close();
	// Rename into place, as the indexer does.
	renameSync(staging, path);
	return path;
}

/** Write a new index into `path` the way a re-index does (temp file renamed over it). */
export function replaceIndex(path: string, meta: Record<string, string>): void {
	const fresh = indexCopy(meta);
	renameSync(fresh, path);
}

export function testConfig(indexPath: string, overrides: Partial<ServiceConfig> = {}): ServiceConfig {
	const base: Config = {
		indexPath,
		host: "127.0.0.1",
		port: 0,
		token: TOKEN,
		llm: { provider: "none" },
		providerKeys: {},
		limits: { maxRunning: 2, maxQueued: 32, askTimeoutMs: 10_000, retryAfterSeconds: 3 },
		cache: { entries: 100, maxBytes: 10_000_000, ttlMs: 60_000 },
		jobs: {
			ttlMs: 60_000,
			maxJobs: 100,
			callbackAttempts: 3,
			callbackBackoffMs: 20,
			callbackTimeoutMs: 2000,
			callbackOrigins: [],
		},
		shutdownTimeoutMs: 5000,
		indexPollMs: 0,
		waitForIndex: false,
		logLevel: "info",
	};
	return { ...base, ...overrides };
}

/** A logger whose lines are kept in memory (and parsed) for assertions. */
export function capturingLogger(): { log: Logger; lines: () => string } {
	const chunks: string[] = [];
	const sink = new Writable({
		write(chunk, _enc, done) {
			chunks.push(String(chunk));
			done();
		},
	});
	return { log: createLogger({ level: "debug", destination: sink }), lines: () => chunks.join("") };
}

/** An answer built from the index it was given, so tests can tell which index answered. */
export function answerFrom(index: IndexReader, question: string): AskResponse {
	const meta = index.meta();
	return {
		answer: `answer to: ${question}`,
		citations: [],
		chains: [],
		usage: { requests: 0, tokensIn: 0, tokensOut: 0 },
		indexCommit: meta.commit,
		timings: { total: 1 },
		provider: "none",
		fallbackReason: null,
		droppedCitations: 0,
	};
}

interface PendingAsk {
	question: string;
	options: AskOptions;
	index: IndexReader;
	release(): void;
	fail(err: Error): void;
}

/**
 * An `ask` that holds every question until the test releases it, to pace the service
 * deterministically (queue full, timeout, shutdown, swap). `started` lists questions in flight.
 */
export function pacedAsk() {
	const pending: PendingAsk[] = [];
	const waiters: (() => void)[] = [];
	let calls = 0;
	const ask = (index: IndexReader, question: string, options: AskOptions): Promise<AskResponse> => {
		calls++;
		return new Promise((resolve, reject) => {
			pending.push({
				question,
				options,
				index,
				release: () => resolve(answerFrom(index, question)),
				fail: reject,
			});
			for (const w of waiters.splice(0)) w();
		});
	};
	return {
		ask,
		pending,
		get calls() {
			return calls;
		},
		/** Resolves once `n` questions have reached the pipeline. */
		async started(n: number): Promise<void> {
			while (pending.length < n) await new Promise<void>((r) => waiters.push(r));
		},
		releaseAll(): void {
			for (const p of pending.splice(0)) p.release();
		},
	};
}

/** An `ask` that answers at once from the index. */
export const instantAsk = async (index: IndexReader, question: string): Promise<AskResponse> =>
	answerFrom(index, question);

export interface ReceivedCallback {
	headers: IncomingMessage["headers"];
	rawBody: string;
}

/** A callback receiver on 127.0.0.1 answering with the scripted statuses in turn (then 200). */
export async function startReceiver(statuses: number[] = []) {
	const received: ReceivedCallback[] = [];
	const waiters: (() => void)[] = [];
	const server: Server = createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on("data", (c: Buffer) => chunks.push(c));
		req.on("end", () => {
			received.push({ headers: req.headers, rawBody: Buffer.concat(chunks).toString("utf8") });
			res.statusCode = statuses.shift() ?? 200;
			res.end();
			for (const w of waiters.splice(0)) w();
		});
	});
	await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
	const { port } = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${port}/codeask/callback`,
		received,
		async waitFor(n: number): Promise<void> {
			while (received.length < n) await new Promise<void>((r) => waiters.push(r));
		},
		close: () => new Promise<void>((r) => server.close(() => r())),
	};
}
