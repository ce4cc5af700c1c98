import type { SlashCommandContext } from "@rocket.chat/apps-engine/definition/slashcommands";
import { describe, expect, it } from "vitest";
import { CodeAskCommand } from "../../commands/CodeAskCommand";
import { CALLBACK_PATH, POLL_DATA_KEY, POLL_PROCESSOR_ID } from "../../lib/jobs";
import { SettingId } from "../../settings/settings";
import { BOT, type HttpCall, Recorder, room, user } from "../support/fakes";

const alice = user("alice");
const general = room("general", "c", [alice]);

function context(text: string, threadId?: string, sender = alice): SlashCommandContext {
	return {
		getSender: () => sender,
		getRoom: () => general,
		getArguments: () => text.split(" ").filter(Boolean),
		getThreadId: () => threadId,
		getTriggerId: () => undefined,
	} as unknown as SlashCommandContext;
}

async function run(recorder: Recorder, text: string, threadId?: string, sender = alice): Promise<void> {
	const command = new CodeAskCommand(recorder.app());
	await command.executor(
		context(text, threadId, sender),
		recorder.read(),
		recorder.modify(),
		recorder.httpAccessor(),
		recorder.persistence(),
	);
}

/** A sidecar taking every job (and callback-origin registration); returns the job submissions. */
function acceptingSidecar(recorder: Recorder): Array<HttpCall> {
	let n = 0;
	const jobs: Array<HttpCall> = [];
	recorder.http = (call) => {
		if (call.url.endsWith("/v1/callback-origins")) return { statusCode: 200, data: call.options.data };
		jobs.push(call);
		return { statusCode: 202, data: { jobId: `job-${++n}` } };
	};
	return jobs;
}

describe("/codeask help and usage", () => {
	it.each(["help", "", "HELP"])("'/codeask %s' shows usage to the asker only", async (text) => {
		const recorder = new Recorder();
		await run(recorder, text);
		expect(recorder.notified).toHaveLength(1);
		expect(recorder.notified[0]).toMatchObject({ userId: alice.id, roomId: general.id, senderId: BOT.id });
		expect(recorder.notified[0]?.text).toContain("/codeask <question>");
		expect(recorder.posted).toHaveLength(0);
		expect(recorder.httpCalls).toHaveLength(0);
	});
});

describe("/codeask status", () => {
	it("shows the sidecar's version, index commit and counts", async () => {
		const recorder = new Recorder();
		recorder.http = () => ({
			statusCode: 200,
			data: {
				version: "0.1.0",
				apiVersion: 1,
				index: {
					commit: "66b0e163e5b8aaaa",
					builtAt: "2026-11-29T20:00:00Z",
					repoRoot: "/r",
					files: 9100,
					definitions: 80000,
					edges: 300000,
					packages: 54,
				},
				trunks: {},
				llm: { provider: "gemini", model: "gemini-2.5-flash" },
			},
		});
		await run(recorder, "status");
		expect(recorder.httpCalls[0]?.url).toBe("http://127.0.0.1:3900/v1/status");
		const text = recorder.notified[0]?.text ?? "";
		expect(text).toContain("`66b0e163e5b8`");
		expect(text).toContain("9100 files, 80000 definitions, 300000 edges, 54 packages");
		expect(text).toContain("gemini (gemini-2.5-flash)");
	});

	it("shows the app's LLM setting to everyone, the sidecar URL and a plain-http warning to admins only", async () => {
		const status = {
			version: "0.1.0",
			apiVersion: 1,
			index: { commit: null, builtAt: "", repoRoot: "/r", files: 1, definitions: 1, edges: 1, packages: 1 },
			trunks: {},
			llm: { provider: "none", model: null },
		};
		const recorder = new Recorder();
		recorder.settings.set(SettingId.SidecarUrl, "http://codeask.internal:3900");
		recorder.settings.set(SettingId.LlmProvider, "gemini");
		recorder.settings.set(SettingId.LlmApiKey, "AIza-secret-key");
		recorder.http = () => ({ statusCode: 200, data: status });
		await run(recorder, "status");
		await run(recorder, "status", undefined, user("root", { roles: ["admin"] }));
		const [forUser, forAdmin] = recorder.notified.map((notice) => notice.text);
		expect(forUser).toContain(
			"this app asks for gemini (the provider's default model, API key set in the app)",
		);
		expect(forUser).toContain("none recorded");
		expect(forUser).not.toContain("codeask.internal");
		expect(forAdmin).toContain("http://codeask.internal:3900");
		expect(forAdmin).toContain("unencrypted");
		expect(recorder.notified.map((notice) => notice.text).join()).not.toContain("AIza-secret-key");
	});

	it("warns in the app log when a question goes to a plain-http sidecar on another host", async () => {
		const recorder = new Recorder();
		recorder.settings.set(SettingId.SidecarUrl, "http://codeask-warn-test.internal:3900");
		acceptingSidecar(recorder);
		await run(recorder, "how are push notifications sent?");
		expect(recorder.logText()).toContain("cross the network unencrypted");
	});

	it("says what to check when the sidecar cannot be reached", async () => {
		const recorder = new Recorder();
		await run(recorder, "status");
		expect(recorder.notified).toHaveLength(1);
		expect(recorder.notified[0]?.text).toContain("could not reach its service");
	});
});

