/**
 * The LLM stages of the pipeline with the real SDKs against fake providers on 127.0.0.1:
 * what the prompts carry, how the answers are used, and the offline fallback per stage.
 */
import { afterEach, describe, expect, it } from "vitest";
import { createLlmClient, RequestBudget } from "../../src/llm/index.js";
import { ask } from "../../src/pipeline/ask.js";
import { startFakeGemini } from "../support/fake-gemini.js";
import type {
	FakeLlmServer,
	FakeReply,
	FakeServerOptions,
	RecordedRequest,
} from "../support/fake-llm-http.js";
import { startFakeOpenAI } from "../support/fake-openai.js";
import { indexForSuite, openFixtureIndex } from "../support/open-index.js";

const QUESTION = "How do push notifications work?";

/** A provider that plays along: routes to the sections it is shown, selects every chain, cites what it read. */
const route = (req: RecordedRequest): FakeReply => {
	const ids = [...req.prompt.matchAll(/^- id: (\S+)/gm)].map((m) => m[1]);
	return {
		json: { chains: [{ title: "Push delivery", sectionIds: ids.slice(0, 2) }], searchTerms: ["gateway"] },
	};
};
const select = (req: RecordedRequest): FakeReply => {
	const chains = [...req.prompt.matchAll(/^Chain (\S+):/gm)].map((m) => m[1]);
	const nodes = [...req.prompt.matchAll(/\b(n\d+)\b/g)].map((m) => m[1]).slice(0, 3);
	return { json: { chains, nodes } };
};
const answer = (req: RecordedRequest): FakeReply => {
	const ns = [...req.prompt.matchAll(/^\[(\d+)\] /gm)].map((m) => m[1]);
	return {
		text: `Push starts at the service [${ns[0]}] and goes through a gateway [${ns[1]}]; see also [999].`,
	};
};

const providers = [
	{
		name: "gemini",
		start: startFakeGemini,
		settings: (url: string) => ({ provider: "gemini", apiKey: "test-key-1", baseUrl: url }),
	},
	{
		name: "openai",
		start: startFakeOpenAI,
		settings: (url: string) => ({ provider: "openai", model: "local-model", baseUrl: url }),
	},
] as const;

const index = indexForSuite(openFixtureIndex);

