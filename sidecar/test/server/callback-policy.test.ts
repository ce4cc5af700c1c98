/**
 * Callbacks are safe by default: link-local (cloud metadata), multicast, unspecified and reserved
 * addresses are never called, in any spelling; loopback and private addresses only for an origin
 * the operator listed or the app registered; a host name is judged by the addresses it resolves
 * to when connecting; and `callback.lastError` gives a status class, never what answered.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import request from "supertest";
import { afterEach, describe, expect, it, vi } from "vitest";
import { classifyAddress } from "../../src/http/callback-policy.js";
import { createService, type Service } from "../../src/server/service.js";
import { auth, capturingLogger, indexCopy, instantAsk, testConfig, WAIT } from "./support.js";

const SECRET = "callback-secret-0123456789";
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
	for (const c of cleanups.splice(0)) await c();
});

function start(origins: string[] = []): Service {
	const base = testConfig(indexCopy());
	const s = createService(
		{ ...base, jobs: { ...base.jobs, callbackAttempts: 2, callbackBackoffMs: 5, callbackOrigins: origins } },
		{ log: capturingLogger().log, ask: instantAsk, createLlm: () => undefined },
	);
	cleanups.push(() => s.close());
	return s;
}

/** A receiver on 127.0.0.1 that answers `status` with a body that must never reach the caller. */
async function receiver(status = 200) {
	let hits = 0;
	const server: Server = createServer((req, res) => {
		req.resume();
		req.on("end", () => {
			hits++;
			res.statusCode = status;
			res.end("internal-banner: admin console v1.2 on this port");
		});
	});
	await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
	cleanups.push(() => new Promise<void>((r) => server.close(() => r())));
	const { port } = server.address() as AddressInfo;
	return { port, hits: () => hits };
}

async function submit(s: Service, url: string) {
	return request(s.app)
		.post("/v1/jobs")
		.set(auth)
		.send({ question: "How is a message saved?", callback: { url, secret: SECRET } });
}

async function callbackOf(s: Service, jobId: string) {
	let state: { state: string; attempts: number; lastError: string | null } | undefined;
	await vi.waitFor(async () => {
		const polled = await request(s.app).get(`/v1/jobs/${jobId}`).set(auth).expect(200);
		expect(polled.body.callback.state).not.toBe("pending");
		state = polled.body.callback;
	}, WAIT);
	return state;
}

