import { describe, expect, it } from "vitest";
import { RateLimiter } from "../../lib/RateLimiter";
import { signCallback, verifyCallback } from "../../lib/signature";
import { Recorder } from "../support/fakes";

describe("callback signature", () => {
	const secret = "a-shared-secret-of-some-length";
	const body = JSON.stringify({ jobId: "j", status: "done" });
	const now = 1_800_000_000_000;
	const seconds = String(now / 1000);

	it("accepts the contract's HMAC of timestamp.body, in seconds or milliseconds", () => {
		const check = (timestamp: string, signature: string) =>
			verifyCallback({ secret, timestamp, signature, rawBody: body, now });
		expect(check(seconds, signCallback(secret, seconds, body))).toBe("ok");
		expect(check(String(now), signCallback(secret, String(now), body))).toBe("ok");
	});

	it("refuses a wrong secret, a changed body, a stale timestamp and missing headers", () => {
		const signature = signCallback(secret, seconds, body);
		expect(verifyCallback({ secret: "other", timestamp: seconds, signature, rawBody: body, now })).toBe(
			"mismatch",
		);
		expect(verifyCallback({ secret, timestamp: seconds, signature, rawBody: `${body} `, now })).toBe(
			"mismatch",
		);
		expect(verifyCallback({ secret, timestamp: seconds, signature: "abc", rawBody: body, now })).toBe(
			"mismatch",
		);
		const old = String(now / 1000 - 301);
		expect(
			verifyCallback({
				secret,
				timestamp: old,
				signature: signCallback(secret, old, body),
				rawBody: body,
				now,
			}),
		).toBe("stale");
		expect(verifyCallback({ secret, timestamp: undefined, signature, rawBody: body, now })).toBe("missing");
	});
});

describe("RateLimiter", () => {
	it("allows the limit per minute, then says when to retry, per user", async () => {
		const recorder = new Recorder();
		let now = 1_000_000;
		const limiter = new RateLimiter(
			recorder.read().getPersistenceReader(),
			recorder.persistence(),
			() => now,
		);
		for (let i = 0; i < 3; i++) {
			expect(await limiter.take("alice", 3)).toEqual({ allowed: true });
			now += 10_000;
		}
		expect(await limiter.take("alice", 3)).toEqual({ allowed: false, retryAfterSeconds: 30 });
		expect(await limiter.take("bob", 3)).toEqual({ allowed: true });
		now += 30_000; // the first question leaves the window
		expect(await limiter.take("alice", 3)).toEqual({ allowed: true });
	});

	it("does not count or store anything when the limit is 0", async () => {
		const recorder = new Recorder();
		const limiter = new RateLimiter(recorder.read().getPersistenceReader(), recorder.persistence());
		for (let i = 0; i < 20; i++) expect((await limiter.take("alice", 0)).allowed).toBe(true);
		expect(recorder.records).toHaveLength(0);
	});
});
