/**
 * `codeask ask --llm openai` honours CODEASK_LLM_TIMEOUT_MS as the service does: a slow model (or a
 * person playing one) gets the time it is given, and a bad value is said before anything is asked.
 */
import { afterEach, describe, expect, it } from "vitest";
import { llmFromCliOptions } from "../../src/cli/llm-from-options.js";
import type { FakeLlmServer } from "../support/fake-llm-http.js";
import { startFakeOpenAI } from "../support/fake-openai.js";

let fake: FakeLlmServer | undefined;
afterEach(async () => {
	await fake?.close();
	fake = undefined;
});

const options = (url: string) => ({ llm: "openai" as const, model: "m", baseUrl: url });

describe("the CLI's LLM timeout", () => {
	it("waits as long as CODEASK_LLM_TIMEOUT_MS says for a slow reply", async () => {
		fake = await startFakeOpenAI({ fallback: { text: "slow but there", delayMs: 400 } });
		const quick = await llmFromCliOptions(options(fake.url), { CODEASK_LLM_TIMEOUT_MS: "150" });
		await expect(
			quick.llm?.generateText({ stage: "answer", system: "s", prompt: "p" }),
		).rejects.toMatchObject({ code: "timeout" });

		const patient = await llmFromCliOptions(options(fake.url), { CODEASK_LLM_TIMEOUT_MS: "5000" });
		const reply = await patient.llm?.generateText({ stage: "answer", system: "s", prompt: "p" });
		expect(reply?.text).toBe("slow but there");
	});

	it("names a value that is not a number of milliseconds, and sets up no client", async () => {
		const res = await llmFromCliOptions(options("http://127.0.0.1:9/v1"), {
			CODEASK_LLM_TIMEOUT_MS: "ten minutes",
		});
		expect(res.llm).toBeUndefined();
		expect(res.setupError).toContain("CODEASK_LLM_TIMEOUT_MS");
		expect(res.setupError).toContain("ten minutes");
	});
});