describe("/codeask <question>", () => {
	it("hands the question to the sidecar as a job with a signed callback, and returns at once", async () => {
		const recorder = new Recorder();
		const calls = acceptingSidecar(recorder);
		await run(recorder, "how are push notifications sent?");

		expect(calls).toHaveLength(1);
		expect(calls[0]?.url).toBe("http://127.0.0.1:3900/v1/jobs");
		expect(calls[0]?.options.data).toMatchObject({
			question: "how are push notifications sent?",
			user: "alice",
			detail: "short",
			callback: {
				url: `https://chat.example.com/api/apps/public/app-id/${CALLBACK_PATH}`,
				secret: "s3cret-s3cret-s3cret",
			},
		});
		expect(calls[0]?.options.data).not.toHaveProperty("llm");
		// Rocket.Chat next to the sidecar is a private address: the app registers its origin first.
		expect(recorder.httpCalls[0]).toMatchObject({
			url: "http://127.0.0.1:3900/v1/callback-origins",
			options: { data: { origin: "https://chat.example.com" } },
		});

		// Thread mode: the bot quotes the question as the thread root; the answer will go under it.
		expect(recorder.posted).toEqual([
			{
				id: "posted-1",
				roomId: general.id,
				text: "*alice* asked:\n> how are push notifications sent?",
				senderId: BOT.id,
				parseUrls: false,
			},
		]);
		expect(recorder.pending()).toEqual([
			expect.objectContaining({
				jobId: "job-1",
				userId: alice.id,
				roomId: general.id,
				threadId: "posted-1",
				quoteQuestion: false,
			}),
		]);
		expect(recorder.scheduled).toEqual([
			expect.objectContaining({ id: POLL_PROCESSOR_ID, data: { [POLL_DATA_KEY]: "job-1" } }),
		]);
		expect(recorder.notified).toHaveLength(1);
		expect(recorder.notified[0]?.text).toContain("Working on it");
		expect(recorder.notified[0]?.threadId).toBe("posted-1");
	});

	it("answers in the thread the command was typed in, quoting the question there", async () => {
		const recorder = new Recorder();
		acceptingSidecar(recorder);
		await run(recorder, "where is X?", "thread-7");
		expect(recorder.posted).toHaveLength(0);
		expect(recorder.pending()[0]).toMatchObject({ threadId: "thread-7", quoteQuestion: true });
	});

	it("answers in the room itself when the placement setting says room", async () => {
		const recorder = new Recorder();
		recorder.settings.set(SettingId.AnswerPlacement, "room");
		acceptingSidecar(recorder);
		await run(recorder, "where is X?");
		expect(recorder.posted).toHaveLength(0);
		expect(recorder.pending()[0]).not.toHaveProperty("threadId");
		expect(recorder.pending()[0]).toMatchObject({ quoteQuestion: true });
	});

	it("forwards the LLM provider, model and API key per request, and never logs the key", async () => {
		const recorder = new Recorder();
		recorder.settings.set(SettingId.LlmProvider, "gemini");
		recorder.settings.set(SettingId.LlmModel, "gemini-2.5-flash");
		recorder.settings.set(SettingId.LlmApiKey, "AIza-very-secret-key");
		const calls = acceptingSidecar(recorder);
		await run(recorder, "q?");
		expect(calls[0]?.options.data).toMatchObject({
			llm: { provider: "gemini", model: "gemini-2.5-flash", apiKey: "AIza-very-secret-key" },
		});
		expect(recorder.logs.length).toBeGreaterThan(0);
		expect(recorder.logText()).not.toContain("AIza-very-secret-key");
		expect(recorder.logText()).not.toContain("s3cret-s3cret-s3cret");
	});

	it("forwards an OpenAI-compatible base URL, and nothing of the LLM for the offline provider", async () => {
		const recorder = new Recorder();
		recorder.settings.set(SettingId.LlmProvider, "openai");
		recorder.settings.set(SettingId.LlmBaseUrl, "http://llm.internal:8000/v1");
		const calls = acceptingSidecar(recorder);
		await run(recorder, "q?");
		expect(calls[0]?.options.data).toMatchObject({
			llm: { provider: "openai", baseUrl: "http://llm.internal:8000/v1" },
		});
		recorder.settings.set(SettingId.LlmProvider, "none");
		recorder.settings.set(SettingId.LlmApiKey, "key-not-needed-offline");
		await run(recorder, "q2?");
		expect(calls[1]?.options.data).toMatchObject({ llm: { provider: "none" } });
		expect(JSON.stringify(calls[1]?.options.data)).not.toContain("key-not-needed-offline");
	});

	it("asks for no callback when the secret is too short to sign one (the poll still delivers)", async () => {
		const recorder = new Recorder();
		recorder.settings.set(SettingId.SharedSecret, "short");
		const calls = acceptingSidecar(recorder);
		await run(recorder, "q?");
		expect(calls[0]?.options.data).not.toHaveProperty("callback");
		expect(recorder.scheduled).toHaveLength(1);
	});

	it("asks for no callback when the sidecar will not take its origin (the poll still delivers)", async () => {
		const recorder = new Recorder();
		const jobs: Array<HttpCall> = [];
		recorder.http = (call) => {
			if (call.url.endsWith("/v1/callback-origins")) {
				return { statusCode: 409, data: { error: { code: "callback-origins-full", message: "full" } } };
			}
			jobs.push(call);
			return { statusCode: 202, data: { jobId: "job-1" } };
		};
		await run(recorder, "how are push notifications sent?");
		expect(jobs).toHaveLength(1);
		expect(jobs[0]?.options.data).not.toHaveProperty("callback");
		expect(recorder.scheduled).toHaveLength(1);
	});

	it("uses the callback base URL setting over the Site URL", async () => {
		const recorder = new Recorder();
		recorder.settings.set(SettingId.CallbackBaseUrl, "http://rocketchat:3000/");
		const calls = acceptingSidecar(recorder);
		await run(recorder, "q?");
		expect(calls[0]?.options.data).toMatchObject({
			callback: { url: `http://rocketchat:3000/api/apps/public/app-id/${CALLBACK_PATH}` },
		});
	});

	it("asks for no callback when the base URL carries credentials (the sidecar would refuse the job)", async () => {
		const recorder = new Recorder();
		recorder.settings.set(SettingId.CallbackBaseUrl, "http://admin:pw@rocketchat:3000");
		const calls = acceptingSidecar(recorder);
		await run(recorder, "q?");
		expect(calls).toHaveLength(1);
		expect(calls[0]?.options.data).not.toHaveProperty("callback");
		expect(recorder.scheduled).toHaveLength(1);
	});

	it("refuses a question longer than the sidecar accepts, without calling it", async () => {
		const recorder = new Recorder();
		acceptingSidecar(recorder);
		await run(recorder, "x".repeat(2001));
		expect(recorder.httpCalls).toHaveLength(0);
		expect(recorder.notified[0]?.text).toContain("up to 2000 characters");
	});

	it("tells a misconfigured app's user what an admin must fix, without calling the sidecar", async () => {
		const recorder = new Recorder();
		recorder.settings.set(SettingId.SharedSecret, "");
		recorder.settings.set(SettingId.SidecarUrl, "");
		await run(recorder, "q?");
		expect(recorder.httpCalls).toHaveLength(0);
		expect(recorder.notified).toHaveLength(1);
		expect(recorder.notified[0]?.text).toContain("the sidecar URL is missing");
		expect(recorder.notified[0]?.text).toContain("the shared secret is empty");
		expect(recorder.notified[0]?.text).toContain("Administration → Apps → CodeAsk");
	});

	it("limits questions per user per minute, with a clear message", async () => {
		const recorder = new Recorder();
		recorder.settings.set(SettingId.RateLimitPerMinute, 2);
		const calls = acceptingSidecar(recorder);
		await run(recorder, "one?");
		await run(recorder, "two?");
		await run(recorder, "three?");
		expect(calls).toHaveLength(2);
		const last = recorder.notified.at(-1)?.text ?? "";
		expect(last).toMatch(/You have asked 2 questions in the last minute, the limit\. Try again in \d+ s\./);
	});

	it.each([
		[401, "shared secret"],
		[403, "shared secret"],
		[503, "busy"],
		[500, "internal error"],
		[400, "question is empty"],
	])("turns sidecar HTTP %i into one ephemeral message (%s), posting nothing", async (statusCode, phrase) => {
		const recorder = new Recorder();
		recorder.http = () => ({ statusCode, data: { error: { code: "e", message: "question is empty" } } });
		await run(recorder, "q?");
		expect(recorder.notified).toHaveLength(1);
		expect(recorder.notified[0]?.text).toContain(phrase);
		expect(recorder.posted).toHaveLength(0);
		expect(recorder.pending()).toHaveLength(0);
		expect(recorder.scheduled).toHaveLength(0);
	});

	it("turns an unexpected failure into one plain message and logs the details", async () => {
		const recorder = new Recorder();
		acceptingSidecar(recorder);
		const persistence = recorder.persistence();
		persistence.updateByAssociation = async () => {
			throw new Error("database on fire");
		};
		const command = new CodeAskCommand(recorder.app());
		await command.executor(
			context("q?"),
			recorder.read(),
			recorder.modify(),
			recorder.httpAccessor(),
			persistence,
		);
		expect(recorder.notified.at(-1)?.text).toBe(
			"CodeAsk hit an unexpected error. Please try again; an admin can find the details in the app's logs.",
		);
		expect(recorder.notified.every((notice) => !notice.text.includes("database on fire"))).toBe(true);
		expect(recorder.logText()).toContain("database on fire");
	});
});