describe("callback address policy", () => {
	it("classifies address classes, IPv4-mapped IPv6 as the IPv4 it carries", () => {
		const table: [string, string][] = [
			["169.254.169.254", "forbidden"],
			["::ffff:169.254.169.254", "forbidden"],
			["fd00:ec2::254", "forbidden"],
			["100.100.100.200", "forbidden"],
			["0.0.0.0", "forbidden"],
			["::", "forbidden"],
			["224.0.0.1", "forbidden"],
			["ff02::1", "forbidden"],
			["fe80::1", "forbidden"],
			["255.255.255.255", "forbidden"],
			["192.0.2.1", "forbidden"],
			["not-an-ip", "forbidden"],
			["127.0.0.1", "local"],
			["::1", "local"],
			["::ffff:7f00:1", "local"],
			["10.1.2.3", "local"],
			["172.16.0.1", "local"],
			["192.168.1.1", "local"],
			["fd12::1", "local"],
			["100.64.0.1", "local"],
			["8.8.8.8", "public"],
			["2606:4700::1111", "public"],
		];
		for (const [address, verdict] of table) expect(classifyAddress(address), address).toBe(verdict);
	});

	it("refuses metadata, link-local, multicast and unspecified addresses in every spelling, listed or not", async () => {
		const r = await receiver();
		const s = start([`http://127.0.0.1:${r.port}`]);
		for (const url of [
			"http://169.254.169.254/latest/meta-data/",
			"http://[::ffff:169.254.169.254]/",
			"http://0xa9fea9fe/",
			"http://2852039166/",
			"http://[fe80::1]/",
			"http://224.0.0.1/",
			"http://[ff02::1]/",
			"http://0.0.0.0/",
			"http://[::]/",
		]) {
			const refused = await submit(s, url);
			expect(refused.status, url).toBe(400);
			expect(refused.body.error.code).toBe("callback-not-allowed");
		}
		expect(s.jobs.size).toBe(0);
		expect(r.hits()).toBe(0);
	});

	it("refuses loopback in any spelling unless listed or registered, then delivers", async () => {
		const r = await receiver();
		const s = start();
		for (const host of ["127.0.0.1", "0x7f.1", "2130706433", "0177.0.0.1", "[::ffff:127.0.0.1]", "127.1"]) {
			const refused = await submit(s, `http://${host}:${r.port}/cb`);
			expect(refused.status, host).toBe(400);
			expect(refused.body.error.message).toMatch(/CODEASK_CALLBACK_ORIGINS|callback-origins/);
		}
		// A name that resolves to loopback is accepted at submission and refused when connecting.
		const named = await submit(s, `http://localhost:${r.port}/cb`);
		expect(named.status).toBe(202);
		expect(await callbackOf(s, named.body.jobId)).toEqual({
			state: "failed",
			attempts: 1,
			lastError: "callback failed (address not allowed)",
		});
		expect(r.hits()).toBe(0);

		// The app registers its origin with its token: now both spellings of it are delivered.
		await request(s.app)
			.post("/v1/callback-origins")
			.set(auth)
			.send({ origin: `http://localhost:${r.port}` })
			.expect(200);
		const delivered = await submit(s, `http://localhost:${r.port}/cb`);
		expect((await callbackOf(s, delivered.body.jobId))?.state).toBe("delivered");
		expect(r.hits()).toBe(1);

		const listed = start([`http://127.0.0.1:${r.port}`]);
		const direct = await submit(listed, `http://127.0.0.1:${r.port}/cb`);
		expect((await callbackOf(listed, direct.body.jobId))?.state).toBe("delivered");
	});

	it("reports a status class, never the receiver's body or the network error", async () => {
		const r = await receiver(500);
		const s = start([`http://127.0.0.1:${r.port}`, "http://127.0.0.1:1"]);
		const failing = await submit(s, `http://127.0.0.1:${r.port}/cb`);
		const state = await callbackOf(s, failing.body.jobId);
		expect(state).toEqual({ state: "failed", attempts: 2, lastError: "callback failed (5xx)" });
		const closed = await submit(s, "http://127.0.0.1:1/cb");
		const nothing = await callbackOf(s, closed.body.jobId);
		expect(nothing?.lastError).toBe("callback failed (no response)");
		const polled = await request(s.app).get(`/v1/jobs/${failing.body.jobId}`).set(auth);
		expect(JSON.stringify(polled.body)).not.toMatch(/banner|ECONNREFUSED/);
	});

	it("limits how many origins can be registered, and never registers a forbidden one", async () => {
		const s = start();
		for (let i = 0; i < 4; i++) {
			await request(s.app)
				.post("/v1/callback-origins")
				.set(auth)
				.send({ origin: `http://10.0.0.${i + 1}:3000` })
				.expect(200);
		}
		const full = await request(s.app)
			.post("/v1/callback-origins")
			.set(auth)
			.send({ origin: "http://10.0.0.9:3000" })
			.expect(409);
		expect(full.body.error.code).toBe("callback-origins-full");
		const meta = await request(s.app)
			.post("/v1/callback-origins")
			.set(auth)
			.send({ origin: "http://169.254.169.254" })
			.expect(400);
		expect(meta.body.error.code).toBe("callback-not-allowed");
		await request(s.app).post("/v1/callback-origins").send({ origin: "http://10.0.0.1:3000" }).expect(401);
	});
});
