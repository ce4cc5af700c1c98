import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, it } from "vitest";
import { fixtureIndexPath } from "../../../sidecar/test/support/fixture-index.js";
import { startEngine } from "../support/engine.js";
import { endsWithAnswerFooter } from "../support/parsed-kinds.js";
import { packageApp, startServe } from "../support/sidecar.js";

const TOKEN = "measure-secret-0123456789";
const questions = (process.env.CODEASK_MEASURE_QUESTIONS ?? "how are messages sent?|where are users stored?")
	.split("|")
	.map((question) => question.trim())
	.filter(Boolean);

it("measures install, ack and answer latency", async () => {
	const work = mkdtempSync(join(tmpdir(), "codeask-measure-"));
	let t = performance.now();
	const zip = packageApp(work);
	const packageMs = performance.now() - t;

	const indexPath = process.env.CODEASK_MEASURE_INDEX ?? (await fixtureIndexPath());
	const sidecar = await startServe(indexPath, TOKEN, { timeoutMs: 600_000 });
	const sidecarUrl = sidecar.url;
	try {
		t = performance.now();
		const engine = await startEngine(zip);
		const installMs = performance.now() - t;
		try {
			const asker = engine.world.addUser("asker");
			const room = engine.world.addRoom("general", "c", [asker]);
			await engine.setSetting("codeask_sidecar_url", sidecarUrl);
			await engine.setSetting("codeask_shared_secret", TOKEN);
			await engine.setSetting("codeask_llm_provider", "none");
			await engine.setSetting("codeask_rate_limit_per_minute", 0);
			await engine.setSetting("codeask_repo_url", "https://example.com/repo");
			const rows = [];
			for (const question of questions) {
				const start = performance.now();
				await engine.command(asker, room, question);
				const ackMs = performance.now() - start;
				const root = engine.world.messages.find((m) => m.text === `*asker* asked:\n> ${question}`);
				const inThread = () => engine.world.messages.filter((m) => root && m.threadId === root.id);
				let answerMs = 0; // first part of the answer posted
				for (;;) {
					const parts = inThread();
					if (parts.length > 0 && answerMs === 0) answerMs = performance.now() - start;
					// The last part ends with the italic footer line.
					if (endsWithAnswerFooter(parts.at(-1)?.text ?? "")) break;
					await new Promise((done) => setTimeout(done, 20));
				}
				const completeMs = performance.now() - start;
				const parts = inThread();
				const text = parts.map((part) => part.text).join("\n");
				const row = {
					question,
					ackMs: Math.round(ackMs),
					answerMs: Math.round(answerMs),
					completeMs: Math.round(completeMs),
					parts: parts.length,
					chars: text.length,
					links: (text.match(/\]\(https:\/\/example\.com\/repo\/blob\//g) ?? []).length,
				};
				rows.push(row);
				process.stdout.write(`${JSON.stringify(row)}\n`);
			}
			process.stdout.write(
				`${JSON.stringify({ packageMs: Math.round(packageMs), installMs: Math.round(installMs), questions: rows.length })}\n`,
			);
			expect(rows.every((row) => row.parts > 0)).toBe(true);
		} finally {
			await engine.stop();
		}
	} finally {
		await sidecar.kill();
		rmSync(work, { recursive: true, force: true });
	}
});
