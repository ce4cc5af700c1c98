/**
 * `npm run load -- --index FILE`: load test of `codeask serve` on 127.0.0.1.
 * Starts the service as a child process, fires `--connections` concurrent offline asks for
 * `--duration` seconds with autocannon, and reports status counts (503s are the designed
 * back-pressure), latency percentiles of answered and refused requests, and the service's RSS
 * before, during (peak) and after. Exit 1 when any response is neither 200 nor 503, or on
 * connection errors/timeouts.
 *
 * Questions come from `--questions FILE` (a JSON array of strings, or an object with
 * `questions: [{question}]`), or are generated from the index's own outline and symbols.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { z } from "zod";
import { IndexReader } from "../index/reader.js";
import { questionsFromIndex } from "./questions-from-index.js";
import { parseArgs, spawnService } from "./spawn-service.js";

const require = createRequire(import.meta.url);

const optionsSchema = z.object({
	index: z.string().min(1, "--index FILE is required"),
	duration: z.coerce.number().int().min(1).max(3600).default(30),
	connections: z.coerce.number().int().min(1).max(1000).default(50),
	rounds: z.coerce.number().int().min(1).max(20).default(1),
	questions: z.string().optional(),
	"cache-entries": z.coerce.number().int().min(0).optional(),
	"max-running": z.coerce.number().int().min(1).optional(),
	"max-queued": z.coerce.number().int().min(0).optional(),
	json: z.literal(true).optional(),
});

function loadQuestions(file: string): string[] {
	const raw = JSON.parse(readFileSync(file, "utf8")) as unknown;
	const list = Array.isArray(raw) ? raw : ((raw as { questions?: unknown[] }).questions ?? []);
	return list
		.map((q) => (typeof q === "string" ? q : (q as { question?: string }).question))
		.filter((q): q is string => typeof q === "string" && q.trim().length > 0);
}

function percentile(sorted: number[], p: number): number | null {
	if (sorted.length === 0) return null;
	return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? null;
}

interface AutocannonResult {
	requests: { total: number };
	errors: number;
	timeouts: number;
}

async function main(): Promise<number> {
	const parsed = optionsSchema.safeParse(parseArgs(process.argv.slice(2)));
	if (!parsed.success) {
		process.stderr.write(
			`load: ${parsed.error.issues.map((i) => `${i.path.join(".") || "options"}: ${i.message}`).join("; ")}\n` +
				"usage: npm run load -- --index FILE [--duration 30] [--connections 50] [--rounds 1] [--questions FILE] [--cache-entries N] [--json]\n",
		);
		return 2;
	}
	const o = parsed.data;
	const reader = IndexReader.open(o.index);
	const questions = o.questions ? loadQuestions(o.questions) : questionsFromIndex(reader);
	const commit = reader.meta().commit;
	reader.close();
	if (questions.length === 0) throw new Error("no questions to ask");

	const env: Record<string, string> = { CODEASK_LOG_LEVEL: "warn" };
	if (o["cache-entries"] !== undefined) env.CODEASK_CACHE_ENTRIES = String(o["cache-entries"]);
	if (o["max-running"] !== undefined) env.CODEASK_MAX_RUNNING = String(o["max-running"]);
	if (o["max-queued"] !== undefined) env.CODEASK_MAX_QUEUED = String(o["max-queued"]);
	const service = await spawnService(o.index, env);
	const headers = { authorization: `Bearer ${service.token}`, "content-type": "application/json" };

	// One question first, so the baseline RSS includes a warm pipeline and an open index.
	await fetch(`${service.url}/v1/ask`, {
		method: "POST",
		headers,
		body: JSON.stringify({ question: questions[0] }),
	});
	const rssBefore = service.rss();
	let rssPeak = rssBefore ?? 0;
	const sampler = setInterval(() => {
		rssPeak = Math.max(rssPeak, service.rss() ?? 0);
	}, 250);

	const latencies = new Map<number, number[]>();
	let next = 0;
	const autocannon = require("autocannon") as (opts: object) => {
		on(event: "response", cb: (client: unknown, status: number, bytes: number, ms: number) => void): void;
	} & PromiseLike<AutocannonResult>;
	// Several rounds against the same process show whether memory keeps growing or levels off.
	const total = { requests: 0, errors: 0, timeouts: 0 };
	const rssAfterRound: (number | null)[] = [];
	for (let round = 0; round < o.rounds; round++) {
		const instance = autocannon({
			url: service.url,
			connections: o.connections,
			duration: o.duration,
			timeout: 120,
			requests: [
				{
					method: "POST",
					path: "/v1/ask",
					headers,
					setupRequest: (req: Record<string, unknown>) => ({
						...req,
						body: JSON.stringify({ question: questions[next++ % questions.length] }),
					}),
				},
			],
		});
		instance.on("response", (_client, status, _bytes, ms) => {
			const list = latencies.get(status) ?? [];
			list.push(ms);
			latencies.set(status, list);
		});
		const r = await instance;
		total.requests += r.requests.total;
		total.errors += r.errors;
		total.timeouts += r.timeouts;
		rssAfterRound.push(service.rss());
	}
	const result = total;
	clearInterval(sampler);

	const statusRes = await fetch(`${service.url}/v1/status`, { headers });
	const runtime = ((await statusRes.json()) as { runtime?: unknown }).runtime ?? null;
	const health = (await fetch(`${service.url}/healthz`)).status;
	const rssAfter = service.rss();
	const exitCode = await service.stop();

	const byStatus = Object.fromEntries(
		[...latencies.entries()].map(([status, list]) => {
			const sorted = list.sort((a, b) => a - b);
			return [status, { count: list.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99) }];
		}),
	);
	const unexpected = [...latencies.entries()]
		.filter(([s]) => s !== 200 && s !== 503)
		.reduce((n, [, l]) => n + l.length, 0);
	const summary = {
		date: new Date().toISOString(),
		index: { commit },
		questions: questions.length,
		connections: o.connections,
		durationSeconds: o.duration,
		rounds: o.rounds,
		requests: result.requests,
		byStatus,
		connectionErrors: result.errors,
		timeouts: result.timeouts,
		unexpectedStatuses: unexpected,
		rssMb: {
			before: rssBefore && +(rssBefore / 2 ** 20).toFixed(1),
			peak: +(rssPeak / 2 ** 20).toFixed(1),
			after: rssAfter && +(rssAfter / 2 ** 20).toFixed(1),
			afterEachRound: rssAfterRound.map((b) => b && +(b / 2 ** 20).toFixed(1)),
		},
		healthAfter: health,
		serviceRuntime: runtime,
		serviceExit: exitCode,
	};
	if (o.json) process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
	else {
		const lines = [
			`load: ${summary.requests} requests, ${o.connections} connections, ${o.rounds} × ${o.duration} s, ${questions.length} distinct questions`,
			...Object.entries(byStatus).map(
				([s, v]) => `  HTTP ${s}: ${v.count} (p50 ${v.p50?.toFixed(0)} ms, p99 ${v.p99?.toFixed(0)} ms)`,
			),
			`  connection errors ${result.errors}, timeouts ${result.timeouts}, unexpected statuses ${unexpected}`,
			`  RSS MB: before ${summary.rssMb.before}, peak ${summary.rssMb.peak}, after ${summary.rssMb.after} (after each round: ${summary.rssMb.afterEachRound.join(", ")})`,
			`  /healthz after: ${health}; service exit code ${exitCode}`,
			`  runtime: ${JSON.stringify(runtime)}`,
		];
		process.stdout.write(`${lines.join("\n")}\n`);
	}
	return unexpected > 0 || result.errors > 0 || result.timeouts > 0 || health !== 200 ? 1 : 0;
}

main().then(
	(code) => {
		process.exitCode = code;
	},
	(err) => {
		process.stderr.write(`load: ${(err as Error).stack ?? String(err)}\n`);
		process.exitCode = 1;
	},
);
