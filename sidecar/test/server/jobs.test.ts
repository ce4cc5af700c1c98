/**
 * Async jobs: 202 + jobId, polling, and signed callbacks delivered to a receiver on 127.0.0.1 —
 * signature verified with the documented scheme, a failed delivery retried, a dead receiver
 * leaving the result available for polling.
 */
import { createHmac } from "node:crypto";
import {
	CALLBACK_SIGNATURE_HEADER,
	CALLBACK_TIMESTAMP_HEADER,
	jobCallbackBodySchema,
	jobSchema,
} from "@codeask/shared";
import request from "supertest";
import { afterEach, describe, expect, it, vi } from "vitest";
import { JobStore } from "../../src/server/jobs.js";
import type { AskFn, QuestionService } from "../../src/server/questions.js";
import { createService, type Service } from "../../src/server/service.js";
import {
	auth,
	capturingLogger,
	indexCopy,
	instantAsk,
	pacedAsk,
	startReceiver,
	testConfig,
	WAIT,
} from "./support.js";

const SECRET = "callback-secret-0123456789";
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
	for (const c of cleanups.splice(0)) await c();
});

function start(ask: AskFn = instantAsk, jobs?: Partial<ReturnType<typeof testConfig>["jobs"]>): Service {
	const { log } = capturingLogger();
	const base = testConfig(indexCopy({ commit: "j0b5" }));
	const s = createService(
		{ ...base, jobs: { ...base.jobs, ...jobs } },
		{ log, ask, createLlm: () => undefined },
	);
	cleanups.push(() => s.close());
	return s;
}

/** What a receiver must do: recompute the HMAC over `${timestamp}.${rawBody}` and compare. */
function verify(
	secret: string,
	headers: Record<string, string | string[] | undefined>,
	rawBody: string,
): boolean {
	const timestamp = String(headers[CALLBACK_TIMESTAMP_HEADER]);
	const expected = createHmac("sha256", secret).update(`${timestamp}.${rawBody}`).digest("hex");
	const fresh = Math.abs(Date.now() / 1000 - Number(timestamp)) < 300;
	return fresh && headers[CALLBACK_SIGNATURE_HEADER] === expected;
}

