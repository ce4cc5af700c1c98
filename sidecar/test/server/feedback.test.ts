/**
 * Feedback end to end: answers carry an id, POST /v1/feedback stores a vote (by answer id or job
 * id) in a real SQLite file with the answer's commit, settings and citations, and
 * `codeask feedback export` (the built CLI) turns the votes into a benchmark question set that
 * the benchmark's own schema accepts, with the down-voted questions in a review list.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { questionSetSchema } from "../../src/bench/questions.js";
import { ask } from "../../src/pipeline/ask.js";
import { createService, type Service } from "../../src/server/service.js";
import { fixtureIndexPath } from "../support/fixture-index.js";
import { auth, capturingLogger, testConfig, WAIT } from "./support.js";

const ROOT = resolve(fileURLToPath(new URL("../../..", import.meta.url)));

describe("feedback", () => {
	let s: Service;
	const dir = mkdtempSync(join(tmpdir(), "codeask-feedback-"));
	const feedbackPath = join(dir, "feedback.db");
	beforeAll(async () => {
		spawnSync(process.execPath, [join(ROOT, "node_modules/typescript/bin/tsc"), "-b", "shared", "sidecar"], {
			cwd: ROOT,
			stdio: "ignore",
		});
		s = createService(
			{ ...testConfig(await fixtureIndexPath()), feedbackPath },
			{ log: capturingLogger().log, ask, createLlm: () => undefined },
		);
	});
	afterAll(() => s.close());

	it("stores votes with the answer's commit and citations, and exports them as benchmark questions", async () => {
		const good = "How are push notifications sent?";
		const answered = await request(s.app).post("/v1/ask").set(auth).send({ question: good }).expect(200);
		expect(answered.body.answerId).toMatch(/^[0-9a-f-]{36}$/);
		const up = await request(s.app)
			.post("/v1/feedback")
			.set(auth)
			.send({
				question: good,
				answerId: answered.body.answerId,
				vote: "up",
				comment: "spot on",
				user: "alice",
			})
			.expect(201);
		expect(up.body).toMatchObject({ stored: true, answerKnown: true });

		// A job's answer is voted on with the job id (what the app has).
		const bad = "Where is a message saved?";
		const job = await request(s.app).post("/v1/jobs").set(auth).send({ question: bad }).expect(202);
		await vi.waitFor(async () => {
			const polled = await request(s.app).get(`/v1/jobs/${job.body.jobId}`).set(auth).expect(200);
			expect(polled.body.status).toBe("done");
		}, WAIT);
		const down = await request(s.app)
			.post("/v1/feedback")
			.set(auth)
			.send({ question: bad, answerId: job.body.jobId, vote: "down", comment: "misses the model layer" })
			.expect(201);
		expect(down.body.answerKnown).toBe(true);

		// Unknown answers are still stored, without what the sidecar no longer knows.
		const unknown = await request(s.app)
			.post("/v1/feedback")
			.set(auth)
			.send({ question: "How is presence updated?", answerId: "gone-after-restart", vote: "up" })
			.expect(201);
		expect(unknown.body.answerKnown).toBe(false);

		for (const body of [
			{ question: good, answerId: "x", vote: "sideways" },
			{ question: "???", answerId: "x", vote: "up" },
			{ question: good, vote: "up" },
			{ question: good, answerId: "x", vote: "up", extra: 1 },
		]) {
			const refused = await request(s.app).post("/v1/feedback").set(auth).send(body).expect(400);
			expect(refused.body.error.code).toBe("invalid-body");
		}
		await request(s.app).post("/v1/feedback").send({ question: good, answerId: "x", vote: "up" }).expect(401);

		// A real SQLite file holds the votes, each with the answer's commit and citations.
		const db = new Database(feedbackPath, { readonly: true });
		const rows = db.prepare("SELECT vote, answer_json FROM feedback ORDER BY rowid").all() as {
			vote: string;
			answer_json: string | null;
		}[];
		db.close();
		expect(rows.map((r) => r.vote)).toEqual(["up", "down", "up"]);
		const stored = JSON.parse(rows[0]?.answer_json ?? "{}");
		expect(stored.indexCommit).toBe(answered.body.indexCommit);
		expect(stored.provider).toBe("none");
		expect(stored.citations.length).toBeGreaterThan(0);

		const out = join(dir, "questions.json");
		const review = join(dir, "review.json");
		const run = spawnSync(
			process.execPath,
			[
				join(ROOT, "sidecar/dist/cli/main.js"),
				"feedback",
				"export",
				"--db",
				feedbackPath,
				"--out",
				out,
				"--review",
				review,
			],
			{ encoding: "utf8" },
		);
		expect(run.status, run.stderr).toBe(0);
		const set = questionSetSchema.parse(JSON.parse(readFileSync(out, "utf8")));
		expect(set.questions.map((q) => q.question)).toEqual([good]);
		const [q] = set.questions;
		const cited = new Set(
			(answered.body.citations as { file: string; verified: boolean }[])
				.filter((c) => c.verified)
				.map((c) => c.file),
		);
		expect(q?.core.length).toBeGreaterThan(0);
		for (const f of [...(q?.core ?? []), ...(q?.supporting ?? [])]) expect(cited.has(f)).toBe(true);
		expect(q?.mechanism).toMatch(/Unreviewed.*1 up, 0 down.*spot on/);
		expect(set.commit).toBe(answered.body.indexCommit);
		const toReview = JSON.parse(readFileSync(review, "utf8"));
		expect(toReview).toEqual([
			expect.objectContaining({ question: bad, down: 1, comments: ["misses the model layer"] }),
		]);

		const nothing = spawnSync(
			process.execPath,
			[join(ROOT, "sidecar/dist/cli/main.js"), "feedback", "export", "--db", join(dir, "missing.db")],
			{ encoding: "utf8" },
		);
		expect(nothing.status).toBe(2);
		expect(nothing.stderr).toMatch(/feedback store/);
	});
});
