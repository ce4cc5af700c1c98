import type { IApiRequest } from "@rocket.chat/apps-engine/definition/api";
import type { IApiEndpointInfo } from "@rocket.chat/apps-engine/definition/api/IApiEndpointInfo";
import type { IMessage } from "@rocket.chat/apps-engine/definition/messages";
import { parse } from "@rocket.chat/message-parser";
import { describe, expect, it } from "vitest";
import { JobCallbackEndpoint } from "../../endpoints/JobCallbackEndpoint";
import { answerDirectMessage, classifyDirectMessage } from "../../handlers/DirectMessageHandler";
import { JobPoller } from "../../jobs/JobPoller";
import { MAX_WAIT_MS, POLL_DATA_KEY } from "../../lib/jobs";
import { claimPending, type PendingQuestion, savePending } from "../../lib/PendingQuestions";
import { signCallback } from "../../lib/signature";
import { SettingId } from "../../settings/settings";
import { BOT, doneJob, Recorder, room, user } from "../support/fakes";

const alice = user("alice");
const general = room("general", "c", [alice]);
const NOW = 1_800_000_000_000;
const SECRET = "s3cret-s3cret-s3cret";

function world(): Recorder {
	const recorder = new Recorder().add(alice, general);
	recorder.settings.set(SettingId.RepoUrl, "https://github.com/acme/repo");
	return recorder;
}

async function pending(
	recorder: Recorder,
	overrides: Partial<PendingQuestion> = {},
): Promise<PendingQuestion> {
	const record: PendingQuestion = {
		jobId: "job-1",
		question: "how are push notifications sent?",
		userId: alice.id,
		roomId: general.id,
		threadId: "root-1",
		quoteQuestion: false,
		publicQuestion: true,
		source: "command",
		detail: "short",
		askedAt: NOW - 1000,
		polls: 0,
		resubmits: 0,
		...overrides,
	};
	await savePending(recorder.persistence(), record);
	return record;
}

describe("direct messages to the bot", () => {
	const dm = room("dm", "d", [alice, BOT]);
	const group = room("group", "d", [alice, user("bob"), BOT]);
	const message = (overrides: Partial<IMessage> = {}): IMessage =>
		({ id: "m1", room: dm, sender: alice, text: "how does login work?", ...overrides }) as IMessage;

	it("treats a new human message in a 1:1 DM with the bot as a request", () => {
		expect(classifyDirectMessage(message(), BOT)).toEqual({ kind: "request", text: "how does login work?" });
	});

	it("answers in a group DM only when the bot is mentioned, without the mention", () => {
		expect(classifyDirectMessage(message({ room: group }), BOT)).toEqual({ kind: "ignore" });
		expect(
			classifyDirectMessage(message({ room: group, text: "@codeask.bot how does login work?" }), BOT),
		).toEqual({
			kind: "request",
			text: "how does login work?",
		});
	});

	it("says it cannot read an end-to-end encrypted message (Rocket.Chat's unmapped type e2e)", () => {
		const encrypted = message({ _unmappedProperties_: { t: "e2e" } } as Partial<IMessage>);
		expect(classifyDirectMessage(encrypted, BOT)).toEqual({ kind: "encrypted" });
	});

	it.each([
		["the bot's own message", { sender: BOT }],
		["another bot's message", { sender: user("rocket.cat", { type: "bot" } as never) }],
		["an edit", { editedAt: new Date() }],
		["an empty message", { text: "  " }],
		["a channel message", { room: general }],
		["a DM between two humans", { room: room("dm2", "d", [alice, user("bob")]) }],
	])("ignores %s", (_name, overrides) => {
		expect(classifyDirectMessage(message(overrides as Partial<IMessage>), BOT)).toEqual({ kind: "ignore" });
	});

	async function send(recorder: Recorder, text: string, extra: Partial<IMessage> = {}) {
		await answerDirectMessage(
			recorder.app(),
			message({ text, ...extra }),
			recorder.read(),
			recorder.httpAccessor(),
			recorder.persistence(),
			recorder.modify(),
		);
	}

	it("answers in the DM without a thread root and without quoting the question", async () => {
		const recorder = world().add(dm);
		recorder.http = () => ({ statusCode: 202, data: { jobId: "job-dm" } });
		await send(recorder, "how does login work?");
		expect(recorder.httpCalls.map((call) => call.url)).toEqual([
			"http://127.0.0.1:3900/v1/callback-origins",
			"http://127.0.0.1:3900/v1/jobs",
		]);
		expect(recorder.posted).toHaveLength(0);
		expect(recorder.pending()).toEqual([
			expect.objectContaining({ jobId: "job-dm", roomId: "dm", quoteQuestion: false, source: "dm" }),
		]);
		expect(recorder.pending()[0]).not.toHaveProperty("threadId");
	});

	it("runs help, status and overview in a DM as the command does", async () => {
		const recorder = world().add(dm);
		await send(recorder, "help");
		expect(recorder.notified.at(-1)?.text).toContain("/codeask <question>");
		recorder.http = () => ({
			statusCode: 404,
			data: { error: { code: "unknown-package", message: 'no package "nope" in the index' } },
		});
		await send(recorder, "overview nope");
		expect(recorder.notified.at(-1)?.text).toContain("has no package _nope_");
		expect(recorder.httpCalls.map((call) => call.url)).toEqual(["http://127.0.0.1:3900/v1/overview"]);
	});

	it("posts one line for an encrypted message and asks the sidecar nothing", async () => {
		const recorder = world().add(dm);
		await send(recorder, "ZXhhbXBsZQ==", { _unmappedProperties_: { t: "e2e" } } as Partial<IMessage>);
		expect(recorder.posted).toEqual([
			expect.objectContaining({ roomId: "dm", text: expect.stringContaining("can't read encrypted") }),
		]);
		expect(recorder.httpCalls).toHaveLength(0);
	});
});

