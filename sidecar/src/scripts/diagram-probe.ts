/**
 * `node sidecar/dist/scripts/diagram-probe.js --index FILE [--asks 20] [--rounds 3]`: does
 * drawing stall the event loop? Starts `codeask serve` on 127.0.0.1 (cache off), fires `--asks`
 * concurrent questions with `diagramPng: true` (questions generated from the index), and probes
 * `/healthz` every 20 ms while they run. Reports the probe latencies (max, p99) and the asks'
 * statuses per round; exit 1 when a probe fails or an ask is neither 200 nor 503.
 */
import { z } from "zod";
import { IndexReader } from "../index/reader.js";
import { questionsFromIndex } from "./questions-from-index.js";
import { parseArgs, spawnService } from "./spawn-service.js";

const optionsSchema = z.object({
	index: z.string().min(1, "--index FILE is required"),
	asks: z.coerce.number().int().min(1).max(200).default(20),
	rounds: z.coerce.number().int().min(1).max(20).default(3),
	json: z.literal(true).optional(),
});

interface Round {
	statuses: Record<string, number>;
	withPng: number;
	probes: number;
	probeMaxMs: number;
	probeP99Ms: number;
	failedProbes: number;
	wallMs: number;
}

async function main(): Promise<number> {
	const parsed = optionsSchema.safeParse(parseArgs(process.argv.slice(2)));
	if (!parsed.success) {
		process.stderr.write(`diagram-probe: ${parsed.error.issues.map((i) => i.message).join("; ")}\n`);
		return 2;
	}
	const o = parsed.data;
	const reader = IndexReader.open(o.index);
	const questions = questionsFromIndex(reader, o.asks * o.rounds);
	reader.close();
	const service = await spawnService(o.index, { CODEASK_LOG_LEVEL: "warn", CODEASK_CACHE_ENTRIES: "0" });
	const headers = { authorization: `Bearer ${service.token}`, "content-type": "application/json" };
	const rounds: Round[] = [];
	try {
		for (let r = 0; r < o.rounds; r++) {
			const started = performance.now();
			const mine = questions.slice(r * o.asks, (r + 1) * o.asks);
			while (mine.length < o.asks) mine.push(`${questions[mine.length % questions.length]} (${r})`);
			let running = true;
			const asks = Promise.all(
				mine.map(async (question) => {
					const res = await fetch(`${service.url}/v1/ask`, {
						method: "POST",
						headers,
						body: JSON.stringify({ question, diagramPng: true }),
					});
					const body = (await res.json()) as { diagramPng?: string };
					return { status: res.status, png: typeof body.diagramPng === "string" };
				}),
			).finally(() => {
				running = false;
			});
			const latencies: number[] = [];
			let failed = 0;
			while (running) {
				const t = performance.now();
				const ok = await fetch(`${service.url}/healthz`).then(
					async (res) => {
						await res.arrayBuffer();
						return res.ok;
					},
					() => false,
				);
				latencies.push(performance.now() - t);
				if (!ok) failed++;
				await new Promise((resolve) => setTimeout(resolve, 20));
			}
			const results = await asks;
			latencies.sort((a, b) => a - b);
			const statuses: Record<string, number> = {};
			for (const x of results) statuses[x.status] = (statuses[x.status] ?? 0) + 1;
			rounds.push({
				statuses,
				withPng: results.filter((x) => x.png).length,
				probes: latencies.length,
				probeMaxMs: Math.round(latencies.at(-1) ?? 0),
				probeP99Ms: Math.round(latencies[Math.floor(latencies.length * 0.99)] ?? 0),
				failedProbes: failed,
				wallMs: Math.round(performance.now() - started),
			});
		}
	} finally {
		await service.stop();
	}
	const bad = rounds.some(
		(r) => r.failedProbes > 0 || Object.keys(r.statuses).some((s) => s !== "200" && s !== "503"),
	);
	if (o.json) process.stdout.write(`${JSON.stringify({ asks: o.asks, rounds }, null, 2)}\n`);
	else {
		for (const [i, r] of rounds.entries()) {
			process.stdout.write(
				`round ${i + 1}: ${o.asks} asks with diagramPng in ${r.wallMs} ms, statuses ${JSON.stringify(r.statuses)}, ${r.withPng} with a PNG; /healthz ${r.probes} probes, max ${r.probeMaxMs} ms, p99 ${r.probeP99Ms} ms, failed ${r.failedProbes}\n`,
			);
		}
	}
	return bad ? 1 : 0;
}

main().then(
	(code) => {
		process.exitCode = code;
	},
	(err) => {
		process.stderr.write(`diagram-probe: ${(err as Error).stack ?? err}\n`);
		process.exitCode = 1;
	},
);