describe("jobs", () => {
	it("accepts a job with 202, answers it, and POSTs a small signed {jobId, status} to the callback", async () => {
		const receiver = await startReceiver();
		cleanups.push(receiver.close);
		// A 1 MB answer: the callback body must stay a few hundred bytes (Rocket.Chat's limit is 100 kB).
		const bigAsk: AskFn = async (index, question) => ({
			...(await instantAsk(index, question)),
			answer: `${question} ${"x".repeat(1_000_000)}`,
		});
		const s = start(bigAsk);
		// The receiver is on loopback: the app registers its origin first (as it does at start-up).
		await request(s.app).post("/v1/callback-origins").set(auth).send({ origin: receiver.url }).expect(200);
		const created = await request(s.app)
			.post("/v1/jobs")
			.set(auth)
			.send({ question: "How is a message saved?", callback: { url: receiver.url, secret: SECRET } })
			.expect(202);
		const jobId = created.body.jobId as string;
		expect(created.headers.location).toBe(`/v1/jobs/${jobId}`);

		await receiver.waitFor(1);
		const [cb] = receiver.received;
		if (!cb) throw new Error("no callback");
		expect(cb.headers["content-type"]).toBe("application/json");
		expect(verify(SECRET, cb.headers, cb.rawBody)).toBe(true);
		expect(verify("another-secret-0123456789", cb.headers, cb.rawBody)).toBe(false);
		expect(verify(SECRET, cb.headers, cb.rawBody.replace("done", "DONE"))).toBe(false);
		expect(jobCallbackBodySchema.parse(JSON.parse(cb.rawBody))).toEqual({ jobId, status: "done" });
		expect(Buffer.byteLength(cb.rawBody)).toBeLessThan(1024);
		expect(cb.rawBody).not.toContain(SECRET);
		// Receivers that only get the parsed body (Apps-Engine endpoints) can re-serialise it.
		expect(JSON.stringify(JSON.parse(cb.rawBody))).toBe(cb.rawBody);

		// The receiver then reads the finished job with its token.
		await vi.waitFor(async () => {
			const polled = await request(s.app).get(`/v1/jobs/${jobId}`).set(auth).expect(200);
			expect(polled.body.callback).toEqual({ state: "delivered", attempts: 1, lastError: null });
			const job = jobSchema.parse(polled.body);
			expect(job).toMatchObject({ jobId, status: "done", question: "How is a message saved?" });
			expect(job.result?.indexCommit).toBe("j0b5");
			expect(job.result?.answer.length).toBeGreaterThan(1_000_000);
			expect(polled.body).not.toHaveProperty("trace");
		}, WAIT);
	});

	it("retries a failed callback with a fresh signature and reports the attempts", async () => {
		const receiver = await startReceiver([500, 503]);
		cleanups.push(receiver.close);
		const s = start(instantAsk, { callbackAttempts: 4, callbackBackoffMs: 10 });
		s.jobs.registerOrigin(receiver.url);
		const { body } = await request(s.app)
			.post("/v1/jobs")
			.set(auth)
			.send({ question: "retry me", callback: { url: receiver.url, secret: SECRET } })
			.expect(202);
		await receiver.waitFor(3);
		for (const cb of receiver.received) expect(verify(SECRET, cb.headers, cb.rawBody)).toBe(true);
		expect(new Set(receiver.received.map((r) => r.rawBody)).size).toBe(1);
		await vi.waitFor(async () => {
			const polled = await request(s.app).get(`/v1/jobs/${body.jobId}`).set(auth).expect(200);
			expect(polled.body.callback).toEqual({ state: "delivered", attempts: 3, lastError: null });
		}, WAIT);
	});

	it("keeps the result for polling when the callback can never be delivered", async () => {
		const receiver = await startReceiver();
		await receiver.close(); // nothing listens on that port any more
		const s = start(instantAsk, { callbackAttempts: 2, callbackBackoffMs: 5 });
		s.jobs.registerOrigin(receiver.url);
		const { body } = await request(s.app)
			.post("/v1/jobs")
			.set(auth)
			.send({ question: "nobody listens", callback: { url: receiver.url, secret: SECRET } })
			.expect(202);
		await vi.waitFor(async () => {
			const polled = await request(s.app).get(`/v1/jobs/${body.jobId}`).set(auth).expect(200);
			expect(polled.body.status).toBe("done");
			expect(polled.body.callback.state).toBe("failed");
			expect(polled.body.callback.attempts).toBe(2);
			// What the caller sees says nothing of what (if anything) listens there.
			expect(polled.body.callback.lastError).toBe("callback failed (no response)");
		}, WAIT);
	});

	it("shows queued → running → done, and 404s unknown or malformed job ids", async () => {
		const paced = pacedAsk();
		const s = start(paced.ask);
		const { body } = await request(s.app)
			.post("/v1/jobs")
			.set(auth)
			.send({ question: "poll me" })
			.expect(202);
		await paced.started(1);
		const running = await request(s.app).get(`/v1/jobs/${body.jobId}`).set(auth).expect(200);
		expect(running.body).toMatchObject({ status: "running", finishedAt: null, result: null });
		paced.releaseAll();
		await vi.waitFor(async () => {
			const done = await request(s.app).get(`/v1/jobs/${body.jobId}`).set(auth).expect(200);
			expect(done.body.status).toBe("done");
			expect(Date.parse(done.body.finishedAt)).not.toBeNaN();
		}, WAIT);
		await request(s.app).get("/v1/jobs/00000000-0000-0000-0000-000000000000").set(auth).expect(404);
		const traversal = await request(s.app).get("/v1/jobs/..%2F..%2Fetc%2Fpasswd").set(auth).expect(404);
		expect(traversal.body.error.code).toBe("job-not-found");
	});

	it("refuses callback URLs that are not http(s), carry credentials, or are off the origin list", async () => {
		const s = start(instantAsk);
		for (const url of ["file:///etc/passwd", "ftp://127.0.0.1/x", "http://user:pw@127.0.0.1:9/x"]) {
			const bad = await request(s.app)
				.post("/v1/jobs")
				.set(auth)
				.send({ question: "q", callback: { url, secret: SECRET } })
				.expect(400);
			expect(bad.body.error.issues.map((i: { path: string }) => i.path)).toEqual(["callback.url"]);
		}
		expect(s.jobs.size).toBe(0);

		const receiver = await startReceiver();
		cleanups.push(() => receiver.close());
		const limited = start(instantAsk, { callbackOrigins: [new URL(receiver.url).origin] });
		const refused = await request(limited.app)
			.post("/v1/jobs")
			.set(auth)
			.send({ question: "q", callback: { url: "http://169.254.169.254/latest", secret: SECRET } })
			.expect(400);
		expect(refused.body.error.code).toBe("callback-not-allowed");
		expect(limited.jobs.size).toBe(0);
		const { body } = await request(limited.app)
			.post("/v1/jobs")
			.set(auth)
			.send({ question: "q", callback: { url: receiver.url, secret: SECRET } })
			.expect(202);
		await vi.waitFor(() => expect(receiver.received).toHaveLength(1), WAIT);
		expect(JSON.parse(receiver.received[0]?.rawBody ?? "{}").jobId).toBe(body.jobId);
	});

	it("keeps a finished job while its callback is retried and for ttlMs after, then forgets it", async () => {
		const receiver = await startReceiver([500]);
		cleanups.push(() => receiver.close());
		let clock = 1_000_000;
		const ttlMs = 60_000;
		const questions = {
			hasRoom: () => true,
			answer: async () => ({ answer: { answer: "done" }, cache: "miss" }),
		} as unknown as QuestionService;
		const store = new JobStore(
			questions,
			{
				ttlMs,
				maxJobs: 10,
				callbackAttempts: 2,
				callbackBackoffMs: 200,
				callbackTimeoutMs: 2000,
				callbackOrigins: [new URL(receiver.url).origin],
				retryAfterSeconds: 1,
			},
			capturingLogger().log,
			() => clock,
		);
		const job = store.submit({ question: "q", callback: { url: receiver.url, secret: SECRET } });
		await receiver.waitFor(1); // answered; the first delivery fails and is retried
		clock += 10 * ttlMs;
		expect(store.get(job.jobId)?.status).toBe("done");
		await store.drain();
		expect(store.get(job.jobId)?.callback).toEqual({ state: "delivered", attempts: 2, lastError: null });
		clock += ttlMs - 1;
		expect(store.get(job.jobId)).toBeDefined();
		clock += 1;
		expect(store.get(job.jobId)).toBeUndefined();
		expect(store.size).toBe(0);
	});

	it("records a failed question as a failed job and validates the callback", async () => {
		const s = start(async () => {
			throw new Error("pipeline exploded");
		});
		const bad = await request(s.app)
			.post("/v1/jobs")
			.set(auth)
			.send({ question: "q", callback: { url: "not a url", secret: "short" } })
			.expect(400);
		const paths = bad.body.error.issues.map((i: { path: string }) => i.path);
		expect(paths).toEqual(expect.arrayContaining(["callback.url", "callback.secret"]));

		const { body } = await request(s.app).post("/v1/jobs").set(auth).send({ question: "q" }).expect(202);
		await vi.waitFor(async () => {
			const polled = await request(s.app).get(`/v1/jobs/${body.jobId}`).set(auth).expect(200);
			expect(polled.body.status).toBe("failed");
			expect(polled.body.error).toEqual({ code: "answer-failed", message: expect.any(String) });
			expect(polled.body.error.message).not.toContain("exploded");
		}, WAIT);
	});
});
