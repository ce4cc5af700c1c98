/**
 * `node sidecar/dist/scripts/fuzz-openapi.js --index FILE [--http 2000] [--mcp 500] [--seed N]`:
 * property-based fuzzing of `codeask serve` and `codeask mcp` with fast-check, from the service's
 * own published description: request bodies are generated from `GET /v1/openapi.json` (each
 * schema node becomes a fast-check arbitrary that mostly fits it, sometimes breaks a bound, and
 * sometimes is any JSON value at all), MCP arguments from each tool's `inputSchema` as `tools/list`
 * gives it; plus fast-check's raw strings and JSON as bodies, random paths, methods, content types
 * and tokens. Everything stays on 127.0.0.1: LLM settings are made offline and callback URLs
 * point at loopback before sending (the policy must refuse them).
 *
 * Bars: 0 responses ≥ 500, 0 crashes (both processes alive; every MCP call answered with a result
 * or a JSON-RPC error), 0 planted secrets in the logs, open descriptors and RSS flat (end vs after
 * a warm-up). Exit 1 when a bar is missed.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import fc from "fast-check";
import { z } from "zod";
import { arbitraryFor, confine, type OpenApiDoc as Doc, type Schema } from "./openapi-arbitraries.js";
import { fdsOf, parseArgs, rssOf, spawnService } from "./spawn-service.js";

const optionsSchema = z.object({
	index: z.string().min(1, "--index FILE is required"),
	http: z.coerce.number().int().min(10).max(100_000).default(2000),
	mcp: z.coerce.number().int().min(0).max(100_000).default(500),
	seed: z.coerce.number().int().default(20_261_201),
	concurrency: z.coerce.number().int().min(1).max(32).default(4),
	json: z.literal(true).optional(),
});

interface HttpCase {
	method: string;
	path: string;
	headers: Record<string, string>;
	body?: string;
}

async function main(): Promise<number> {
	const parsed = optionsSchema.safeParse(parseArgs(process.argv.slice(2)));
	if (!parsed.success) {
		process.stderr.write(`fuzz-openapi: ${parsed.error.issues.map((i) => i.message).join("; ")}\n`);
		return 2;
	}
	const o = parsed.data;
	const feedbackDir = mkdtempSync(join(tmpdir(), "codeask-fuzz-feedback-"));
	const service = await spawnService(o.index, {
		CODEASK_LOG_LEVEL: "debug",
		CODEASK_MAX_QUEUED: "64",
		CODEASK_FEEDBACK_DB: join(feedbackDir, "feedback.db"),
	});
	const planted = [`fuzz-planted-${o.seed}-apikey-secret`, `fuzz-planted-${o.seed}-query-token`];
	const doc = (await (await fetch(`${service.url}/v1/openapi.json`)).json()) as Doc;

	// Every documented POST with a body, plus GET routes, from the document.
	const posts = Object.entries(doc.paths).flatMap(([path, methods]) =>
		Object.entries(methods)
			.filter(([m, op]) => m === "post" && op.requestBody)
			.map(([, op]) => {
				const r = (op.requestBody as { content: { "application/json": { schema: Schema } } }).content[
					"application/json"
				].schema;
				return { path, body: arbitraryFor(r, doc) };
			}),
	);
	const gets = Object.keys(doc.paths).filter((p) => doc.paths[p]?.get);
	const auth = fc.oneof(
		{ weight: 8, arbitrary: fc.constant(`Bearer ${service.token}`) },
		{ weight: 1, arbitrary: fc.constant(`Bearer ${planted[1]}`) },
		{ weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
	);
	const caseArb: fc.Arbitrary<HttpCase> = fc.oneof(
		{
			weight: 6,
			arbitrary: fc.tuple(fc.constantFrom(...posts), auth).chain(([p, a]) =>
				p.body.map((body) => ({
					method: "POST",
					path: p.path,
					headers: { authorization: a, "content-type": "application/json" },
					body: JSON.stringify(confine(body)),
				})),
			),
		},
		{
			weight: 1,
			arbitrary: fc
				.tuple(
					fc.constantFrom(...posts.map((p) => p.path)),
					fc.oneof(
						fc.string({ unit: "binary" }),
						fc.jsonValue().map((v) => JSON.stringify(v)),
					),
					fc.constantFrom("application/json", "text/plain", "application/json; charset=latin1", ""),
				)
				.map(([path, body, type]) => ({
					method: "POST",
					path,
					headers: { authorization: `Bearer ${service.token}`, ...(type ? { "content-type": type } : {}) },
					body,
				})),
		},
		{
			weight: 2,
			arbitrary: fc
				.tuple(
					fc.constantFrom(...gets, "/v1/jobs/{id}"),
					fc.string({ maxLength: 60 }),
					fc.webQueryParameters(),
					fc.constantFrom("GET", "DELETE", "PUT", "PATCH", "OPTIONS", "HEAD"),
				)
				.map(([path, id, query, method]) => ({
					method,
					path: `${path.replace("{id}", encodeURIComponent(id))}?${query}&token=${planted[1]}`,
					headers: { authorization: `Bearer ${service.token}` },
				})),
		},
		{
			weight: 1,
			arbitrary: fc.tuple(fc.webPath(), fc.constantFrom("GET", "POST")).map(([path, method]) => ({
				method,
				path: path.startsWith("/") ? path : `/${path}`,
				headers: { authorization: `Bearer ${service.token}`, "content-type": "application/json" },
				...(method === "POST" ? { body: "{}" } : {}),
			})),
		},
	);
	// Plant a secret where a careless log would print it (an apiKey field).
	const cases = fc
		.sample(caseArb, { numRuns: o.http, seed: o.seed })
		.map((c, i) =>
			i % 10 === 0 && c.body?.startsWith("{")
				? { ...c, body: c.body.replace(/^\{/, `{"apiKey":"${planted[0]}",`) }
				: c,
		);

	const statuses: Record<string, number> = {};
	const fiveHundreds: string[] = [];
	let unsendable = 0;
	let transportErrors = 0;
	let warm: { fds: number | null; rss: number | null } = { fds: null, rss: null };
	let next = 0;
	async function worker() {
		while (next < cases.length) {
			const i = next++;
			const c = cases[i] as HttpCase;
			if (i === Math.min(200, Math.floor(cases.length / 10)))
				warm = { fds: service.fds(), rss: service.rss() };
			let res: Response;
			try {
				res = await fetch(`${service.url}${c.path}`, {
					method: c.method,
					headers: c.headers,
					...(c.body !== undefined && c.method !== "GET" && c.method !== "HEAD" ? { body: c.body } : {}),
					signal: AbortSignal.timeout(120_000),
				});
			} catch (err) {
				// fetch refuses some generated header values or URLs before sending: not the service's doing.
				if (
					(err as Error).name === "TypeError" &&
					!String((err as { cause?: unknown }).cause ?? "").includes("ECONN")
				)
					unsendable++;
				else transportErrors++;
				continue;
			}
			await res.arrayBuffer();
			statuses[res.status] = (statuses[res.status] ?? 0) + 1;
			if (res.status >= 500)
				fiveHundreds.push(`${res.status} ${c.method} ${c.path.slice(0, 80)} ${c.body?.slice(0, 200) ?? ""}`);
		}
	}
	await Promise.all(Array.from({ length: o.concurrency }, worker));
	const end = { fds: service.fds(), rss: service.rss() };

	// MCP: arguments for each tool from its own inputSchema.
	const mcp = {
		calls: 0,
		results: 0,
		toolErrors: 0,
		protocolErrors: 0,
		crashes: 0,
		fdsWarm: null as number | null,
		fdsEnd: null as number | null,
		rssWarmMb: 0,
		rssEndMb: 0,
	};
	if (o.mcp > 0) {
		const transport = new StdioClientTransport({
			command: process.execPath,
			args: [new URL("../cli/main.js", import.meta.url).pathname, "mcp", "--index", o.index],
			env: { PATH: process.env.PATH ?? "", CODEASK_LOG_LEVEL: "warn" },
			stderr: "pipe",
		});
		const client = new Client({ name: "codeask-fuzz-openapi", version: "0.0.0" });
		await client.connect(transport);
		const { tools } = await client.listTools();
		const toolArb = fc
			.constantFrom(...tools)
			.chain((t) => arbitraryFor(t.inputSchema as Schema, doc).map((args) => ({ name: t.name, args })));
		const calls = fc.sample(toolArb, { numRuns: o.mcp, seed: o.seed + 1 });
		for (const [i, call] of calls.entries()) {
			if (i === Math.min(50, calls.length - 1)) {
				mcp.fdsWarm = fdsOf(transport.pid ?? -1);
				mcp.rssWarmMb = Math.round((rssOf(transport.pid ?? -1) ?? 0) / 2 ** 20);
			}
			mcp.calls++;
			try {
				const r = (await client.callTool({
					name: call.name,
					arguments: (call.args && typeof call.args === "object"
						? call.args
						: { value: call.args }) as Record<string, unknown>,
				})) as { isError?: boolean };
				mcp.results++;
				if (r.isError) mcp.toolErrors++;
			} catch (err) {
				const code = (err as { code?: unknown }).code;
				if (typeof code === "number" && code > -33000 && code < -32000) mcp.protocolErrors++;
				else mcp.crashes++;
			}
		}
		mcp.fdsEnd = fdsOf(transport.pid ?? -1);
		mcp.rssEndMb = Math.round((rssOf(transport.pid ?? -1) ?? 0) / 2 ** 20);
		await client.listTools().catch(() => {
			mcp.crashes++;
		});
		await client.close();
	}

	const healthz = (await fetch(`${service.url}/healthz`)).status;
	const exit = await service.stop();
	const logText = service.logs.join("\n");
	const leaked = [service.token, ...planted].filter((s) => logText.includes(s)).length;
	const mb = (b: number | null) => (b === null ? null : Math.round(b / 2 ** 20));
	const summary = {
		date: new Date().toISOString(),
		seed: o.seed,
		generator: "fast-check 4 from GET /v1/openapi.json and the MCP tools' inputSchema",
		http: {
			cases: cases.length,
			sent: cases.length - unsendable,
			unsendable,
			transportErrors,
			statuses,
			fiveHundreds: fiveHundreds.length,
		},
		mcp,
		serve: {
			fdsWarm: warm.fds,
			fdsEnd: end.fds,
			rssWarmMb: mb(warm.rss),
			rssEndMb: mb(end.rss),
			healthzAfter: healthz,
			exit,
		},
		logs: { lines: service.logs.length, leaked },
		firstFiveHundreds: fiveHundreds.slice(0, 10),
	};
	const fdsFlat = (a: number | null, b: number | null) => a === null || b === null || b <= a + 8;
	const ok =
		fiveHundreds.length === 0 &&
		transportErrors === 0 &&
		mcp.crashes === 0 &&
		leaked === 0 &&
		healthz === 200 &&
		exit === 0 &&
		fdsFlat(warm.fds, end.fds) &&
		fdsFlat(mcp.fdsWarm, mcp.fdsEnd);
	process.stdout.write(
		o.json ? `${JSON.stringify({ ok, ...summary }, null, 2)}\n` : `${JSON.stringify({ ok, ...summary })}\n`,
	);
	return ok ? 0 : 1;
}

main().then(
	(code) => {
		process.exitCode = code;
	},
	(err) => {
		process.stderr.write(`fuzz-openapi: ${(err as Error).stack ?? err}\n`);
		process.exitCode = 1;
	},
);