describe("/codeask overview", () => {
	it("asks the sidecar for one package's overview and shows it to the asker only", async () => {
		const recorder = new Recorder();
		recorder.http = () => ({
			statusCode: 200,
			data: {
				scope: "package",
				package: "@mini-chat/server",
				markdown: "# @mini-chat/server\n\nThe chat server: methods, REST API, services.",
				narrative: null,
				diagram: "flowchart LR",
				data: {},
				usage: { requests: 0, tokensIn: 0, tokensOut: 0 },
				provider: "none",
				timings: { total: 12 },
			},
		});
		await run(recorder, "overview @mini-chat/server");
		expect(recorder.httpCalls[0]?.url).toBe("http://127.0.0.1:3900/v1/overview");
		expect(JSON.stringify(recorder.httpCalls[0])).toContain('"package":"@mini-chat/server"');
		expect(recorder.notified).toHaveLength(1);
		expect(recorder.notified[0]?.text).toContain("The chat server: methods, REST API, services.");
		expect(recorder.posted).toHaveLength(0);
	});

	it("says what went wrong when the sidecar refuses an unknown package", async () => {
		const recorder = new Recorder();
		recorder.http = () => ({
			statusCode: 404,
			data: { error: { code: "unknown-package", message: "no package named nosuch" } },
		});
		await run(recorder, "overview nosuch");
		expect(recorder.notified).toHaveLength(1);
		expect(recorder.notified[0]?.text).toContain(
			"CodeAsk has no package _nosuch_ in its index (no package named nosuch)",
		);
		expect(recorder.notified[0]?.text).not.toContain("sidecar URL");
		expect(recorder.posted).toHaveLength(0);
	});
});
