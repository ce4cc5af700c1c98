/**
 * Issue 12's bars for the app, in a real AppManager (Apps-Engine 1.62.0, Deno) behind the gateway
 * that parses bodies like Rocket.Chat (express.json(), 100 kB):
 *
 *  1. A 1 MB answer through the callback path: a stand-in sidecar on 127.0.0.1 finishes a job whose
 *     answer is 1 MB, sends the slim signed callback ({jobId, status}), and serves the job on
 *     GET /v1/jobs/:id; measured from "job finished" to "answer posted" (5 runs). A callback carrying
 *     the whole job is refused with 413, as on a real server.
 *  2. The exact messages posted for three questions by a real sidecar over CODEASK_MEASURE_INDEX
 *     (default: the mini-chat fixture), parsed with @rocket.chat/message-parser: characters,
 *     mentions, links, heading levels; then "Show the full answer" and 👍 are clicked.
 *
 *   CODEASK_MEASURE_INDEX=./rc.index.db CODEASK_MEASURE_REPO_URL=https://github.com/RocketChat/Rocket.Chat \
 *   CODEASK_MEASURE_OUT=/tmp/app-chat.json npx vitest run --config app/test/measure/vitest.config.ts app/test/measure/chat.measure.ts
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse } from "@rocket.chat/message-parser";
import { expect, it } from "vitest";
import { fixtureIndexPath } from "../../../sidecar/test/support/fixture-index.js";
import { signCallback } from "../../lib/signature.js";
import { type Engine, startEngine } from "../support/engine.js";
import { endsWithAnswerFooter } from "../support/parsed-kinds.js";
import type { PostedMessage } from "../support/rocketchat-world.js";
import { freePort, packageApp, REPO_ROOT, startServe } from "../support/sidecar.js";

const TOKEN = "measure-secret-0123456789";
const questions = (
	process.env.CODEASK_MEASURE_QUESTIONS ??
	"how are push notifications sent?|where are user sessions stored?|how does the REST API check permissions?"
)
	.split("|")
	.map((question) => question.trim())
	.filter(Boolean);

async function until<T>(probe: () => T | undefined, timeoutMs = 120_000): Promise<T> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const value = probe();
		if (value) return value;
		if (Date.now() > deadline) throw new Error("timed out");
		await new Promise((done) => setTimeout(done, 2));
	}
}

const isAnswer = (message: PostedMessage) => (message.blocks ?? []).some((block) => block.type === "actions");

/** Mentions, links and heading levels of a text as Rocket.Chat's message parser reads it. */
export function parsed(markdown: string): { mentions: number; links: number; headings: Array<number> } {
	const result = { mentions: 0, links: 0, headings: [] as Array<number> };
	const walk = (node: unknown): void => {
		if (Array.isArray(node)) node.forEach(walk);
		else if (node && typeof node === "object") {
			const record = node as Record<string, unknown>;
			if (record.type === "MENTION_USER" || record.type === "MENTION_CHANNEL") result.mentions++;
			if (record.type === "LINK") result.links++;
			if (record.type === "HEADING") result.headings.push(Number(record.level));
			Object.values(record).forEach(walk);
		}
	};
	walk(parse(markdown));
	return result;
}

async function configured(engine: Engine, sidecarUrl: string, repoUrl: string): Promise<void> {
	await engine.setSetting("codeask_sidecar_url", sidecarUrl);
	await engine.setSetting("codeask_shared_secret", TOKEN);
	await engine.setSetting("codeask_llm_provider", "none");
	await engine.setSetting("codeask_rate_limit_per_minute", 0);
	if (repoUrl) await engine.setSetting("codeask_repo_url", repoUrl);
}