describe("the job callback endpoint", () => {
	const info = {} as IApiEndpointInfo;

	function request(body: unknown, secret = SECRET, timestamp = String(NOW / 1000)): IApiRequest {
		const raw = JSON.stringify(body);
		return {
			method: "post",
			headers: {
				"X-CodeAsk-Timestamp": timestamp,
				"x-codeask-signature": signCallback(secret, timestamp, raw),
			},
			query: {},
			params: {},
			content: body,
		} as unknown as IApiRequest;
	}

	async function post(recorder: Recorder, req: IApiRequest) {
		const endpoint = new JobCallbackEndpoint(recorder.app() as never, () => NOW);
		return endpoint.post(
			req,
			info,
			recorder.read(),
			recorder.modify(),
			recorder.httpAccessor(),
			recorder.persistence(),
		);
	}

	it("reads the finished job with its token and posts it once, in the question's thread, as the bot", async () => {
		const recorder = world().sidecarWith(doneJob("job-1"));
		await pending(recorder);
		const response = await post(recorder, request({ jobId: "job-1", status: "done" }));
		expect(response.status).toBe(200);
		expect(recorder.httpCalls[0]?.url).toBe("http://127.0.0.1:3900/v1/jobs/job-1");
		expect(recorder.httpCalls[0]?.options.headers?.authorization).toBe(`Bearer ${SECRET}`);
		expect(recorder.posted).toHaveLength(1);
		const [answer] = recorder.posted;
		expect(answer).toMatchObject({
			roomId: general.id,
			threadId: "root-1",
			senderId: BOT.id,
			parseUrls: false,
		});
		expect(answer?.text).toContain(
			"[[1]](https://github.com/acme/repo/blob/0123456789abcdef0123456789abcdef01234567/apps/server/src/push.ts#L10-L20)",
		);
		expect(answer?.attachments?.[0]).toMatchObject({ collapsed: true, title: { value: "Sources (1)" } });
		expect(String(answer?.attachments?.[0]?.text)).not.toContain("gone.ts");
		expect(recorder.pending()).toHaveLength(0);

		// A retried delivery of the same callback changes nothing.
		expect((await post(recorder, request({ jobId: "job-1", status: "done" }))).status).toBe(404);
		expect(recorder.posted).toHaveLength(1);
	});

	it("posts once when two deliveries of one job run at the same time (find-then-delete persistence)", async () => {
		const recorder = world().sidecarWith(doneJob("job-1"));
		await pending(recorder);
		const body = { jobId: "job-1", status: "done" };
		const responses = await Promise.all([post(recorder, request(body)), post(recorder, request(body))]);
		expect(responses.map((response) => response.status)).toEqual([200, 200]);
		expect(recorder.posted).toHaveLength(1);
		expect(recorder.pending()).toHaveLength(0);
	});

	it("gives a question to one of several concurrent claimants, even though removal is find-then-delete", async () => {
		const recorder = world();
		await pending(recorder);
		const claims = await Promise.all(
			Array.from({ length: 4 }, () =>
				claimPending(recorder.read().getPersistenceReader(), recorder.persistence(), "job-1", {
					settleMs: 5,
				}),
			),
		);
		expect(claims.filter(Boolean)).toHaveLength(1);
	});

	it.each([
		["a wrong secret", (body: unknown) => request(body, "not-the-secret-0000")],
		["a stale timestamp", (body: unknown) => request(body, SECRET, String(NOW / 1000 - 600))],
		[
			"no signature",
			(body: unknown) =>
				({ method: "post", headers: {}, query: {}, params: {}, content: body }) as unknown as IApiRequest,
		],
	])("refuses %s with 401 and keeps the question pending", async (_name, make) => {
		const recorder = world().sidecarWith(doneJob("job-1"));
		await pending(recorder);
		const response = await post(recorder, make({ jobId: "job-1", status: "done" }));
		expect(response.status).toBe(401);
		expect(recorder.posted).toHaveLength(0);
		expect(recorder.pending()).toHaveLength(1);
	});

	it("answers a failed job where the question was asked, in public, with the reason", async () => {
		const failed = doneJob("job-1", {
			status: "failed",
			result: null,
			error: { code: "timeout", message: "the question took longer than 120 s" },
		});
		const recorder = world().sidecarWith(failed);
		await pending(recorder);
		await post(recorder, request({ jobId: "job-1", status: "failed" }));
		expect(recorder.posted).toHaveLength(1);
		expect(recorder.posted[0]).toMatchObject({ roomId: general.id, threadId: "root-1" });
		expect(recorder.posted[0]?.text).toContain("could not answer this: the question took longer than 120 s");
	});

	it("tells the asker alone when the question is not visible in the room", async () => {
		const failed = doneJob("job-1", {
			status: "failed",
			result: null,
			error: { code: "x", message: "boom" },
		});
		const recorder = world().sidecarWith(failed);
		await pending(recorder, { threadId: undefined, quoteQuestion: true, publicQuestion: false });
		await post(recorder, request({ jobId: "job-1", status: "failed" }));
		expect(recorder.posted).toHaveLength(0);
		expect(recorder.notified[0]).toMatchObject({ userId: alice.id });
		expect(recorder.notified[0]?.text).toContain("boom");
	});

	it("answers 404 to a signed callback for a question it is not waiting for", async () => {
		const recorder = world().sidecarWith(doneJob("someone-elses"));
		const response = await post(recorder, request({ jobId: "someone-elses", status: "done" }));
		expect(response.status).toBe(404);
		expect(recorder.posted).toHaveLength(0);
	});

	it("delivers on the sidecar's retry when the callback overtook the app saving the question", async () => {
		const recorder = world().sidecarWith(doneJob("job-1"));
		expect((await post(recorder, request({ jobId: "job-1", status: "done" }))).status).toBe(404);
		await pending(recorder);
		expect((await post(recorder, request({ jobId: "job-1", status: "done" }))).status).toBe(200);
		expect(recorder.posted).toHaveLength(1);
	});
});

