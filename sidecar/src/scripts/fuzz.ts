/**
 * `npm run fuzz -- --index FILE`: malformed input against `codeask serve` and `codeask mcp`,
 * on 127.0.0.1 / stdio only. Sends `--count` requests (default 1,000: 90% raw HTTP, 10% MCP
 * get_source traversal attempts) across wrong types, bad JSON, oversized bodies and headers,
 * odd Unicode, header abuse and path traversal, then checks that
 *   - every HTTP reply is a 4xx carrying the JSON error envelope with a readable message,
 *   - every MCP call is a tool error (never a crash, never file content from outside),
 *   - the service is still healthy and still answers a well-formed question,
 *   - no token, API key or callback secret appears anywhere in the service's logs.
 * Exit 1 on any violation. The cases are generated from a seeded PRNG (`--seed`), so a run
 * can be repeated exactly.
 */
import { connect } from "node:net";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { z } from "zod";
import { seededRandom } from "../seeded-random.js";
import { parseArgs, spawnService } from "./spawn-service.js";

const optionsSchema = z.object({
	index: z.string().min(1, "--index FILE is required"),
	count: z.coerce.number().int().min(10).max(100_000).default(1000),
	seed: z.coerce.number().int().default(20_260_101),
	concurrency: z.coerce.number().int().min(1).max(64).default(8),
	json: z.literal(true).optional(),
});

interface HttpCase {
	category: string;
	name: string;
	raw: Buffer;
}

interface Ctx {
	token: string;
	rand: () => number;
	/** Secrets planted in requests; none may show up in the logs. */
	secrets: string[];
}