/** A stand-in sidecar whose jobs finish with a 1 MB answer and call back with {jobId, status}. */
function bigAnswerSidecar(answerChars: number) {
	const paragraph =
		"The handler [1] validates the request and hands it to the service [2], which stores it. ";
	const answer = Array.from({ length: Math.ceil(answerChars / (paragraph.length * 4 + 2)) }, () =>
		paragraph.repeat(4).trim(),
	)
		.join("\n\n")
		.slice(0, answerChars);
	const citations = Array.from({ length: 50 }, (_, i) => ({
		n: i + 1,
		file: `packages/core/src/module${i}.ts`,
		startLine: 10,
		endLine: 20,
		symbol: `Module${i}.run`,
		verified: true,
	}));
	const jobs = new Map<string, { body: string; finishedAt: number; readAt?: number }>();
	const finished: Array<{ jobId: string; at: number; callbackBytes: number; callbackStatus: number }> = [];
	let n = 0;
	const server = createHttpServer(async (req: IncomingMessage, res: ServerResponse) => {
		const chunks: Array<Buffer> = [];
		for await (const chunk of req) chunks.push(chunk as Buffer);
		const body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString("utf8")) : undefined;
		const send = (status: number, data: unknown) => {
			res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(data));
		};
		if (req.url === "/v1/callback-origins") return send(200, { origin: body.origin });
		if (req.url === "/v1/status")
			return send(404, { error: { code: "not-found", message: "no status here" } });
		if (req.url === "/v1/jobs" && req.method === "POST") {
			const jobId = `big-${++n}`;
			send(202, { jobId });
			setTimeout(async () => {
				const job = {
					jobId,
					status: "done",
					question: body.question,
					createdAt: new Date().toISOString(),
					finishedAt: new Date().toISOString(),
					error: null,
					result: {
						answer,
						citations,
						chains: [],
						usage: { requests: 0, tokensIn: 0, tokensOut: 0 },
						indexCommit: "0123456789ab",
						timings: { total: 1 },
						provider: "none",
						droppedCitations: 0,
					},
				};
				jobs.set(jobId, { body: JSON.stringify(job), finishedAt: performance.now() });
				const raw = JSON.stringify({ jobId, status: "done" });
				const timestamp = String(Math.floor(Date.now() / 1000));
				const at = performance.now();
				const response = await fetch(body.callback.url, {
					method: "POST",
					headers: {
						"content-type": "application/json",
						"x-codeask-timestamp": timestamp,
						"x-codeask-signature": signCallback(TOKEN, timestamp, raw),
					},
					body: raw,
				});
				finished.push({ jobId, at, callbackBytes: Buffer.byteLength(raw), callbackStatus: response.status });
			}, 200);
			return;
		}
		const match = /^\/v1\/jobs\/([^/]+)$/.exec(req.url ?? "");
		const job = match ? jobs.get(match[1] as string) : undefined;
		if (job) {
			job.readAt ??= performance.now();
			res.writeHead(200, { "content-type": "application/json" }).end(job.body);
			return;
		}
		send(404, { error: { code: "not-found", message: "no such job" } });
	});
	return { server, finished, jobs, answerBytes: Buffer.byteLength(answer) };
}