describe("the job poller (fallback when no callback arrives)", () => {
	async function poll(recorder: Recorder, jobId = "job-1", now = NOW) {
		const poller = new JobPoller(recorder.app(), () => now);
		// The Deno runtime calls processors with `this` bound to the App, not to the poller.
		await poller.processor.call(
			{ unrelated: true } as never,
			{ [POLL_DATA_KEY]: jobId, jobId: "scheduler-own-id" },
			recorder.read(),
			recorder.modify(),
			recorder.httpAccessor(),
			recorder.persistence(),
		);
	}

	it("delivers a finished job and then stops", async () => {
		const recorder = world().sidecarWith(doneJob("job-1"));
		await pending(recorder);
		await poll(recorder);
		expect(recorder.posted).toHaveLength(1);
		expect(recorder.posted[0]?.threadId).toBe("root-1");
		const calls = recorder.httpCalls.length;
		await poll(recorder);
		expect(recorder.posted).toHaveLength(1);
		expect(recorder.httpCalls).toHaveLength(calls);
		expect(recorder.scheduled).toHaveLength(0);
	});

	it("quotes the question when no thread root does", async () => {
		const recorder = world().sidecarWith(doneJob("job-1"));
		await pending(recorder, { threadId: undefined, quoteQuestion: true, publicQuestion: false });
		await poll(recorder);
		expect(recorder.posted[0]?.text.startsWith("*alice* asked:\n> how are push notifications sent?")).toBe(
			true,
		);
	});

	it("polls again later while the job runs, backing off", async () => {
		const recorder = world();
		await pending(recorder);
		recorder.http = () => ({
			statusCode: 200,
			data: { ...doneJob("job-1"), status: "running", result: null },
		});
		await poll(recorder);
		await poll(recorder);
		expect(recorder.scheduled).toHaveLength(2);
		expect(recorder.pending()[0]).toMatchObject({ polls: 2 });
		const [first, second] = recorder.scheduled.map((job) => (job.when as Date).getTime());
		expect(second).toBeGreaterThanOrEqual(first as number);
		expect(recorder.posted).toHaveLength(0);
	});

	it("keeps trying while the sidecar is down, then answers the question in public once it gives up", async () => {
		const recorder = world();
		await pending(recorder);
		await poll(recorder);
		expect(recorder.scheduled).toHaveLength(1);
		expect(recorder.posted).toHaveLength(0);
		await poll(recorder, "job-1", NOW + MAX_WAIT_MS + 1);
		expect(recorder.posted).toHaveLength(1);
		expect(recorder.posted[0]).toMatchObject({ threadId: "root-1" });
		expect(recorder.posted[0]?.text).toContain("could not answer this within 15 minutes");
		expect(recorder.pending()).toHaveLength(0);
	});

	it("tells the asker privately when it gives up on a question nobody else can see", async () => {
		const recorder = world();
		await pending(recorder, { threadId: undefined, quoteQuestion: true, publicQuestion: false });
		await poll(recorder, "job-1", NOW + MAX_WAIT_MS + 1);
		expect(recorder.posted).toHaveLength(0);
		expect(recorder.notified[0]?.text).toContain("could not reach its service");
	});

	it("tells the asker when the job never finishes", async () => {
		const recorder = world();
		await pending(recorder);
		recorder.http = () => ({
			statusCode: 200,
			data: { ...doneJob("job-1"), status: "queued", result: null },
		});
		await poll(recorder, "job-1", NOW + MAX_WAIT_MS + 1);
		expect(recorder.posted[0]?.text).toContain("within 15 minutes");
	});

	it("re-sends the question once when the sidecar forgot the job (restart), then gives up", async () => {
		const recorder = world();
		await pending(recorder);
		recorder.http = (call) =>
			call.method === "post" ? { statusCode: 202, data: { jobId: "job-2" } } : { statusCode: 404, data: {} };
		await poll(recorder, "job-1");
		expect(recorder.httpCalls.map((call) => `${call.method} ${call.url}`)).toEqual([
			"get http://127.0.0.1:3900/v1/jobs/job-1",
			"post http://127.0.0.1:3900/v1/callback-origins",
			"post http://127.0.0.1:3900/v1/jobs",
		]);
		expect(recorder.pending()).toEqual([
			expect.objectContaining({ jobId: "job-2", resubmits: 1, threadId: "root-1" }),
		]);
		expect(recorder.scheduled.at(-1)?.data).toEqual({ [POLL_DATA_KEY]: "job-2" });

		await poll(recorder, "job-2");
		expect(recorder.posted.at(-1)?.text).toContain("lost this question");
		expect(recorder.pending()).toHaveLength(0);
	});

	it("does nothing for a job it is not waiting for", async () => {
		const recorder = world();
		await poll(recorder, "unknown");
		expect(recorder.httpCalls).toHaveLength(0);
	});
});

