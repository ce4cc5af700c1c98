/**
 * What the LLM layer itself costs per request (SDK + budget + retry machinery + HTTP on
 * loopback), against the fake servers answering at once. Run:
 *   npx vitest bench --run sidecar/test/llm/overhead.bench.ts
 */
import { afterAll, beforeAll, bench, describe } from "vitest";
import { z } from "zod";
import { createLlmClient, RequestBudget } from "../../src/llm/index.js";
import { startFakeGemini } from "../support/fake-gemini.js";
import type { FakeLlmServer } from "../support/fake-llm-http.js";
import { startFakeOpenAI } from "../support/fake-openai.js";

const prompt = "x".repeat(40_000); // about 10k tokens: a full answer prompt
const schema = z.object({
	chains: z.array(z.object({ title: z.string(), sectionIds: z.array(z.string()) })),
});
const reply = { chains: [{ title: "push", sectionIds: ["dir:apps/push"] }] };

let gemini: FakeLlmServer;
let openai: FakeLlmServer;
beforeAll(async () => {
	gemini = await startFakeGemini({
		fallback: (req) => (req.json ? { json: reply } : { text: "answer [1]" }),
	});
	openai = await startFakeOpenAI({
		fallback: (req) => (req.json ? { json: reply } : { text: "answer [1]" }),
	});
});
afterAll(async () => {
	await gemini.close();
	await openai.close();
});

const unlimited = () => new RequestBudget(1_000_000);
/** The machine is shared: enough samples for a stable median. */
const options = { time: 3_000, iterations: 60 };

describe("one request through the adapter (loopback fake, no model time)", () => {
	bench(
		"gemini generateText, 40 kB prompt",
		async () => {
			const llm = createLlmClient({ provider: "gemini", apiKey: "k", baseUrl: gemini.url }, unlimited());
			await llm.generateText({ stage: "answer", system: "s", prompt });
		},
		options,
	);
	bench(
		"gemini generateJson",
		async () => {
			const llm = createLlmClient({ provider: "gemini", apiKey: "k", baseUrl: gemini.url }, unlimited());
			await llm.generateJson({ stage: "route", system: "s", prompt: "p", schema });
		},
		options,
	);
	bench(
		"openai generateText, 40 kB prompt",
		async () => {
			const llm = createLlmClient({ provider: "openai", model: "m", baseUrl: openai.url }, unlimited());
			await llm.generateText({ stage: "answer", system: "s", prompt });
		},
		options,
	);
	bench(
		"openai generateJson",
		async () => {
			const llm = createLlmClient({ provider: "openai", model: "m", baseUrl: openai.url }, unlimited());
			await llm.generateJson({ stage: "route", system: "s", prompt: "p", schema });
		},
		options,
	);
});
