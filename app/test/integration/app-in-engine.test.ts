/**
 * The packaged app in REAL Apps-Engine AppManagers — the oldest engine it supports (1.46.0, Deno
 * 1.46) and the newest on npm that ships a server (1.62.0, Deno 2.5) — against a REAL sidecar
 * process serving the mini-chat fixture index on 127.0.0.1. Asserts what a Rocket.Chat user would
 * see: ephemeral notices, the bot's posts (text, sources attachment, buttons), threads, and
 * citation links whose line ranges are checked against the index here, independently.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IndexReader } from "../../../sidecar/src/index/reader.js";
import { startFakeGemini } from "../../../sidecar/test/support/fake-gemini.js";
import { fixtureIndexPath } from "../../../sidecar/test/support/fixture-index.js";
import { signCallback } from "../../lib/signature.js";
import { type Engine, startEngine } from "../support/engine.js";
import { endsWithAnswerFooter, parsedKinds } from "../support/parsed-kinds.js";
import { ENGINES, type PostedMessage, type WorldRoom, type WorldUser } from "../support/rocketchat-world.js";
import { packageApp, REPO_ROOT, type ServeProcess, startServe } from "../support/sidecar.js";

const TOKEN = "integration-secret-0123456789";
const REPO_URL = "https://git.example.com/acme/mini-chat";
const QUESTION = "how are push notifications sent?";

let work: string;
let indexPath: string;
let reader: IndexReader;
let sidecar: ServeProcess | undefined;
let sidecarUrl: string;
let zip: string;
let engine: Engine;
let alice: WorldUser;
let general: WorldRoom;

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
	sidecar = await startServe(indexPath, TOKEN, { stderr: "inherit" });
	sidecarUrl = sidecar.url;
}

async function stopSidecar(): Promise<void> {
	await sidecar?.kill();
	sidecar = undefined;
}

function botMessages(): Array<PostedMessage> {
	return engine.world.messages.filter((message) => message.senderUsername === "codeask.bot");
}

function inThread(threadId: string | undefined): Array<PostedMessage> {
	return botMessages().filter((message) => threadId !== undefined && message.threadId === threadId);
}

/** The one-message answer: the bot's message carrying the answer buttons. */
function isAnswer(message: PostedMessage): boolean {
	return (message.blocks ?? []).some((block) => block.type === "actions");
}

function answerIn(threadId: string | undefined): PostedMessage | undefined {
	return inThread(threadId).find(isAnswer);
}

/** Text and sources of an answer, as a reader sees them. */
function fullText(message: PostedMessage): string {
	return [
		message.text,
		...(message.attachments ?? []).map((attachment) => String(attachment.text ?? "")),
	].join("\n");
}

function rootOf(question: string): PostedMessage | undefined {
	return botMessages().find((message) => message.text === `*alice* asked:\n> ${question}`);
}

/** Every `[n] [path:s-e](url)` source line: the URL has the contract's shape and the range is real. */
function checkCitationLinks(text: string): number {
	const meta = reader.meta();
	const commit = meta.commit ?? "HEAD";
	const subdir = meta.subdir;
	// The indexed folder's place in its checkout prefixes every link; it is recorded only when the
	// checkout has a remote (a fresh clone has one, a worktree of a local repository may not).
	const prefix = subdir ? `${subdir}/` : "";
	const links = [...text.matchAll(/\[(\d+)\] \[([^\]:]+):(\d+)-(\d+)\]\(([^)]+)\)(?: — `([^`]+)`)?/g)];
	for (const [, , path, start, end, url, symbol] of links) {
		expect(url).toBe(`${REPO_URL}/blob/${commit}/${prefix}${path}#L${start}-L${end}`);
		const file = reader.file(path as string);
		expect(file, `${path} is in the index`).toBeDefined();
		expect(Number(start)).toBeGreaterThanOrEqual(1);
		expect(Number(end)).toBeGreaterThanOrEqual(Number(start));
		expect(Number(end)).toBeLessThanOrEqual(file?.lineCount ?? 0);
		if (symbol) {
			// Members of a keyed call carry the key (`Api.addRoute(channels.members).get`), colliding ones a
			// `~n` suffix; a callback named by its call and key (`Service.constructor.this.onEvent(some.key)`)
			// is written by its call's method.
			const shortName = (
				symbol
					.replace(/~\d+$/, "")
					.replace(/\([^()]*\)$/, "")
					.split(/[.#]/)
					.pop() as string
			).replace(/~\d+$/, "");
			const lines = reader.fileLines(path as string, Number(start), Number(end)) ?? [];
			expect(lines.join("\n"), `${symbol} inside ${path}:${start}-${end}`).toContain(shortName);
		}
	}
	return links.length;
}