describe("answers built for chat", () => {
	async function deliver(
		recorder: Recorder,
		result: Record<string, unknown>,
		overrides: Partial<PendingQuestion> = {},
	) {
		await pending(recorder, overrides);
		recorder.sidecarWith(doneJob("job-1", { result: { ...doneJob("job-1").result, ...result } }));
		await new JobPoller(recorder.app(), () => NOW).processor(
			{ [POLL_DATA_KEY]: "job-1" },
			recorder.read(),
			recorder.modify(),
			recorder.httpAccessor(),
			recorder.persistence(),
		);
	}

	it("fit one message of the admin's budget, with buttons, cited sources only, and a note when shortened", async () => {
		const recorder = world();
		recorder.settings.set(SettingId.AnswerBudget, 1500);
		const paragraphs = Array.from(
			{ length: 40 },
			(_, i) => `Step ${i} [${i === 0 ? 1 : 2}]: ${"detail ".repeat(20)}`,
		);
		const citations = [
			{ n: 1, file: "a.ts", startLine: 1, endLine: 2, symbol: "first", verified: true },
			{ n: 2, file: "b.ts", startLine: 3, endLine: 4, symbol: "second", verified: true },
			{ n: 3, file: "c.ts", startLine: 5, endLine: 6, symbol: "never-cited", verified: true },
		];
		await deliver(recorder, { answer: paragraphs.join("\n\n"), citations });
		expect(recorder.posted).toHaveLength(1);
		const [answer] = recorder.posted;
		expect(answer?.text.length).toBeLessThanOrEqual(1500);
		expect(answer?.text).toContain("Step 0 [[1]](");
		expect(answer?.text).not.toContain("Step 39");
		expect(answer?.text).toContain("Show the full answer");
		const sources = String(answer?.attachments?.[0]?.text);
		expect(sources).toContain("[1] [a.ts:1-2]");
		expect(sources).toContain("[2] [b.ts:3-4]");
		expect(sources).not.toContain("c.ts");
		const buttons = (answer?.blocks?.[0]?.elements as Array<{ actionId: string; value: string }>) ?? [];
		expect(buttons.map((button) => [button.actionId, button.value])).toEqual([
			["codeask-full-answer", "job-1"],
			["codeask-vote-up", "job-1"],
			["codeask-vote-down", "job-1"],
		]);
	});

	it("link citations from the git remote the sidecar recorded, in the forge's form, with the subfolder", async () => {
		const recorder = world();
		recorder.settings.set(SettingId.RepoUrl, "");
		await pending(recorder);
		const status = {
			version: "0.1.0",
			apiVersion: 1,
			index: {
				commit: "abc",
				builtAt: "",
				repoRoot: "/r",
				files: 1,
				definitions: 1,
				edges: 1,
				packages: 1,
				remoteUrl: "git@gitlab.com:acme/mono.git",
				subdir: "web",
			},
			trunks: {},
			llm: { provider: "none", model: null },
		};
		recorder.sidecarWith(doneJob("job-1"), (call) =>
			call.url.endsWith("/v1/status") ? { statusCode: 200, data: status } : { statusCode: 404, data: {} },
		);
		await new JobPoller(recorder.app(), () => NOW).processor(
			{ [POLL_DATA_KEY]: "job-1" },
			recorder.read(),
			recorder.modify(),
			recorder.httpAccessor(),
			recorder.persistence(),
		);
		expect(recorder.posted[0]?.text).toContain(
			"(https://gitlab.com/acme/mono/-/blob/0123456789abcdef0123456789abcdef01234567/web/apps/server/src/push.ts#L10-20)",
		);
	});

	it("mention nobody from the question or the answer, only the asker, and carry no heading", async () => {
		const recorder = world();
		await deliver(
			recorder,
			{ answer: "### How\nIt uses (@rocket.chat/models) and pings @all via sdk.rest.post [1]." },
			{ threadId: undefined, quoteQuestion: true, publicQuestion: false, question: "why does @here fire?" },
		);
		const text = recorder.posted[0]?.text ?? "";
		expect(text).toContain("`@rocket.chat/models`");
		expect(text).toContain("@\u2060all");
		expect(text).toContain("@\u2060here");
		expect(text).toContain("`sdk.rest.post`");
		expect(text).toContain("*How*");
		expect(text).not.toMatch(/^#/m);
		const mentions = JSON.stringify(parse(text)).match(
			/"MENTION_(USER|CHANNEL)","value":\{"type":"PLAIN_TEXT","value":"[^"]*"/g,
		);
		expect(mentions).toEqual(['"MENTION_USER","value":{"type":"PLAIN_TEXT","value":"alice"']); // "for @alice"
	});

	it("post the full form in the thread, split under the server's size limit", async () => {
		const recorder = world();
		recorder.serverSettings.set("Message_MaxAllowedSize", 1000);
		recorder.settings.set(SettingId.MaxAnswerMessages, 0);
		const long = Array.from({ length: 30 }, (_, i) => `Step ${i}: ${"detail ".repeat(20)}`).join("\n\n");
		await deliver(recorder, { answer: long }, { detail: "full", source: "button" });
		expect(recorder.posted.length).toBeGreaterThan(3);
		for (const part of recorder.posted) {
			expect(part.text.length).toBeLessThanOrEqual(1000);
			expect(part.threadId).toBe("root-1");
			expect(part.parseUrls).toBe(false);
		}
		expect(recorder.posted[0]?.text.startsWith("Step 0:")).toBe(true);
		expect(recorder.posted.at(-1)?.text).toContain("*Sources*");
	});

	it("record the last fallback reason for /codeask status", async () => {
		const recorder = world();
		await deliver(recorder, { fallbackReason: "gemini could not be reached" });
		expect(
			recorder.records.some(
				(record) => (record.data as { reason?: string }).reason === "gemini could not be reached",
			),
		).toBe(true);
	});
});