it("measures the 1 MB callback path and the messages posted for three questions", async () => {
	const work = mkdtempSync(join(tmpdir(), "codeask-chat-measure-"));
	const zip = packageApp(work);
	const out: Record<string, unknown> = {};
	const engine = await startEngine(zip);
	try {
		// 1. The 1 MB answer.
		const fake = bigAnswerSidecar(1_000_000);
		const fakePort = await freePort();
		fake.server.listen(fakePort, "127.0.0.1");
		await configured(engine, `http://127.0.0.1:${fakePort}`, "https://github.com/acme/repo");
		const asker = engine.world.addUser("asker");
		const room = engine.world.addRoom("general", "c", [engine.admin, asker]);
		const runs: Array<number> = [];
		const callbackToRead: Array<number> = [];
		for (let i = 0; i < 5; i++) {
			const before = engine.world.messages.length;
			await engine.command(asker, room, `how is a request stored? (${i})`);
			const posted = await until(() => engine.world.messages.slice(before).find(isAnswer));
			const postedAt = performance.now();
			const finish = await until(() => fake.finished.at(-1));
			const stored = fake.jobs.get(finish.jobId);
			runs.push(Math.round(postedAt - (stored?.finishedAt ?? finish.at)));
			// How long until the app, woken by the callback, asked for the job.
			callbackToRead.push(Math.round((stored?.readAt ?? postedAt) - (stored?.finishedAt ?? finish.at)));
			expect(finish.callbackStatus).toBe(200);
			expect(posted.text.length).toBeLessThanOrEqual(4000);
		}
		const full = await fetch(`${engine.gatewayUrl}/api/apps/public/${engine.appId}/job-callback`, {
			method: "POST",
			headers: { "content-type": "application/json" },
			body: [...fake.jobs.values()][0]?.body,
		});
		process.stderr.write(`MEASURE 1MB ${JSON.stringify({ runs, callbackToRead })}\n`);
		out.bigAnswer = {
			answerBytes: fake.answerBytes,
			jobBytes: Buffer.byteLength([...fake.jobs.values()][0]?.body ?? ""),
			callbackBytes: fake.finished[0]?.callbackBytes,
			fullJobAsCallbackStatus: full.status,
			finishedToPostedMs: runs,
			finishedToJobReadMs: callbackToRead,
		};
		fake.server.close();

		// 2. Three questions on a real index.
		const indexPath = process.env.CODEASK_MEASURE_INDEX ?? (await fixtureIndexPath());
		const sidecar = await startServe(indexPath, TOKEN, {
			env: { CODEASK_FEEDBACK_DB: join(work, "feedback.db") },
			timeoutMs: 600_000,
		});
		const sidecarUrl = sidecar.url;
		try {
			await configured(engine, sidecarUrl, process.env.CODEASK_MEASURE_REPO_URL ?? "");
			const rows = [];
			for (const question of questions) {
				const before = engine.world.messages.length;
				const started = performance.now();
				await engine.command(asker, room, question);
				const answer = await until(() => engine.world.messages.slice(before).find(isAnswer), 300_000);
				const answerMs = Math.round(performance.now() - started);
				const sources = String(answer.attachments?.[0]?.text ?? "");
				const buttons = (answer.blocks ?? []).flatMap(
					(block) => (block.elements as Array<{ text: { text: string } }>) ?? [],
				);
				// "Show the full answer", then a vote.
				const beforeFull = engine.world.messages.length;
				await engine.click(asker, answer, "codeask-full-answer");
				const fullParts = await until(() => {
					const parts = engine.world.messages.slice(beforeFull);
					const last = parts.at(-1)?.text ?? "";
					return parts.length > 0 && (endsWithAnswerFooter(last) || last.includes("could not answer"))
						? parts
						: undefined;
				}, 600_000);
				const callsBefore = engine.world.httpCalls.length;
				const notesBefore = engine.world.notifications.length;
				await engine.click(asker, answer, "codeask-vote-up");
				const vote = engine.world.httpCalls
					.slice(callsBefore)
					.find((call) => call.url.endsWith("/v1/feedback"));
				rows.push({
					question,
					answerMs,
					chars: answer.text.length,
					parseUrls: answer.parseUrls,
					text: parsed(answer.text),
					sources: {
						chars: sources.length,
						collapsed: answer.attachments?.[0]?.collapsed,
						...parsed(sources),
					},
					buttons: buttons.map((button) => button.text.text),
					fullAnswer: {
						messages: fullParts.length,
						chars: fullParts.reduce((sum, part) => sum + part.text.length, 0),
					},
					vote: { sent: Boolean(vote), reply: engine.world.notifications.slice(notesBefore).at(-1)?.text },
					message: answer.text,
					sourcesText: sources,
				});
				process.stderr.write(`MEASURE ${JSON.stringify(rows.at(-1))}\n`);
			}
			out.questions = rows;
			if (rows.length > 0) {
				// The votes, as the benchmark's question set.
				const exported = join(work, "feedback.json");
				const summary = execFileSync(
					process.execPath,
					[
						join(REPO_ROOT, "sidecar/dist/cli/main.js"),
						"feedback",
						"export",
						"--db",
						join(work, "feedback.db"),
						"--out",
						exported,
					],
					{ encoding: "utf8" },
				);
				out.feedbackExport = {
					summary: summary.trim(),
					questions: JSON.parse(readFileSync(exported, "utf8")).questions.length,
				};
			}
		} finally {
			await sidecar.kill();
		}
	} finally {
		await engine.stop();
		rmSync(work, { recursive: true, force: true });
	}
	const text = JSON.stringify(out, null, 2);
	if (process.env.CODEASK_MEASURE_OUT) writeFileSync(process.env.CODEASK_MEASURE_OUT, text);
	process.stdout.write(`${text}\n`);
});