describe.each(providers)("pipeline LLM stages with the $name SDK", (p) => {
	let fake: FakeLlmServer;
	afterEach(async () => {
		await fake?.close();
	});
	const client = async (options: FakeServerOptions, extra: Record<string, unknown> = {}) => {
		fake = await p.start(options);
		return createLlmClient({ ...p.settings(fake.url), retryBaseMs: 10, ...extra }, new RequestBudget());
	};

	it("routes, selects and answers in 3 requests; prompts carry the outline, the skeleton and the bodies read", async () => {
		const llm = await client({ responses: [route, select, answer] });
		const r = await ask(index(), QUESTION, { llm });
		expect(fake.requests).toHaveLength(3);
		expect(r.usage.requests).toBe(3);
		expect(r.provider).toBe(p.name);
		expect(r.fallbackReason).toBeNull();
		const [routeReq, selectReq, answerReq] = fake.requests as [
			RecordedRequest,
			RecordedRequest,
			RecordedRequest,
		];
		expect(routeReq.json).toBe(true);
		expect(routeReq.prompt).toContain("dir:apps/server/src/services/push");
		expect(selectReq.prompt).toMatch(/PushService\.sendNotification/);
		expect(answerReq.prompt).toContain("Skeleton of the relevant code");
		// A body read from the index, verbatim.
		expect(answerReq.prompt).toContain("gatewayFor(token.platform).send(");
		// The select stage's picks lead the sources: [1] is its first pick, labelled as asked for.
		expect(answerReq.prompt).toContain("Sources (most relevant to the question first):");
		const firstRef = selectReq.prompt.match(/\b(n\d+)\b/)?.[1];
		const picked = selectReq.prompt.match(new RegExp(`^\\s*${firstRef} {2}(\\S+) \\[`, "m"))?.[1];
		expect(picked).toBeTruthy();
		const first = answerReq.prompt.match(/^\[1\] (\S+):\d+-\d+ — (\S+).*\((asked for)\)$/m);
		expect(first?.[2]).toBe(picked);
		// Prompt and schema agree on the bounds they state.
		expect(selectReq.prompt).toContain("up to 40 node refs");
		expect(routeReq.prompt).toMatch(/at most [1-6] topic chains/);
		// Each source is one range, labelled with why it is there; a dispatched key's handler is among them.
		const heads = [
			...answerReq.prompt.matchAll(
				/^(?:\[\d+\]|\(context, not citable\)) \S+:\d+-\d+ — .* \(([a-z -]+)\)$/gm,
			),
		];
		expect(heads.length).toBeGreaterThan(3);
		expect(heads.some((h) => h[1] === "other end of a key")).toBe(true);
		// The made-up [999] is dropped and counted; the two real citations survive, verified and renumbered.
		expect(r.droppedCitations).toBe(1);
		expect(r.citations.map((c) => c.n)).toEqual([1, 2]);
		expect(r.citations.every((c) => c.verified)).toBe(true);
		expect(r.answer).not.toContain("[999]");
		expect(r.answer).toMatch(/\*\*Sources\*\*\n\[1\] \S+:\d+-\d+ — \S+/);
		expect(r.trace.requests.map((x) => x.stage)).toEqual(["route", "select", "answer"]);
	});

	it("a route to one off-topic section loses nothing the offline route seeds: its sections vote, chains form as offline", async () => {
		// The last candidate the route prompt lists: the section least like the question.
		const offTopicRoute = (req: RecordedRequest): FakeReply => {
			const ids = [...req.prompt.matchAll(/^- id: (\S+)/gm)].map((m) => m[1]);
			return { json: { chains: [{ title: "Elsewhere", sectionIds: ids.slice(-1) }], searchTerms: [] } };
		};
		const llm = await client({ responses: [offTopicRoute, select, answer] });
		const r = await ask(index(), QUESTION, { llm });
		expect(r.fallbackReason).toBeNull();
		const offline = await ask(index(), QUESTION);
		const files = (x: typeof r) => new Set(x.trace.seeds.map((s) => s.file));
		const seeded = files(r);
		expect([...files(offline)].filter((f) => !seeded.has(f))).toEqual([]);
		// The chains are the offline grouping's (by folder), not the route's one chain.
		expect(r.trace.seeds.map((s) => s.chain).sort()).toEqual(offline.trace.seeds.map((s) => s.chain).sort());
	});

	it("waits out a 429 and succeeds, still within 3 billed requests", async () => {
		const llm = await client({
			responses: [
				{ status: 429, headers: { "retry-after": "0" }, error: "slow down" },
				route,
				select,
				answer,
			],
		});
		const r = await ask(index(), QUESTION, { llm });
		expect(r.provider).toBe(p.name);
		expect(fake.requests).toHaveLength(4);
		expect(fake.billable()).toBe(3);
		expect(r.usage.requests).toBe(3);
	});

	it("falls back to the offline router on malformed JSON and still answers with the LLM", async () => {
		const llm = await client({ responses: [{ text: "{not json" }, { text: "still not json" }, answer] });
		const r = await ask(index(), QUESTION, { llm });
		expect(fake.billable()).toBeLessThanOrEqual(3);
		expect(r.fallbackReason).toMatch(/^route: /);
		// The route fell back, select was skipped to keep a request for the answer, and the answer came from the LLM.
		expect(r.fallbackReason).toContain("select: skipped");
		expect(r.provider).toBe(p.name);
		expect(r.trace.routedSections[0]?.sectionId).toBe("dir:apps/server/src/services/push");
	});

	it("answers offline when the provider times out, without trying later stages", async () => {
		const llm = await client(
			{ fallback: { text: "late", delayMs: 2_000 } },
			{ timeoutMs: 150, maxRetries: 0 },
		);
		const r = await ask(index(), QUESTION, { llm });
		expect(r.provider).toBe("none");
		expect(r.fallbackReason).toMatch(/^route: /);
		expect(r.fallbackReason).toMatch(/150 ms|time/i);
		expect(fake.requests).toHaveLength(1);
		expect(r.citations.length).toBeGreaterThan(0);
		expect(r.answer).toContain("Offline answer");
	});
});
