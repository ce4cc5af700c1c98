/**
 * The small faults of issue 16: a token in a query string is not logged in clear; a token with
 * whitespace is refused at start-up; a request that is not received in time gets 408; designed
 * 503s are logged at info; `codeask mcp` answers an oversized or malformed stdio frame with a
 * JSON-RPC error and keeps serving.
 */
import { spawn, spawnSync } from "node:child_process";
import { connect } from "node:net";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import request from "supertest";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../src/config.js";
import { listen } from "../../src/server/serve.js";
import { createService, type Service } from "../../src/server/service.js";
import { fixtureIndexPath } from "../support/fixture-index.js";
import { capturingLogger, indexCopy, instantAsk, TOKEN, testConfig } from "./support.js";

const ROOT = resolve(fileURLToPath(new URL("../../..", import.meta.url)));
const CLI = join(ROOT, "sidecar/dist/cli/main.js");
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
	for (const c of cleanups.splice(0)) await c();
});

function start(indexPath = indexCopy()) {
	const captured = capturingLogger();
	const s: Service = createService(testConfig(indexPath), {
		log: captured.log,
		ask: instantAsk,
		createLlm: () => undefined,
	});
	cleanups.push(() => s.close());
	return { s, lines: captured.lines };
}

describe("logs and start-up", () => {
	it("masks a token sent in a query string", async () => {
		const { s, lines } = start();
		const secret = "query-token-0123456789abcdef";
		await request(s.app).get(`/v1/status?token=${secret}&access_token=${secret}x&mode=full`).expect(401);
		await request(s.app)
			.get(`/v1/nothing?api_key=${secret}y`)
			.set("authorization", `Bearer ${TOKEN}`)
			.expect(404);
		const log = lines();
		expect(log).toContain("mode=full");
		expect(log).toContain("token=[redacted]");
		expect(log).not.toContain(secret);
	});

	it("refuses a token containing whitespace at start-up, naming the variable", () => {
		// (Leading and trailing whitespace is trimmed off an environment value, like everywhere else.)
		for (const token of ["abcdefgh ijklmnopqrst", "abcdefghij\tklmnopqrst", "abcdefghij\nklmnopqrst"]) {
			let error: unknown;
			try {
				loadConfig({ CODEASK_TOKEN: token }, {}, "serve");
			} catch (err) {
				error = err;
			}
			expect(error, JSON.stringify(token)).toBeInstanceOf(ConfigError);
			expect((error as Error).message).toMatch(/CODEASK_TOKEN.*whitespace/);
		}
		expect(loadConfig({ CODEASK_TOKEN: "abcdefghijklmnopqrst" }, {}, "serve").token).toBe(
			"abcdefghijklmnopqrst",
		);
	});

	it("logs designed 503s at info, not error", async () => {
		const { s, lines } = start("/nonexistent/codeask/index.db");
		await request(s.app)
			.post("/v1/ask")
			.set("authorization", `Bearer ${TOKEN}`)
			.send({ question: "how are messages saved?" })
			.expect(503);
		const entry = lines()
			.split("\n")
			.filter(Boolean)
			.map((l) => JSON.parse(l) as { level: number; res?: { statusCode: number } })
			.find((l) => l.res?.statusCode === 503);
		expect(entry?.level).toBe(30);
	});
});

describe("a request that is not received in time", () => {
	it("gets 408 with the error envelope", async () => {
		const { s } = start();
		const { log } = capturingLogger();
		const listening = await listen(s, {
			host: "127.0.0.1",
			port: 0,
			shutdownTimeoutMs: 1000,
			log,
			requestTimeoutMs: 300,
		});
		cleanups.push(() => listening.shutdown());
		const { port } = listening.server.address() as { port: number };
		const reply = await new Promise<string>((done) => {
			const socket = connect(port, "127.0.0.1", () => {
				// Headers promise a body that never comes.
				socket.write(
					`POST /v1/ask HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"q`,
				);
			});
			let text = "";
			socket.on("data", (d) => {
				text += d.toString();
			});
			socket.on("close", () => done(text));
			socket.on("error", () => done(text));
		});
		expect(reply).toMatch(/^HTTP\/1\.1 408/);
		expect(reply).toContain('"code":"request-timeout"');
	});
});

describe("codeask mcp with a bad stdio frame", () => {
	beforeAll(() => {
		spawnSync(process.execPath, [join(ROOT, "node_modules/typescript/bin/tsc"), "-b", "shared", "sidecar"], {
			cwd: ROOT,
			stdio: "ignore",
		});
	});

	it("answers an oversized frame and a non-JSON line with JSON-RPC errors, and keeps serving", async () => {
		const child = spawn(process.execPath, [CLI, "mcp", "--index", await fixtureIndexPath()], {
			env: { PATH: process.env.PATH ?? "", CODEASK_LOG_LEVEL: "warn" },
			stdio: ["pipe", "pipe", "pipe"],
		});
		cleanups.push(() => child.kill("SIGKILL"));
		const replies: Record<string, unknown>[] = [];
		let pending = "";
		child.stdout.on("data", (d: Buffer) => {
			pending += d.toString("utf8");
			const lines = pending.split("\n");
			pending = lines.pop() ?? "";
			for (const l of lines) if (l.trim()) replies.push(JSON.parse(l));
		});
		const waitFor = async (pred: (r: Record<string, unknown>) => boolean) => {
			for (let i = 0; i < 300; i++) {
				const hit = replies.find(pred);
				if (hit) return hit;
				if (child.exitCode !== null) throw new Error(`codeask mcp exited with ${child.exitCode}`);
				await new Promise((r) => setTimeout(r, 50));
			}
			throw new Error(`no such reply; got ${JSON.stringify(replies).slice(0, 500)}`);
		};
		const send = (m: unknown) => child.stdin.write(`${JSON.stringify(m)}\n`);
		send({
			jsonrpc: "2.0",
			id: 1,
			method: "initialize",
			params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "0" } },
		});
		await waitFor((r) => r.id === 1);
		send({ jsonrpc: "2.0", method: "notifications/initialized" });

		// 12 MB in one frame (past the SDK's 10 MB buffer, which used to end the process with 0).
		const huge = JSON.stringify({
			jsonrpc: "2.0",
			id: 2,
			method: "tools/call",
			params: { name: "find_symbol", arguments: { query: "x".repeat(12 * 1024 * 1024) } },
		});
		await new Promise<void>((r) => child.stdin.write(`${huge}\n`, () => r()));
		const tooBig = (await waitFor((r) => r.id === null && JSON.stringify(r).includes("larger than"))) as {
			error: { code: number; message: string };
		};
		expect(tooBig.error.code).toBe(-32600);

		child.stdin.write("this is not json\n");
		const notJson = (await waitFor((r) => JSON.stringify(r).includes("not JSON"))) as {
			error: { code: number };
		};
		expect(notJson.error.code).toBe(-32700);

		send({ jsonrpc: "2.0", id: 3, method: "tools/list" });
		const listed = (await waitFor((r) => r.id === 3)) as { result: { tools: { name: string }[] } };
		expect(listed.result.tools.length).toBeGreaterThan(0);
		expect(child.exitCode).toBeNull();
	});
});
