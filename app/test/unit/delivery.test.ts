import type { IApiRequest } from "@rocket.chat/apps-engine/definition/api";
import type { IApiEndpointInfo } from "@rocket.chat/apps-engine/definition/api/IApiEndpointInfo";
import type { IMessage } from "@rocket.chat/apps-engine/definition/messages";
import { describe, expect, it } from "vitest";
import { JobCallbackEndpoint } from "../../endpoints/JobCallbackEndpoint";
import { answerDirectMessage, isQuestionForBot } from "../../handlers/DirectMessageHandler";
import { JobPoller } from "../../jobs/JobPoller";
import { MAX_WAIT_MS, POLL_DATA_KEY } from "../../lib/jobs";
import { type PendingQuestion, savePending } from "../../lib/PendingQuestions";
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
	const message = (overrides: Partial<IMessage> = {}): IMessage =>
		({ id: "m1", room: dm, sender: alice, text: "how does login work?", ...overrides }) as IMessage;

	it("treats a new human message in a DM with the bot as a question", () => {
		expect(isQuestionForBot(message(), BOT)).toBe(true);
	});

	it.each([
		["the bot's own message", { sender: BOT }],
		["another bot's message", { sender: user("rocket.cat", { type: "bot" } as never) }],
		["an edit", { editedAt: new Date() }],
		["an empty message", { text: "  " }],
		["a channel message", { room: general }],
		["a DM between two humans", { room: room("dm2", "d", [alice, user("bob")]) }],
	])("ignores %s", (_name, overrides) => {
		expect(isQuestionForBot(message(overrides as Partial<IMessage>), BOT)).toBe(false);
	});

	it("answers in the DM without a thread root and without quoting the question", async () => {
		const recorder = world().add(dm);
		recorder.http = () => ({ statusCode: 202, data: { jobId: "job-dm" } });
		await answerDirectMessage(
			recorder.app(),
			message(),
			recorder.read(),
			recorder.httpAccessor(),
			recorder.persistence(),
			recorder.modify(),
		);
		expect(recorder.httpCalls).toHaveLength(1);
		expect(recorder.posted).toHaveLength(0);
		expect(recorder.pending()).toEqual([
			expect.objectContaining({ jobId: "job-dm", roomId: "dm", quoteQuestion: false }),
		]);
		expect(recorder.pending()[0]).not.toHaveProperty("threadId");
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

	it("posts a signed, finished answer once, in the question's thread, as the bot", async () => {
		const recorder = world();
		await pending(recorder);
		const response = await post(recorder, request(doneJob("job-1")));
		expect(response.status).toBe(200);
		expect(recorder.posted).toHaveLength(1);
		expect(recorder.posted[0]).toMatchObject({ roomId: general.id, threadId: "root-1", senderId: BOT.id });
		expect(recorder.posted[0]?.text).toContain(
			"(https://github.com/acme/repo/blob/0123456789abcdef0123456789abcdef01234567/apps/server/src/push.ts#L10-L20)",
		);
		expect(recorder.pending()).toHaveLength(0);

		// A retried delivery of the same callback changes nothing.
		expect((await post(recorder, request(doneJob("job-1")))).status).toBe(404);
		expect(recorder.posted).toHaveLength(1);
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
		const recorder = world();
		await pending(recorder);
		const response = await post(recorder, make(doneJob("job-1")));
		expect(response.status).toBe(401);
		expect(recorder.posted).toHaveLength(0);
		expect(recorder.pending()).toHaveLength(1);
	});

	it("fetches the job when the callback body is not a finished job", async () => {
		const recorder = world();
		await pending(recorder);
		recorder.http = () => ({ statusCode: 200, data: doneJob("job-1") });
		const response = await post(recorder, request({ jobId: "job-1" }));
		expect(response.status).toBe(200);
		expect(recorder.httpCalls[0]?.url).toBe("http://127.0.0.1:3900/v1/jobs/job-1");
		expect(recorder.posted).toHaveLength(1);
	});

	it("tells the asker alone when the job failed", async () => {
		const recorder = world();
		await pending(recorder);
		const failed = doneJob("job-1", {
			status: "failed",
			result: null,
			error: { code: "timeout", message: "the question took longer than 120 s" },
		});
		await post(recorder, request(failed));
		expect(recorder.posted).toHaveLength(0);
		expect(recorder.notified).toHaveLength(1);
		expect(recorder.notified[0]).toMatchObject({ userId: alice.id, threadId: "root-1" });
		expect(recorder.notified[0]?.text).toContain("the question took longer than 120 s");
	});

	it("answers 404 to a signed callback for a question it is not waiting for", async () => {
		const recorder = world();
		const response = await post(recorder, request(doneJob("someone-elses")));
		expect(response.status).toBe(404);
		expect(recorder.posted).toHaveLength(0);
	});

	it("delivers on the sidecar's retry when the callback overtook the app saving the question", async () => {
		const recorder = world();
		expect((await post(recorder, request(doneJob("job-1")))).status).toBe(404);
		await pending(recorder);
		expect((await post(recorder, request(doneJob("job-1")))).status).toBe(200);
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
		const recorder = world();
		await pending(recorder);
		recorder.http = () => ({ statusCode: 200, data: doneJob("job-1") });
		await poll(recorder);
		expect(recorder.posted).toHaveLength(1);
		expect(recorder.posted[0]?.threadId).toBe("root-1");
		await poll(recorder);
		expect(recorder.posted).toHaveLength(1);
		expect(recorder.httpCalls).toHaveLength(1);
		expect(recorder.scheduled).toHaveLength(0);
	});

	it("quotes the question when no thread root does", async () => {
		const recorder = world();
		await pending(recorder, { threadId: undefined, quoteQuestion: true });
		recorder.http = () => ({ statusCode: 200, data: doneJob("job-1") });
		await poll(recorder);
		expect(recorder.posted[0]?.text.startsWith("@alice asked:\n> how are push notifications sent?")).toBe(
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

	it("keeps trying while the sidecar is down, then tells the asker once it gives up", async () => {
		const recorder = world();
		await pending(recorder);
		await poll(recorder);
		expect(recorder.scheduled).toHaveLength(1);
		expect(recorder.notified).toHaveLength(0);
		await poll(recorder, "job-1", NOW + MAX_WAIT_MS + 1);
		expect(recorder.notified).toHaveLength(1);
		expect(recorder.notified[0]?.text).toContain("could not reach its service");
		expect(recorder.pending()).toHaveLength(0);
	});

	it("tells the asker when the job never finishes", async () => {
		const recorder = world();
		await pending(recorder);
		recorder.http = () => ({
			statusCode: 200,
			data: { ...doneJob("job-1"), status: "queued", result: null },
		});
		await poll(recorder, "job-1", NOW + MAX_WAIT_MS + 1);
		expect(recorder.notified[0]?.text).toContain("did not finish answering");
	});

	it("re-sends the question once when the sidecar forgot the job (restart), then gives up", async () => {
		const recorder = world();
		await pending(recorder);
		recorder.http = (call) =>
			call.method === "post" ? { statusCode: 202, data: { jobId: "job-2" } } : { statusCode: 404, data: {} };
		await poll(recorder, "job-1");
		expect(recorder.httpCalls.map((call) => `${call.method} ${call.url}`)).toEqual([
			"get http://127.0.0.1:3900/v1/jobs/job-1",
			"post http://127.0.0.1:3900/v1/jobs",
		]);
		expect(recorder.pending()).toEqual([
			expect.objectContaining({ jobId: "job-2", resubmits: 1, threadId: "root-1" }),
		]);
		expect(recorder.scheduled.at(-1)?.data).toEqual({ [POLL_DATA_KEY]: "job-2" });

		await poll(recorder, "job-2");
		expect(recorder.notified.at(-1)?.text).toContain("no longer knows the question");
		expect(recorder.pending()).toHaveLength(0);
	});

	it("does nothing for a job it is not waiting for", async () => {
		const recorder = world();
		await poll(recorder, "unknown");
		expect(recorder.httpCalls).toHaveLength(0);
	});
});

describe("long answers", () => {
	it("are split into several messages under the server's size limit, in order, in the thread", async () => {
		const recorder = world();
		recorder.serverSettings.set("Message_MaxAllowedSize", 1000);
		recorder.settings.set(SettingId.MaxAnswerMessages, 0);
		await pending(recorder);
		const long = Array.from({ length: 30 }, (_, i) => `Step ${i}: ${"detail ".repeat(20)}`).join("\n\n");
		recorder.http = () => ({
			statusCode: 200,
			data: doneJob("job-1", { result: { ...doneJob("job-1").result, answer: long } }),
		});
		await new JobPoller(recorder.app(), () => NOW).processor(
			{ [POLL_DATA_KEY]: "job-1" },
			recorder.read(),
			recorder.modify(),
			recorder.httpAccessor(),
			recorder.persistence(),
		);
		expect(recorder.posted.length).toBeGreaterThan(3);
		for (const part of recorder.posted) {
			expect(part.text.length).toBeLessThanOrEqual(1000);
			expect(part.threadId).toBe("root-1");
		}
		expect(recorder.posted[0]?.text.startsWith("Step 0:")).toBe(true);
		expect(recorder.posted.at(-1)?.text).toContain("*Sources*");
	});

	it("are shortened at a paragraph boundary to the configured number of messages, citing only kept sources", async () => {
		const recorder = world();
		recorder.serverSettings.set("Message_MaxAllowedSize", 1000);
		recorder.settings.set(SettingId.MaxAnswerMessages, 3);
		await pending(recorder);
		const paragraphs = Array.from(
			{ length: 40 },
			(_, i) => `Step ${i} [${i === 0 ? 1 : 2}]: ${"detail ".repeat(20)}`,
		);
		const citations = [
			{ n: 1, file: "a.ts", startLine: 1, endLine: 2, symbol: "first", verified: true },
			{ n: 2, file: "b.ts", startLine: 3, endLine: 4, symbol: "second", verified: true },
			{ n: 3, file: "c.ts", startLine: 5, endLine: 6, symbol: "never-cited", verified: true },
		];
		recorder.http = () => ({
			statusCode: 200,
			data: doneJob("job-1", {
				result: { ...doneJob("job-1").result, answer: paragraphs.join("\n\n"), citations },
			}),
		});
		await new JobPoller(recorder.app(), () => NOW).processor(
			{ [POLL_DATA_KEY]: "job-1" },
			recorder.read(),
			recorder.modify(),
			recorder.httpAccessor(),
			recorder.persistence(),
		);
		expect(recorder.posted.length).toBeGreaterThan(1);
		expect(recorder.posted.length).toBeLessThanOrEqual(3);
		const text = recorder.posted.map((part) => part.text).join("\n");
		expect(text).toContain("Step 0 [1]");
		expect(text).not.toContain("Step 39");
		expect(text).toContain("shortened to fit the chat");
		expect(text).toContain("[1] [a.ts:1-2]");
		expect(text).toContain("[2] [b.ts:3-4]");
		expect(text).not.toContain("c.ts");
	});
});