async function signedPost(url: string, body: string): Promise<Response> {
	const timestamp = String(Math.floor(Date.now() / 1000));
	return fetch(url, {
		method: "POST",
		headers: {
			"content-type": "application/json",
			"x-codeask-timestamp": timestamp,
			"x-codeask-signature": signCallback(TOKEN, timestamp, body),
		},
		body,
	});
}

beforeAll(async () => {
	work = mkdtempSync(join(tmpdir(), "codeask-app-it-"));
	execFileSync(process.execPath, [join(REPO_ROOT, "app/scripts/setup-deno-runtime.mjs")], {
		stdio: "inherit",
	});
	if (!existsSync(join(REPO_ROOT, "sidecar/dist/cli/main.js"))) {
		execFileSync(
			process.execPath,
			[join(REPO_ROOT, "node_modules/typescript/bin/tsc"), "-b", "shared", "sidecar"],
			{
				cwd: REPO_ROOT,
				stdio: "inherit",
			},
		);
	}
	zip = packageApp(work, "inherit");
	indexPath = await fixtureIndexPath();
	reader = IndexReader.open(indexPath);
}, 600_000);

afterAll(async () => {
	await stopSidecar();
	reader?.close();
	if (work) rmSync(work, { recursive: true, force: true });
});

// Generous limits: the machine running CI may be busy; these are not performance assertions.
describe.each([
	["the oldest supported engine", ENGINES.oldest, "1.46.0"],
	["the newest engine on npm with a server", ENGINES.newest, "1.62.0"],
])("CodeAsk in a real Apps-Engine runtime: %s", { timeout: 180_000 }, (_label, enginePackage, version) => {
	beforeAll(async () => {
		if (!sidecar) await startSidecar();
		engine = await startEngine(zip, enginePackage);
		alice = engine.world.addUser("alice");
		general = engine.world.addRoom("general", "c", [engine.admin, alice]);
		await engine.setSetting("codeask_sidecar_url", sidecarUrl);
		await engine.setSetting("codeask_shared_secret", TOKEN);
		await engine.setSetting("codeask_repo_url", REPO_URL);
		await engine.setSetting("codeask_llm_provider", "none");
		await engine.setSetting("codeask_rate_limit_per_minute", 0);
	}, 300_000);

	afterAll(async () => {
		const errors = engine
			?.logs()
			.flatMap((log) =>
				((log.entries as Array<Record<string, unknown>>) ?? []).filter((entry) => entry.severity === "error"),
			);
		if (errors?.length)
			process.stderr.write(`app errors:\n${JSON.stringify(errors, null, 1).slice(0, 4000)}\n`);
		await engine?.stop();
	});

	it(`installs into Apps-Engine ${version} with its bot user, command, endpoint and poll processor`, () => {
		expect(engine.version).toBe(version);
		const bot = engine.world.appUser(engine.appId);
		expect(bot?.username).toBe("codeask.bot");
		expect(engine.world.commands.has("codeask")).toBe(true);
		// One API per endpoint: job-callback and repo-progress.
		expect(engine.world.apis).toHaveLength(2);
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
			expect(notice.text).toContain("/codeask overview");
		}
		expect(botMessages()).toHaveLength(0);
	});

	it("shows the sidecar's health, the app's LLM setting, and the sidecar URL to admins only", async () => {
		const before = engine.world.notifications.length;
		await engine.command(alice, general, "status");
		await engine.command(engine.admin, general, "status");
		const [forAlice, forAdmin] = engine.world.notifications.slice(before);
		const counts = reader.counts();
		expect(forAlice?.text).toContain("is up");
		expect(forAlice?.text).toContain(`${counts.files} files, ${counts.definitions} definitions`);
		expect(forAlice?.text).toContain("this app asks for the offline answer");
		expect(forAlice?.text).not.toContain(sidecarUrl);
		expect(forAdmin?.text).toContain(sidecarUrl);
	});

	it("says so when a package is unknown", async () => {
		const before = engine.world.notifications.length;
		await engine.command(alice, general, "overview nosuchpackage");
		const [notice] = engine.world.notifications.slice(before);
		expect(notice?.text).toContain("has no package");
		expect(notice?.text).toContain("nosuchpackage");
	});

	it("answers /codeask in one message in a thread under the question, with sources, links and buttons", async () => {
		const notesBefore = engine.world.notifications.length;
		const postsBefore = botMessages().length;
		await engine.command(alice, general, QUESTION);

		const ack = engine.world.notifications.slice(notesBefore);
		expect(ack).toHaveLength(1);
		expect(ack[0]?.text).toContain("Working on it");
		const root = botMessages()[postsBefore];
		expect(root?.roomId).toBe(general.id);
		expect(root?.threadId).toBeUndefined();
		expect(root?.text).toBe(`*alice* asked:\n> ${QUESTION}`);

		// No scheduler job has run: only the sidecar's (slim) callback can bring the answer.
		const answer = await waitFor("the answer in the thread", () => answerIn(root?.id));
		expect(inThread(root?.id)).toHaveLength(1);
		expect(answer.text.length).toBeLessThanOrEqual(3500);
		expect(answer.parseUrls).toBe(false);
		expect(fullText(answer)).toContain("PushService.sendNotification");
		const [sources] = answer.attachments ?? [];
		expect(sources?.collapsed).toBe(true);
		expect(checkCitationLinks(String(sources?.text))).toBeGreaterThan(0);
		// The only mention is the asker's; no heading; the [n] markers link to the cited lines.
		const kinds = parsedKinds(answer.text);
		expect(kinds.filter((kind) => kind.startsWith("MENTION"))).toHaveLength(1);
		expect(answer.text).toContain("for @alice");
		expect(kinds).not.toContain("HEADING");
		expect(answer.text).toMatch(new RegExp(`\\[\\[\\d+\\]\\]\\(${REPO_URL.replace(/[.]/g, "\\.")}/blob/`));
		const actions = (answer.blocks ?? []).flatMap(
			(block) => (block.elements as Array<{ actionId: string }>) ?? [],
		);
		expect(actions.map((action) => action.actionId)).toEqual([
			"codeask-full-answer",
			"codeask-vote-up",
			"codeask-vote-down",
		]);

		// The poll scheduled as a fallback finds the question delivered and posts nothing more.
		const posted = botMessages().length;
		expect(await engine.world.runScheduledJobs()).toBeGreaterThan(0);
		expect(botMessages()).toHaveLength(posted);
	});

	it("posts the full answer in the thread once, and sends votes to the sidecar", async () => {
		const root = rootOf(QUESTION);
		const answer = answerIn(root?.id) as PostedMessage;
		const before = inThread(root?.id).length;
		await engine.click(alice, answer, "codeask-full-answer");
		const full = await waitFor("the full answer", () => {
			const parts = inThread(root?.id).slice(before);
			// The full form ends with its footer line, after the note on what was left out and the sources.
			return parts.length > 0 && endsWithAnswerFooter(parts.at(-1)?.text ?? "") ? parts : undefined;
		});
		const text = full.map((part) => part.text).join("\n");
		expect(text).toContain("*Sources*");
		expect(checkCitationLinks(text)).toBeGreaterThan(0);
		for (const part of full) expect(part.parseUrls).toBe(false);

		const notesBefore = engine.world.notifications.length;
		await engine.click(alice, answer, "codeask-full-answer");
		expect(engine.world.notifications.slice(notesBefore).at(-1)?.text).toContain("already");

		const callsBefore = engine.world.httpCalls.length;
		await engine.click(alice, answer, "codeask-vote-up");
		const feedback = engine.world.httpCalls
			.slice(callsBefore)
			.find((call) => call.url.endsWith("/v1/feedback"));
		expect(feedback?.method.toLowerCase()).toBe("post");
		const sent = JSON.parse(String(feedback?.body));
		expect(sent).toMatchObject({ question: QUESTION, vote: "up", user: "alice" });
		expect(typeof sent.answerId).toBe("string");
		await engine.world.runScheduledJobs();
	});

	it("posts once when two signed callbacks for one finished job arrive together", async () => {
		await engine.setSetting("codeask_callback_base_url", "http://127.0.0.1:9"); // the sidecar's own callback goes nowhere
		try {
			const question = "where is the push token stored?";
			await engine.command(alice, general, question);
			const root = rootOf(question);
			const job = engine.world.httpCalls.filter((call) => call.url.endsWith("/v1/jobs")).pop();
			expect(job).toBeDefined();
			// Wait for the job to finish, from the pending record the app keeps.
			const jobId = await waitFor("the job id", () => {
				const record = engine.world.records.find(
					(candidate) => (candidate.data as { question?: string }).question === question,
				);
				return (record?.data as { jobId?: string } | undefined)?.jobId;
			});
			await waitFor("the finished job", async () => {
				const response = await fetch(`${sidecarUrl}/v1/jobs/${jobId}`, {
					headers: { authorization: `Bearer ${TOKEN}` },
				});
				return ((await response.json()) as { status?: string }).status === "done";
			});
			const url = `${engine.gatewayUrl}/api/apps/public/${engine.appId}/job-callback`;
			const body = JSON.stringify({ jobId, status: "done" });
			const responses = await Promise.all([signedPost(url, body), signedPost(url, body)]);
			expect(responses.map((response) => response.status).every((status) => status < 500)).toBe(true);
			await waitFor("the answer", () => answerIn(root?.id));
			await new Promise((done) => setTimeout(done, 500));
			expect(inThread(root?.id).filter(isAnswer)).toHaveLength(1);
			await engine.world.runScheduledJobs();
			expect(inThread(root?.id).filter(isAnswer)).toHaveLength(1);
		} finally {
			await engine.setSetting("codeask_callback_base_url", "");
		}
	});

	it("refuses a callback body over 100 kB at the gateway, as Rocket.Chat does", async () => {
		const url = `${engine.gatewayUrl}/api/apps/public/${engine.appId}/job-callback`;
		const response = await signedPost(
			url,
			JSON.stringify({ jobId: "big", status: "done", pad: "x".repeat(110_000) }),
		);
		expect(response.status).toBe(413);
	});

	it("answers a 1:1 DM, a group DM only when mentioned, help in a DM, and not encrypted text", async () => {
		const bot = engine.world.appUser(engine.appId) as WorldUser;
		const bob = engine.world.addUser("bob");
		const dm = engine.world.addRoom("dm-alice-bot", "d", [alice, bot]);
		const group = engine.world.addRoom("dm-alice-bob-bot", "d", [alice, bob, bot]);
		const callsBefore = engine.world.httpCalls.length;

		await engine.postMessage(bot, dm, "I am the bot talking");
		await engine.postMessage(alice, dm, "edited question", { editedAt: new Date(), editor: alice });
		await engine.postMessage(alice, group, "how does the streamer notify a room?");
		await new Promise((done) => setTimeout(done, 1000));
		expect(engine.world.httpCalls).toHaveLength(callsBefore);

		// Post-message events run after Rocket.Chat's call returns: wait for what the app does.
		const notesBefore = engine.world.notifications.length;
		await engine.postMessage(alice, dm, "help");
		const usage = await waitFor("usage in the DM", () =>
			engine.world.notifications.slice(notesBefore).at(-1),
		);
		expect(usage.text).toContain("/codeask <question>");

		await engine.postMessage(alice, dm, "ciphertext", { _unmappedProperties_: { t: "e2e" } });
		const refusal = await waitFor("the encrypted-message notice", () =>
			botMessages().find((message) => message.roomId === dm.id && message.text.includes("encrypted")),
		);
		expect(refusal.text).toContain("can't read encrypted messages");

		await engine.postMessage(alice, dm, "how does the streamer notify a room?");
		const answer = await waitFor("the DM answer", () =>
			botMessages().find((message) => message.roomId === dm.id && isAnswer(message)),
		);
		expect(answer.threadId).toBeUndefined();
		expect(checkCitationLinks(fullText(answer))).toBeGreaterThan(0);
		expect(answer.text).not.toContain("@alice");

		await engine.postMessage(alice, group, "@codeask.bot how does the streamer notify a room?");
		await waitFor("the group DM answer", () =>
			botMessages().find((message) => message.roomId === group.id && isAnswer(message)),
		);
		expect(
			engine.world.httpCalls.slice(callsBefore).filter((call) => call.url.endsWith("/v1/jobs")),
		).toHaveLength(2);
		await engine.world.runScheduledJobs();
	});

	it("delivers through the scheduled poll when the callback cannot reach Rocket.Chat", async () => {
		await engine.setSetting("codeask_callback_base_url", "http://127.0.0.1:9");
		try {
			const question = "which gateways send push notifications?";
			await engine.command(alice, general, question);
			const root = rootOf(question);
			// Wait until the sidecar has finished the job, then let the scheduler run the poll.
			const answer = await waitFor("a finished job", async () => {
				await engine.world.runScheduledJobs();
				return answerIn(root?.id);
			});
			expect(checkCitationLinks(fullText(answer))).toBeGreaterThan(0);
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
			const root = rootOf(question);
			// The fake Gemini has no scripted answer (400): the sidecar falls back to its offline answer.
			const answer = await waitFor("the answer", () => answerIn(root?.id));
			expect(answer.text).toContain("offline answer (LLM not used)");
			expect(gemini.requests.length).toBeGreaterThan(0);
			expect(gemini.requests[0]?.headers["x-goog-api-key"]).toBe(key);
			expect(gemini.requests[0]?.model).toBe("gemini-test-model");
			// The engine itself traces setting updates (value included) at debug level; everything
			// the app logs while answering must be free of the key.
			const answering = engine.logs().filter((log) => !String(log.method).includes("SettingUpdate"));
			expect(answering.length).toBeGreaterThan(0);
			expect(JSON.stringify(answering)).not.toContain(key);
			// status now names the reason the LLM was not used.
			const before = engine.world.notifications.length;
			await engine.command(alice, general, "status");
			expect(engine.world.notifications.slice(before)[0]?.text).not.toContain("none recorded");
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
		// Correctly signed but not a question this app is waiting for: nothing posted.
		expect((await signedPost(url, body)).status).toBe(404);
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
