/**
 * The packaged app in a REAL Apps-Engine 1.62.0 AppManager (running the app in its Deno
 * subprocess) against a REAL sidecar process serving the mini-chat fixture index on 127.0.0.1.
 * Asserts what a Rocket.Chat user would see: ephemeral notices, the bot's posts, threads, and
 * citation links whose line ranges are checked against the index here, independently.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IndexReader } from "../../../sidecar/src/index/reader.js";
import { startFakeGemini } from "../../../sidecar/test/support/fake-gemini.js";
import { fixtureIndexPath } from "../../../sidecar/test/support/fixture-index.js";
import { signCallback } from "../../lib/signature.js";
import { type Engine, startEngine } from "../support/engine.js";
import type { PostedMessage, WorldRoom, WorldUser } from "../support/rocketchat-world.js";

const repo = resolve(fileURLToPath(new URL("../../..", import.meta.url)));
const TOKEN = "integration-secret-0123456789";
const REPO_URL = "https://git.example.com/acme/mini-chat";
const QUESTION = "how are push notifications sent?";

let work: string;
let indexPath: string;
let reader: IndexReader;
let sidecar: ChildProcess | undefined;
let sidecarUrl: string;
let engine: Engine;
let alice: WorldUser;
let general: WorldRoom;

async function freePort(): Promise<number> {
	const server = createServer();
	await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
	const { port } = server.address() as { port: number };
	await new Promise((done) => server.close(done));
	return port;
}

async function waitFor<T>(
	what: string,
	probe: () => T | undefined | false | Promise<T | undefined | false>,
	timeoutMs = 90_000,
): Promise<T> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const value = await probe();
		if (value) return value;
		if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
		await new Promise((done) => setTimeout(done, 100));
	}
}

async function startSidecar(): Promise<void> {
	const port = await freePort();
	sidecarUrl = `http://127.0.0.1:${port}`;
	sidecar = spawn(
		process.execPath,
		[join(repo, "sidecar/dist/cli/main.js"), "serve", "--index", indexPath, "--port", String(port)],
		{
			env: { ...process.env, CODEASK_TOKEN: TOKEN, CODEASK_LOG_LEVEL: "warn" },
			stdio: ["ignore", "ignore", "inherit"],
		},
	);
	await waitFor(
		"the sidecar's /healthz",
		() =>
			fetch(`${sidecarUrl}/readyz`)
				.then((response) => response.ok)
				.catch(() => false),
		60_000,
	);
}

async function stopSidecar(): Promise<void> {
	if (sidecar && sidecar.exitCode === null) {
		const exited = new Promise((done) => sidecar?.once("exit", done));
		// A crash, not a graceful stop: the sidecar would otherwise wait for callback retries.
		sidecar.kill("SIGKILL");
		await exited;
	}
	sidecar = undefined;
}

function inThread(threadId: string | undefined): Array<PostedMessage> {
	return botMessages().filter((message) => threadId !== undefined && message.threadId === threadId);
}

/** The parts of an answer, once its last part (ending in the italic footer line) has arrived. */
function complete(parts: Array<PostedMessage>): Array<PostedMessage> | undefined {
	return parts.length > 0 && /\n_[^\n]*_$/.test(parts.at(-1)?.text ?? "") ? parts : undefined;
}

function completeAnswer(threadId: string | undefined): Array<PostedMessage> | undefined {
	return complete(inThread(threadId));
}

function botMessages(): Array<PostedMessage> {
	return engine.world.messages.filter((message) => message.senderUsername === "codeask.bot");
}

