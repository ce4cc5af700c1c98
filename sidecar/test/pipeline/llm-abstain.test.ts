/**
 * The check after an LLM answer: an answer whose verified sources do not cover the question is
 * replaced by "I don't know" (fake OpenAI-compatible provider on 127.0.0.1).
 */
import { afterEach, describe, expect, it } from "vitest";
import { createLlmClient, RequestBudget } from "../../src/llm/index.js";
import { ask } from "../../src/pipeline/ask.js";
import type { FakeLlmServer, FakeReply, RecordedRequest } from "../support/fake-llm-http.js";
import { startFakeOpenAI } from "../support/fake-openai.js";
import { indexForSuite, openFixtureIndex } from "../support/open-index.js";

const QUESTION = "How do push notifications work?";
const route = (req: RecordedRequest): FakeReply => {
	const ids = [...req.prompt.matchAll(/^- id: (\S+)/gm)].map((m) => m[1]);
	return { json: { chains: [{ title: "Push delivery", sectionIds: ids.slice(0, 2) }], searchTerms: [] } };
};
const select = (req: RecordedRequest): FakeReply => {
	const chains = [...req.prompt.matchAll(/^Chain (\S+):/gm)].map((m) => m[1]);
	return { json: { chains, nodes: [] } };
};
/** Sources the off-topic answer cited (so the test knows it cited real, verifiable ones). */
let citedUnrelated: string[] = [];
/** An answer that cites only sources whose path and symbol say nothing of push or notifications. */
const offTopicAnswer = (req: RecordedRequest): FakeReply => {
	const sources = [...req.prompt.matchAll(/^\[(\d+)\] (\S+):\d+-\d+ — (\S+)/gm)];
	const unrelated = sources.filter((m) => !/push|notif/i.test(`${m[2]} ${m[3]}`)).map((m) => m[1]);
	citedUnrelated = unrelated.slice(0, 2).filter((n): n is string => !!n);
	return { text: `Messages are formatted here [${unrelated[0]}] and here [${unrelated[1]}].` };
};
/** An answer resting on several verified sources of the material, whatever their names say. */
const severalSourcesAnswer = (req: RecordedRequest): FakeReply => {
	const sources = [...req.prompt.matchAll(/^\[(\d+)\] (\S+):\d+-\d+ — (\S+)/gm)];
	const unrelated = sources.filter((m) => !/push|notif/i.test(`${m[2]} ${m[3]}`)).map((m) => m[1]);
	return {
		text: `It goes here [${unrelated[0]}], then here [${unrelated[1]}], then here [${unrelated[2]}].`,
	};
};
const onTopicAnswer = (req: RecordedRequest): FakeReply => {
	const sources = [...req.prompt.matchAll(/^\[(\d+)\] (\S+):\d+-\d+ — (\S+)/gm)];
	const related = sources.filter((m) => /push/i.test(`${m[2]} ${m[3]}`)).map((m) => m[1]);
	return { text: `Push notifications are sent here [${related[0]}].` };
};

const index = indexForSuite(openFixtureIndex);

describe("an LLM answer whose sources do not cover the question", () => {
	let fake: FakeLlmServer;
	afterEach(async () => {
		await fake?.close();
	});
	const client = async (answer: (req: RecordedRequest) => FakeReply) => {
		fake = await startFakeOpenAI({ responses: [route, select, answer] });
		return createLlmClient(
			{ provider: "openai", model: "local-model", baseUrl: fake.url, retryBaseMs: 10 },
			new RequestBudget(),
		);
	};

	it("is replaced by the abstention, with no citations, and says why", async () => {
		const r = await ask(index(), QUESTION, { llm: await client(offTopicAnswer) });
		expect(citedUnrelated).toHaveLength(2);
		expect(r.abstained).toBe(true);
		expect(r.citations).toEqual([]);
		expect(r.answer).toMatch(/I don't know/);
		expect(r.fallbackReason).toContain("do not cover the question");
	});

	it("is not even asked for an off-topic question: the abstention comes first, with no request and no material", async () => {
		const r = await ask(index(), "What is the meaning of life?", { llm: await client(onTopicAnswer) });
		expect(r.abstained).toBe(true);
		expect(r.answer).toMatch(/I don't know/);
		expect(fake.requests).toHaveLength(0);
		expect(r.usage.requests).toBe(0);
		expect(r.trace.material?.tokens).toBe(0);
		expect(r.trace.read).toEqual([]);
	});

	it("stands when it rests on several verified sources of the material, whatever their names", async () => {
		const r = await ask(index(), QUESTION, { llm: await client(severalSourcesAnswer) });
		expect(r.abstained).toBe(false);
		expect(r.citations.length).toBe(3);
	});

	it("stands when its sources cover the question", async () => {
		const r = await ask(index(), QUESTION, { llm: await client(onTopicAnswer) });
		expect(r.abstained).toBe(false);
		expect(r.citations.length).toBe(1);
		expect(r.answer).toContain("Push notifications are sent here [1]");
	});
});