const pick = <T>(rand: () => number, list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T;

function secret(ctx: Ctx, kind: string): string {
	const s = `fuzz-${kind}-${Math.floor(ctx.rand() * 1e12).toString(36)}-secret`;
	ctx.secrets.push(s);
	return s;
}

/** A raw HTTP/1.1 request; Content-Length is added unless the headers set framing themselves. */
function raw(method: string, path: string, headers: [string, string][], body: string | Buffer = ""): Buffer {
	const bytes = typeof body === "string" ? Buffer.from(body, "utf8") : body;
	const names = headers.map(([n]) => n.toLowerCase());
	const framing =
		names.includes("content-length") || names.includes("transfer-encoding")
			? []
			: method === "GET"
				? []
				: [["Content-Length", String(bytes.length)] as [string, string]];
	const head = [
		`${method} ${path} HTTP/1.1`,
		...(names.includes("host") || names.includes("x-no-host") ? [] : ["Host: 127.0.0.1"]),
		"Connection: close",
		...[...headers, ...framing]
			.filter(([n]) => n.toLowerCase() !== "x-no-host")
			.map(([n, v]) => `${n}: ${v}`),
	].join("\r\n");
	return Buffer.concat([Buffer.from(`${head}\r\n\r\n`, "latin1"), bytes]);
}

const json = (ctx: Ctx): [string, string][] => [
	["Authorization", `Bearer ${ctx.token}`],
	["Content-Type", "application/json"],
];
const post = (ctx: Ctx, path: string, body: string | Buffer, extra: [string, string][] = []) =>
	raw("POST", path, [...json(ctx), ...extra], body);

/** Each generator returns one malformed request of its category. */
const GENERATORS: Record<string, (ctx: Ctx) => HttpCase> = {
	"wrong-types": (ctx) => {
		const r = ctx.rand;
		const key = secret(ctx, "api-key");
		const bodies: [string, unknown][] = [
			["question number", { question: pick(r, [42, -1.5, 0, 1e308]) }],
			["question bool/null", { question: pick(r, [true, false, null]) }],
			["question array/object", { question: pick(r, [[], ["how?"], {}, { text: "how?" }]) }],
			["question blank", { question: pick(r, ["", "   ", "\t\n", "\u3000\u00a0", "\u2003\u2002"]) }],
			["llm not object", { question: "how?", llm: pick(r, ["gemini", 1, [], true]) }],
			[
				"llm provider unknown",
				{ question: "how?", llm: { provider: pick(r, ["claude", "GEMINI", "", 7]), apiKey: key } },
			],
			[
				"llm model type",
				{
					question: "how?",
					llm: { provider: "gemini", model: pick(r, [5, [], "", "m".repeat(201)]), apiKey: key },
				},
			],
			[
				"llm apiKey type",
				{ question: "how?", llm: { provider: "gemini", apiKey: pick(r, [5, "", ["k"], { key }]) } },
			],
			[
				"llm baseUrl",
				{
					question: "how?",
					llm: { provider: "openai", baseUrl: pick(r, ["not a url", "://x", 5]), apiKey: key },
				},
			],
			["llm extra key", { question: "how?", llm: { provider: "gemini", apiKey: key, temperature: 2 } }],
			["requestId", { question: "how?", requestId: pick(r, [5, "r".repeat(201), {}]) }],
			["user", { question: "how?", user: pick(r, [{}, 7, "u".repeat(201)]) }],
			[
				"extra top-level key",
				{ question: "how?", [pick(r, ["admin", "__proto__x", "constructor", "trace"])]: true },
			],
		];
		const [name, body] = pick(r, bodies);
		return { category: "wrong-types", name, raw: post(ctx, "/v1/ask", JSON.stringify(body)) };
	},
	"wrong-types-jobs": (ctx) => {
		const r = ctx.rand;
		const cbSecret = secret(ctx, "callback");
		const callbacks: [string, unknown][] = [
			["callback url type", { url: pick(r, [5, null, []]), secret: cbSecret }],
			["callback url invalid", { url: pick(r, ["not a url", "http//x", ""]), secret: cbSecret }],
			[
				"callback secret short",
				{ url: "http://127.0.0.1:9/cb", secret: pick(r, ["short", "", "x".repeat(15)]) },
			],
			["callback secret long", { url: "http://127.0.0.1:9/cb", secret: "s".repeat(501) }],
			["callback extra key", { url: "http://127.0.0.1:9/cb", secret: cbSecret, headers: { a: 1 } }],
			["callback not object", pick(r, ["http://127.0.0.1:9/cb", 1, []])],
		];
		const [name, callback] = pick(r, callbacks);
		const body = { question: "how?", callback };
		return {
			category: "wrong-types",
			name: `jobs ${name}`,
			raw: post(ctx, "/v1/jobs", JSON.stringify(body)),
		};
	},
	"bad-json": (ctx) => {
		const r = ctx.rand;
		const depth = 2000 + Math.floor(r() * 2000);
		const bodies: [string, string][] = [
			["truncated", '{"question": "how do'],
			["missing value", '{"question": }'],
			["single quotes", "{'question': 'how?'}"],
			["trailing comma", '{"question": "how?",}'],
			["NaN", '{"question": NaN}'],
			["bare literal", pick(r, ["null", "true", "42", '"how?"'])],
			["top-level array", pick(r, ["[]", '["how?"]', '[{"question":"how?"}]'])],
			["trailing garbage", '{"question": "how?"} trailing'],
			["comments", '{"question": "how?" /* c */}'],
			["deep nesting", `${"[".repeat(depth)}${"]".repeat(depth)}`],
			["duplicate key, last wins wrong", '{"question": "how?", "question": 7}'],
			["control chars", '{"question": "a\u0001b"}'.replace("\\u0001", "\u0001")],
			["empty object", "{}"],
			["empty body", ""],
		];
		const [name, body] = pick(r, bodies);
		return { category: "bad-json", name, raw: post(ctx, pick(r, ["/v1/ask", "/v1/jobs"]), body) };
	},
	oversized: (ctx) => {
		const r = ctx.rand;
		const kind = pick(r, ["body", "question", "headers", "header-count"] as const);
		if (kind === "body") {
			const size = 16 * 1024 + 1 + Math.floor(r() * 48 * 1024);
			return {
				category: "oversized",
				name: "body > 16 KB",
				raw: post(ctx, "/v1/ask", JSON.stringify({ question: "q".repeat(size) })),
			};
		}
		if (kind === "question") {
			const n = 2001 + Math.floor(r() * 5000);
			return {
				category: "oversized",
				name: "question > 2000 chars",
				raw: post(ctx, "/v1/ask", JSON.stringify({ question: "w ".repeat(Math.ceil(n / 2)) })),
			};
		}
		if (kind === "headers") {
			return {
				category: "oversized",
				name: "one header > 16 KB",
				raw: post(ctx, "/v1/ask", '{"question":"how?"}', [
					["X-Padding", "p".repeat(17_000 + Math.floor(r() * 20_000))],
				]),
			};
		}
		const many: [string, string][] = Array.from({ length: 1500 }, (_, i) => [`X-H${i}`, "v".repeat(10)]);
		return {
			category: "oversized",
			name: "many headers > 16 KB",
			raw: post(ctx, "/v1/ask", '{"question":"how?"}', many),
		};
	},
	"odd-unicode": (ctx) => {
		const r = ctx.rand;
		const cases: [string, () => Buffer][] = [
			[
				"invalid UTF-8 in a key",
				() =>
					post(
						ctx,
						"/v1/ask",
						Buffer.concat([
							Buffer.from('{"question":"how?","'),
							Buffer.from([0xc3, 0x28, 0xff]),
							Buffer.from('":1}'),
						]),
					),
			],
			[
				"overlong UTF-8 provider",
				() =>
					post(
						ctx,
						"/v1/ask",
						Buffer.concat([
							Buffer.from('{"question":"how?","llm":{"provider":"'),
							Buffer.from([0xc0, 0xaf, 0xe0, 0x80, 0xaf]),
							Buffer.from('"}}'),
						]),
					),
			],
			[
				"lone surrogate provider",
				() => post(ctx, "/v1/ask", '{"question":"how?","llm":{"provider":"\\ud800"}}'),
			],
			[
				"RTL override + NUL key",
				() => post(ctx, "/v1/ask", JSON.stringify({ question: "how?", "\u202e\u0000evil": 1 })),
			],
			[
				"emoji provider",
				() => post(ctx, "/v1/ask", JSON.stringify({ question: "how?", llm: { provider: "🤖" } })),
			],
			[
				"zero-width-only question",
				() => post(ctx, "/v1/ask", JSON.stringify({ question: "\u200b\u200b", extra: "\u200d" })),
			],
			[
				"unicode whitespace question",
				() => post(ctx, "/v1/ask", JSON.stringify({ question: "\u2028\u2029\u3000\ufeff" })),
			],
			[
				"unicode route",
				() => raw("GET", `/v1/${pick(r, ["%F0%9F%92%A9", "st%C3%A4tus", "%E2%80%AEsutats"])}`, json(ctx)),
			],
			[
				"unicode job id",
				() => raw("GET", `/v1/jobs/${pick(r, ["%F0%9F%92%A9", "%C0%AF", "%00"])}`, json(ctx)),
			],
			[
				"UTF-16 charset",
				() =>
					post(ctx, "/v1/ask", Buffer.from('{"question":"how?"}', "utf16le"), [
						["Content-Type", "application/json; charset=latin1"],
					]),
			],
			[
				"very long unicode question",
				() => post(ctx, "/v1/ask", JSON.stringify({ question: "🙂".repeat(2001 + Math.floor(r() * 1000)) })),
			],
		];
		const [name, make] = pick(r, cases);
		return { category: "odd-unicode", name, raw: make() };
	},
	"header-abuse": (ctx) => {
		const r = ctx.rand;
		const body = '{"question":"how?"}';
		const ct: [string, string] = ["Content-Type", "application/json"];
		const bearer: [string, string] = ["Authorization", `Bearer ${ctx.token}`];
		const cases: [string, () => Buffer][] = [
			["no auth", () => raw("POST", "/v1/ask", [ct], body)],
			[
				"empty bearer",
				() => raw("POST", "/v1/ask", [ct, ["Authorization", pick(r, ["Bearer", "Bearer ", ""])]], body),
			],
			[
				"wrong scheme",
				() =>
					raw(
						"POST",
						"/v1/ask",
						[ct, ["Authorization", `${pick(r, ["Basic", "Token", "Digest"])} ${ctx.token}`]],
						body,
					),
			],
			[
				"wrong token",
				() => raw("POST", "/v1/ask", [ct, ["Authorization", `Bearer ${secret(ctx, "wrong-token")}`]], body),
			],
			[
				"token with suffix",
				() => raw("POST", "/v1/ask", [ct, ["Authorization", `Bearer ${ctx.token} extra`]], body),
			],
			[
				"latin1 bytes in token",
				() => raw("GET", "/v1/status", [["Authorization", "Bearer \u00ff\u00fe\u00e9t\u00e9"]]),
			],
			["x-api-key only", () => raw("POST", "/v1/ask", [ct, ["X-Api-Key", secret(ctx, "header-key")]], body)],
			["missing content-type", () => raw("POST", "/v1/ask", [bearer], body)],
			[
				"text/plain",
				() =>
					raw(
						"POST",
						"/v1/ask",
						[
							bearer,
							[
								"Content-Type",
								pick(r, [
									"text/plain",
									"application/x-www-form-urlencoded",
									"multipart/form-data; boundary=x",
								]),
							],
						],
						body,
					),
			],
			[
				"unknown content-encoding",
				() =>
					raw(
						"POST",
						"/v1/ask",
						[bearer, ct, ["Content-Encoding", pick(r, ["zstd", "compress", "x-fuzz"])]],
						body,
					),
			],
			[
				"gzip garbage",
				() =>
					raw("POST", "/v1/ask", [bearer, ct, ["Content-Encoding", "gzip"]], Buffer.from("not gzip at all")),
			],
			[
				"conflicting content-length",
				() => raw("POST", "/v1/ask", [bearer, ct, ["Content-Length", "19"], ["Content-Length", "5"]], body),
			],
			[
				"TE and CL",
				() =>
					raw(
						"POST",
						"/v1/ask",
						[bearer, ct, ["Transfer-Encoding", "chunked"], ["Content-Length", "19"]],
						body,
					),
			],
			[
				"bad chunk",
				() =>
					raw(
						"POST",
						"/v1/ask",
						[bearer, ct, ["Transfer-Encoding", "chunked"]],
						"zz\r\nnot a chunk\r\n0\r\n\r\n",
					),
			],
			["space in header name", () => raw("POST", "/v1/ask", [bearer, ct, ["Bad Header", "x"]], body)],
			[
				"CR in header value",
				() => raw("POST", "/v1/ask", [bearer, ct, ["X-Injected", "a\rSet-Cookie: x=1"]], body),
			],
			["bogus method", () => raw(pick(r, ["PUT", "DELETE", "PATCH"]), "/v1/ask", [bearer, ct], body)],
			["no host, no auth", () => raw("POST", "/v1/ask", [ct, ["x-no-host", "1"]], body)],
			[
				"long x-request-id, bad body",
				() => raw("POST", "/v1/ask", [bearer, ct, ["X-Request-Id", "r".repeat(4000)]], '{"question":5}'),
			],
			["content-length too short", () => raw("POST", "/v1/ask", [bearer, ct, ["Content-Length", "5"]], body)],
		];
		const [name, make] = pick(r, cases);
		return { category: "header-abuse", name, raw: make() };
	},
	"path-traversal": (ctx) => {
		const r = ctx.rand;
		const auth = pick(r, [json(ctx), [] as [string, string][]]);
		const paths = [
			"/v1/jobs/../../../etc/passwd",
			"/v1/jobs/..%2F..%2F..%2Fetc%2Fpasswd",
			"/v1/jobs/%2e%2e/%2e%2e/etc/passwd",
			"/../../etc/passwd",
			"/%2e%2e/%2e%2e/etc/passwd",
			"/v1/status/../../../../etc/passwd",
			"/v1/jobs/....//....//etc/passwd",
			"/v1/jobs/..\\..\\windows\\win.ini",
			"/static/../../package.json",
			"/v1/ask?file=../../etc/passwd",
			"//etc/passwd",
		];
		return { category: "path-traversal", name: "path", raw: raw("GET", pick(r, paths), auth) };
	},
};

interface HttpOutcome {
	status: number | null;
	body: string;
	error?: string;
}

function send(port: number, request: Buffer, timeoutMs = 15_000): Promise<HttpOutcome> {
	return new Promise((resolve) => {
		const socket = connect(port, "127.0.0.1");
		const chunks: Buffer[] = [];
		const timer = setTimeout(() => {
			socket.destroy();
			finish("timeout");
		}, timeoutMs);
		let done = false;
		function finish(error?: string) {
			if (done) return;
			done = true;
			clearTimeout(timer);
			const text = Buffer.concat(chunks).toString("utf8");
			const m = /^HTTP\/1\.[01] (\d{3})/.exec(text);
			const split = text.indexOf("\r\n\r\n");
			let body = split >= 0 ? text.slice(split + 4) : "";
			if (/\r\ntransfer-encoding: chunked/i.test(text.slice(0, split))) body = dechunk(body);
			resolve({
				status: m ? Number(m[1]) : null,
				body,
				...(m ? {} : { error: error ?? "no HTTP response" }),
			});
		}
		socket.on("data", (c: Buffer) => chunks.push(c));
		socket.on("end", () => finish());
		socket.on("close", () => finish());
		// The server may answer (413, 431) and close before the whole request is written.
		socket.on("error", (e: NodeJS.ErrnoException) => {
			if (chunks.length === 0 && e.code !== "EPIPE" && e.code !== "ECONNRESET") finish(e.code ?? e.message);
		});
		// Like ordinary HTTP clients, do not half-close: the server closes after its reply.
		socket.write(request);
	});
}

function dechunk(body: string): string {
	let out = "";
	let rest = body;
	for (;;) {
		const nl = rest.indexOf("\r\n");
		if (nl < 0) break;
		const size = Number.parseInt(rest.slice(0, nl), 16);
		if (!size) break;
		out += rest.slice(nl + 2, nl + 2 + size);
		rest = rest.slice(nl + 2 + size + 2);
	}
	return out;
}

/** A reply passes when it is a 4xx with the error envelope and a readable message. */
function judgeHttp(o: HttpOutcome): string | null {
	if (o.status === null) return `no response (${o.error})`;
	if (o.status < 400 || o.status > 499) return `status ${o.status}`;
	try {
		const parsed = JSON.parse(o.body) as { error?: { code?: unknown; message?: unknown } };
		if (typeof parsed.error?.code !== "string" || typeof parsed.error.message !== "string")
			return "no error envelope";
		if (parsed.error.message.length < 8) return `message too short: ${parsed.error.message}`;
		if (/\n\s+at /.test(parsed.error.message)) return "stack trace in message";
	} catch {
		return `body is not JSON: ${o.body.slice(0, 80)}`;
	}
	return null;
}

const OUTSIDE_MARKERS = ["root:x:0:0", "[boot loader]", "PRIVATE KEY"];

function traversalArgs(rand: () => number, i: number): Record<string, unknown> {
	const depth = 1 + Math.floor(rand() * 8);
	const up = "../".repeat(depth);
	const targets = ["etc/passwd", "etc/shadow", "root/.ssh/id_rsa", "proc/self/environ", "package.json"];
	const t = pick(rand, targets);
	const files = [
		`${up}${t}`,
		`/${t}`,
		`apps/${up}${t}`,
		`./${up}${t}`,
		`${up.replaceAll("/", "\\")}${t}`,
		`..%2F..%2F${t}`,
		`....//....//${t}`,
		`file:///${t}`,
		`~/${t}`,
		`C:\\Windows\\win.ini`,
		`//server/share/${t}`,
		`\u2025/\u2025/${t}`,
		`${t}\u0000.ts`,
		"a/".repeat(400),
		"",
	];
	const variants: Record<string, unknown>[] = [
		{ file: pick(rand, files), startLine: 1, endLine: 50 },
		{ file: pick(rand, files), startLine: pick(rand, [0, -1, 1.5]), endLine: 2 },
		{ file: pick(rand, [5, null, ["a"], {}]), startLine: 1, endLine: 2 },
		{ file: `${up}${t}`, startLine: "1", endLine: "9" },
	];
	return variants[i % variants.length] as Record<string, unknown>;
}

async function fuzzMcp(indexPath: string, count: number, rand: () => number) {
	const transport = new StdioClientTransport({
		command: process.execPath,
		args: [new URL("../cli/main.js", import.meta.url).pathname, "mcp", "--index", indexPath],
		env: { PATH: process.env.PATH ?? "", CODEASK_LOG_LEVEL: "warn" },
		stderr: "pipe",
	});
	const client = new Client({ name: "codeask-fuzz", version: "0.0.0" });
	await client.connect(transport);
	// The tools the server offers, read (not assumed): the same list must be there after the abuse.
	const toolsBefore = (await client.listTools()).tools.map((t) => t.name).sort();
	const failures: string[] = [];
	for (let i = 0; i < count; i++) {
		const args = traversalArgs(rand, i);
		try {
			const r = (await client.callTool({ name: "get_source", arguments: args })) as {
				isError?: boolean;
				content: { text?: string }[];
			};
			const text = r.content.map((c) => c.text ?? "").join("\n");
			if (!r.isError) failures.push(`get_source ${JSON.stringify(args)} was not refused`);
			else if (OUTSIDE_MARKERS.some((m) => text.includes(m)))
				failures.push(`get_source ${JSON.stringify(args)} leaked content`);
			else if (text.length < 8)
				failures.push(`get_source ${JSON.stringify(args)}: unclear message "${text}"`);
		} catch (err) {
			failures.push(`get_source ${JSON.stringify(args)} threw ${(err as Error).message}`);
		}
	}
	// Still alive and still useful after the abuse: the same tools, and a plain lookup answers.
	const toolsAfter = (await client.listTools()).tools.map((t) => t.name).sort();
	const lookup = (await client.callTool({ name: "find_symbol", arguments: { query: "a" } })) as {
		content: unknown[];
	};
	await client.close();
	const aliveAfter =
		toolsBefore.length > 0 &&
		JSON.stringify(toolsAfter) === JSON.stringify(toolsBefore) &&
		Array.isArray(lookup.content);
	return { calls: count, tools: toolsBefore, failures, aliveAfter };
}

async function main(): Promise<number> {
	const parsed = optionsSchema.safeParse(parseArgs(process.argv.slice(2)));
	if (!parsed.success) {
		process.stderr.write(
			`fuzz: ${parsed.error.issues.map((i) => `${i.path.join(".") || "options"}: ${i.message}`).join("; ")}\n` +
				"usage: npm run fuzz -- --index FILE [--count 1000] [--seed N] [--concurrency 8] [--json]\n",
		);
		return 2;
	}
	const o = parsed.data;
	const rand = seededRandom(o.seed);
	const service = await spawnService(o.index, { CODEASK_LOG_LEVEL: "debug", CODEASK_MAX_QUEUED: "64" });
	const ctx: Ctx = { token: service.token, rand, secrets: [] };

	const mcpCount = Math.round(o.count * 0.1);
	const httpCount = o.count - mcpCount;
	const names = Object.keys(GENERATORS);
	const cases: HttpCase[] = Array.from({ length: httpCount }, (_, i) => {
		const gen = GENERATORS[names[i % names.length] as string];
		if (!gen) throw new Error("no generator");
		return gen(ctx);
	});

	const byCategory: Record<string, { sent: number; statuses: Record<number, number> }> = {};
	const failures: string[] = [];
	let next = 0;
	async function worker() {
		while (next < cases.length) {
			const c = cases[next++] as HttpCase;
			const outcome = await send(service.port, c.raw);
			const cat = byCategory[c.category] ?? { sent: 0, statuses: {} };
			byCategory[c.category] = cat;
			cat.sent++;
			const key = outcome.status ?? 0;
			cat.statuses[key] = (cat.statuses[key] ?? 0) + 1;
			const problem = judgeHttp(outcome);
			if (problem) failures.push(`[${c.category}] ${c.name}: ${problem}`);
		}
	}
	await Promise.all(Array.from({ length: o.concurrency }, worker));

	const mcp = await fuzzMcp(o.index, mcpCount, rand);

	const headers = { authorization: `Bearer ${service.token}`, "content-type": "application/json" };
	const health = (await fetch(`${service.url}/healthz`)).status;
	const answered = (
		await fetch(`${service.url}/v1/ask`, {
			method: "POST",
			headers,
			body: JSON.stringify({ question: "How does this work?" }),
		})
	).status;
	const exit = await service.stop();
	const logText = service.logs.join("\n");
	const leaked = [service.token, ...ctx.secrets].filter((s) => logText.includes(s));

	const summary = {
		date: new Date().toISOString(),
		seed: o.seed,
		http: { sent: cases.length, byCategory, failures: failures.length },
		mcp: {
			calls: mcp.calls,
			tools: mcp.tools.length,
			failures: mcp.failures.length,
			aliveAfter: mcp.aliveAfter,
		},
		after: { healthz: health, wellFormedAsk: answered, serviceExit: exit },
		logs: { lines: service.logs.length, plantedSecrets: ctx.secrets.length + 1, leaked: leaked.length },
		firstFailures: [...failures, ...mcp.failures].slice(0, 25),
	};
	if (o.json) process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
	else {
		const lines = [
			`fuzz (seed ${o.seed}): ${cases.length} HTTP requests + ${mcp.calls} MCP get_source calls`,
			...Object.entries(byCategory).map(
				([cat, v]) =>
					`  ${cat.padEnd(16)} ${String(v.sent).padStart(4)}  ${Object.entries(v.statuses)
						.map(([s, n]) => `${s}×${n}`)
						.join(" ")}`,
			),
			`  HTTP failures: ${failures.length}; MCP failures: ${mcp.failures.length}; MCP alive after (same ${mcp.tools.length} tools): ${mcp.aliveAfter}`,
			`  after: /healthz ${health}, well-formed ask ${answered}, service exit ${exit}`,
			`  logs: ${service.logs.length} lines, ${ctx.secrets.length + 1} planted secrets, ${leaked.length} leaked`,
			...summary.firstFailures.map((f) => `  ! ${f}`),
		];
		process.stdout.write(`${lines.join("\n")}\n`);
	}
	const ok =
		failures.length === 0 &&
		mcp.failures.length === 0 &&
		mcp.aliveAfter &&
		health === 200 &&
		answered === 200 &&
		leaked.length === 0 &&
		exit === 0;
	return ok ? 0 : 1;
}

main().then(
	(code) => {
		process.exitCode = code;
	},
	(err) => {
		process.stderr.write(`fuzz: ${(err as Error).stack ?? String(err)}\n`);
		process.exitCode = 1;
	},
);