/** Every `[n] [path:s-e](url)` source line: the URL has the contract's shape and the range is real. */
function checkCitationLinks(text: string): number {
	const commit = reader.meta().commit ?? "HEAD";
	const links = [...text.matchAll(/\[(\d+)\] \[([^\]:]+):(\d+)-(\d+)\]\(([^)]+)\)(?: — `([^`]+)`)?/g)];
	for (const [, , path, start, end, url, symbol] of links) {
		expect(url).toBe(`${REPO_URL}/blob/${commit}/${path}#L${start}-L${end}`);
		const file = reader.file(path as string);
		expect(file, `${path} is in the index`).toBeDefined();
		expect(Number(start)).toBeGreaterThanOrEqual(1);
		expect(Number(end)).toBeGreaterThanOrEqual(Number(start));
		expect(Number(end)).toBeLessThanOrEqual(file?.lineCount ?? 0);
		if (symbol) {
			// Anonymous members get a `~n` suffix in the index (`Api.addRoute.get~4`).
			const shortName = (symbol.split(/[.#]/).pop() as string).replace(/~\d+$/, "");
			const lines = reader.fileLines(path as string, Number(start), Number(end)) ?? [];
			expect(lines.join("\n"), `${symbol} inside ${path}:${start}-${end}`).toContain(shortName);
		}
	}
	return links.length;
}

beforeAll(async () => {
	work = mkdtempSync(join(tmpdir(), "codeask-app-it-"));
	execFileSync(process.execPath, [join(repo, "app/scripts/setup-deno-runtime.mjs")], { stdio: "inherit" });
	if (!existsSync(join(repo, "sidecar/dist/cli/main.js"))) {
		execFileSync(
			process.execPath,
			[join(repo, "node_modules/typescript/bin/tsc"), "-b", "shared", "sidecar"],
			{
				cwd: repo,
				stdio: "inherit",
			},
		);
	}
	const zip = join(work, "codeask.zip");
	execFileSync(
		process.execPath,
		[join(repo, "app/scripts/package.mjs"), "--out", zip, "--stage", join(work, "stage")],
		{ stdio: "inherit" },
	);
	indexPath = await fixtureIndexPath();
	reader = IndexReader.open(indexPath);
	await startSidecar();

	engine = await startEngine(zip);
	alice = engine.world.addUser("alice");
	general = engine.world.addRoom("general", "c", [engine.admin, alice]);
	await engine.setSetting("codeask_sidecar_url", sidecarUrl);
	await engine.setSetting("codeask_shared_secret", TOKEN);
	await engine.setSetting("codeask_repo_url", REPO_URL);
	await engine.setSetting("codeask_llm_provider", "none");
	await engine.setSetting("codeask_rate_limit_per_minute", 0);
}, 600_000);

afterAll(async () => {
	const errors = engine
		?.logs()
		.flatMap((log) =>
			((log.entries as Array<Record<string, unknown>>) ?? []).filter((entry) => entry.severity === "error"),
		);
	if (errors?.length)
		process.stderr.write(`app errors:\n${JSON.stringify(errors, null, 1).slice(0, 4000)}\n`);
	await engine?.stop();
	await stopSidecar();
	reader?.close();
	if (work) rmSync(work, { recursive: true, force: true });
});

// Generous limits: the machine running CI may be busy; these are not performance assertions.
describe("CodeAsk in a real Apps-Engine runtime", { timeout: 180_000 }, () => {
	it("installs with its bot user, command, endpoint and poll processor", () => {
		const bot = engine.world.appUser(engine.appId);
		expect(bot?.username).toBe("codeask.bot");
		expect(engine.world.commands.has("codeask")).toBe(true);
		expect(engine.world.apis).toHaveLength(1);
		expect([...engine.world.processors.keys()].some((id) => id.startsWith("codeask-poll-job"))).toBe(true);
	});

	it("shows usage for /codeask help and for an empty /codeask, to the asker only", async () => {
		const before = engine.world.notifications.length;
		await engine.command(alice, general, "help");
		await engine.command(alice, general, "");
		const notices = engine.world.notifications.slice(before);
		expect(notices).toHaveLength(2);
		for (const notice of notices) {
			expect(notice.userId).toBe(alice.id);
			expect(notice.text).toContain("/codeask <question>");
		}
		expect(botMessages()).toHaveLength(0);
	});

	it("shows the sidecar's health and index on /codeask status", async () => {
		const before = engine.world.notifications.length;
		await engine.command(alice, general, "status");
		const [notice] = engine.world.notifications.slice(before);
		const counts = reader.counts();
		expect(notice?.text).toContain("is up");
		expect(notice?.text).toContain(`${counts.files} files, ${counts.definitions} definitions`);
	});

	it("answers /codeask in a thread under the quoted question, delivered by the signed callback", async () => {
		const notesBefore = engine.world.notifications.length;
		const postsBefore = botMessages().length;
		await engine.command(alice, general, QUESTION);

		const ack = engine.world.notifications.slice(notesBefore);
		expect(ack).toHaveLength(1);
		expect(ack[0]?.text).toContain("Working on it");
		const root = botMessages()[postsBefore];
		expect(root?.roomId).toBe(general.id);
		expect(root?.threadId).toBeUndefined();
		expect(root?.text).toBe(`@alice asked:\n> ${QUESTION}`);

		// No scheduler job has run: only the sidecar's callback can bring the answer.
		const answer = await waitFor("the answer in the thread", () => completeAnswer(root?.id));
		const text = answer.map((part) => part.text).join("\n");
		expect(text).toContain("PushService.sendNotification");
		expect(checkCitationLinks(text)).toBeGreaterThan(2);
		for (const part of answer) {
			expect(part.text.length).toBeLessThanOrEqual(5000);
			expect(part.roomId).toBe(general.id);
		}

		// The poll scheduled as a fallback finds the question delivered and posts nothing more.
		const posted = botMessages().length;
		expect(await engine.world.runScheduledJobs()).toBeGreaterThan(0);
		expect(botMessages()).toHaveLength(posted);
	});

	it("answers a /codeask typed inside a thread in that thread, quoting the question", async () => {
		await engine.command(alice, general, "where is the push token stored?", "thread-42");
		const answer = await waitFor("the answer in thread-42", () => completeAnswer("thread-42"));
		expect(answer.every((part) => part.threadId === "thread-42")).toBe(true);
		expect(answer[0]?.text.startsWith("@alice asked:\n> where is the push token stored?")).toBe(true);
		await engine.world.runScheduledJobs();
	});

	it("answers a direct message in the DM, and ignores its own, other bots' and edited messages", async () => {
		const bot = engine.world.appUser(engine.appId) as WorldUser;
		const dm = engine.world.addRoom("dm-alice-bot", "d", [alice, bot]);
		const otherBot = engine.world.addUser("rocket.cat", { type: "bot" });
		const callsBefore = engine.world.httpCalls.length;

		await engine.postMessage(bot, dm, "I am the bot talking");
		await engine.postMessage(otherBot, dm, "beep");
		await engine.postMessage(alice, dm, "edited question", { editedAt: new Date(), editor: alice });
		expect(engine.world.httpCalls).toHaveLength(callsBefore);

		await engine.postMessage(alice, dm, "how does the streamer notify a room?");
		const answer = await waitFor("the DM answer", () =>
			complete(botMessages().filter((message) => message.roomId === dm.id)),
		);
		expect(answer.every((part) => part.roomId === dm.id && part.threadId === undefined)).toBe(true);
		expect(answer.map((part) => part.text).join("\n")).toContain("notifyRoomStream");
		expect(
			engine.world.httpCalls.slice(callsBefore).filter((call) => call.url.endsWith("/v1/jobs")),
		).toHaveLength(1);
		await engine.world.runScheduledJobs();
	});

	it("delivers through the scheduled poll when the callback cannot reach Rocket.Chat", async () => {
		await engine.setSetting("codeask_callback_base_url", "http://127.0.0.1:9");
		try {
			const question = "which gateways send push notifications?";
			await engine.command(alice, general, question);
			const root = botMessages().find((message) => message.text === `@alice asked:\n> ${question}`);
			const jobCall = engine.world.httpCalls.filter((call) => call.url.endsWith("/v1/jobs")).pop();
			expect(jobCall).toBeDefined();
			// Wait until the sidecar has finished the job, then let the scheduler run the poll.
			const answer = await waitFor("a finished job", async () => {
				await engine.world.runScheduledJobs();
				return completeAnswer(root?.id);
			});
			expect(checkCitationLinks(answer.map((part) => part.text).join("\n"))).toBeGreaterThan(0);
		} finally {
			await engine.setSetting("codeask_callback_base_url", "");
		}
	});

	it("forwards the admin's LLM key with each question and never logs it", async () => {
		const key = "AIza-app-setting-key-0042";
		const gemini = await startFakeGemini({ apiKey: key });
		await engine.setSetting("codeask_llm_provider", "gemini");
		await engine.setSetting("codeask_llm_model", "gemini-test-model");
		await engine.setSetting("codeask_llm_api_key", key);
		await engine.setSetting("codeask_llm_base_url", gemini.url);
		try {
			const question = "what does the push gateway do?";
			await engine.command(alice, general, question);
			const root = botMessages().find((message) => message.text === `@alice asked:\n> ${question}`);
			// The fake Gemini has no scripted answer (400): the sidecar falls back to its offline answer.
			const answer = await waitFor("the answer", () => completeAnswer(root?.id));
			expect(answer.map((part) => part.text).join("\n")).toContain("offline extractive answer");
			expect(gemini.requests.length).toBeGreaterThan(0);
			expect(gemini.requests[0]?.headers["x-goog-api-key"]).toBe(key);
			expect(gemini.requests[0]?.model).toBe("gemini-test-model");
			// The engine itself traces setting updates (value included) at debug level; everything
			// the app logs while answering must be free of the key.
			const answering = engine.logs().filter((log) => !String(log.method).includes("SettingUpdate"));
			expect(answering.length).toBeGreaterThan(0);
			expect(JSON.stringify(answering)).not.toContain(key);
			await engine.world.runScheduledJobs();
		} finally {
			await engine.setSetting("codeask_llm_provider", "none");
			await engine.setSetting("codeask_llm_api_key", "");
			await engine.setSetting("codeask_llm_base_url", "");
			await gemini.close();
		}
	});

	it("refuses a forged callback", async () => {
		const url = `${engine.gatewayUrl}/api/apps/public/${engine.appId}/job-callback`;
		const body = JSON.stringify({ jobId: "forged", status: "done" });
		const timestamp = String(Math.floor(Date.now() / 1000));
		const forged = await fetch(url, {
			method: "POST",
			headers: {
				"content-type": "application/json",
				"x-codeask-timestamp": timestamp,
				"x-codeask-signature": signCallback("not-the-secret-at-all", timestamp, body),
			},
			body,
		});
		expect(forged.status).toBe(401);
		const signed = await fetch(url, {
			method: "POST",
			headers: {
				"content-type": "application/json",
				"x-codeask-timestamp": timestamp,
				"x-codeask-signature": signCallback(TOKEN, timestamp, body),
			},
			body,
		});
		// Correctly signed but not a question this app is waiting for: nothing posted.
		expect(signed.status).toBe(404);
	});

	it("tells the asker when the shared secret is wrong", async () => {
		await engine.setSetting("codeask_shared_secret", "wrong-secret-wrong-secret");
		try {
			const before = engine.world.notifications.length;
			const posts = botMessages().length;
			await engine.command(alice, general, QUESTION);
			const notices = engine.world.notifications.slice(before);
			expect(notices).toHaveLength(1);
			expect(notices[0]?.text).toContain("shared secret");
			expect(botMessages()).toHaveLength(posts);
		} finally {
			await engine.setSetting("codeask_shared_secret", TOKEN);
		}
	});

	it("tells the asker when the sidecar accepts the connection but never answers", async () => {
		const hanging = createServer(() => {}); // holds every connection open, says nothing
		await new Promise<void>((done) => hanging.listen(0, "127.0.0.1", done));
		await engine.setSetting(
			"codeask_sidecar_url",
			`http://127.0.0.1:${(hanging.address() as { port: number }).port}`,
		);
		try {
			const before = engine.world.notifications.length;
			const started = Date.now();
			await engine.command(alice, general, QUESTION);
			// The app's own 10 s limit ends the wait, well inside the engine's ~30 s executor cap.
			expect(Date.now() - started).toBeLessThan(25_000);
			const notices = engine.world.notifications.slice(before);
			expect(notices).toHaveLength(1);
			expect(notices[0]?.text).toContain("in time");
		} finally {
			await engine.setSetting("codeask_sidecar_url", sidecarUrl);
			hanging.close();
		}
	});

	it("tells the asker, and only the asker, when the sidecar is down", async () => {
		await stopSidecar();
		const before = engine.world.notifications.length;
		const posts = botMessages().length;
		await engine.command(alice, general, QUESTION);
		const notices = engine.world.notifications.slice(before);
		expect(notices).toHaveLength(1);
		expect(notices[0]?.userId).toBe(alice.id);
		expect(notices[0]?.text).toContain("could not reach its service");
		expect(notices[0]?.text).not.toMatch(/Error|at .*\.js|ECONNREFUSED/);
		expect(botMessages()).toHaveLength(posts);
	});
});
