/** The select prompt's fit and the answer prompt's frame, counted in the model's (o200k) tokens. */
import { describe, expect, it } from "vitest";
import { countTokens } from "../../src/llm/token-count.js";
import { answerFrameTokens, fitSelectChains } from "../../src/pipeline/llm-stages.js";
import { estimateTokens } from "../../src/pipeline/read.js";
import { buildAnswerPrompt } from "../../src/prompts/answer.js";
import { buildSelectPrompt, type SelectPromptChain } from "../../src/prompts/select.js";

/** Dense hop labels (brackets, parentheses, paths): chars/4 undercounts them. */
function chains(n: number, hops: number): SelectPromptChain[] {
	return Array.from({ length: n }, (_, c) => ({
		id: `c${c}`,
		title: `chain ${c}`,
		direction: "down",
		hops: Array.from({ length: hops }, (_, h) => ({
			ref: `n${c * hops + h}`,
			label: `Svc${c}.m${h}(a,b) [method] (src/p${c}/f${h}.ts)`,
			depth: h % 4,
		})),
	}));
}

const promptTokens = (question: string, cs: SelectPromptChain[]) => {
	const { system, prompt } = buildSelectPrompt(question, cs);
	return countTokens(system) + countTokens(prompt);
};

describe("fitSelectChains", () => {
	const question = "how is a message sent?";

	it("keeps the whole select prompt within its room in real tokens, deepest hops cut first", () => {
		const all = chains(6, 12);
		const whole = promptTokens(question, all);
		const room = Math.floor(whole * 0.6);
		const fitted = fitSelectChains(question, all, room);
		expect(promptTokens(question, fitted)).toBeLessThanOrEqual(room);
		// Cut by depth before any chain goes: every chain stays, its seeds (depth 0) kept.
		expect(fitted).toHaveLength(6);
		expect(fitted.every((c) => c.hops.some((h) => h.depth === 0))).toBe(true);
		expect(fitted.flatMap((c) => c.hops).some((h) => h.depth === 3)).toBe(false);
	});

	it("counts what chars/4 leaves out: a room the estimate says fits is cut", () => {
		const all = chains(3, 8);
		const { system, prompt } = buildSelectPrompt(question, all);
		const estimated = estimateTokens(system) + estimateTokens(prompt);
		expect(promptTokens(question, all)).toBeGreaterThan(estimated);
		const fitted = fitSelectChains(question, all, estimated);
		expect(fitted.flatMap((c) => c.hops).length).toBeLessThan(24);
		expect(promptTokens(question, fitted)).toBeLessThanOrEqual(estimated);
	});

	it("leaves a prompt that fits as it is", () => {
		const all = chains(2, 3);
		expect(fitSelectChains(question, all, 10_000)).toEqual(all);
	});
});

describe("answerFrameTokens", () => {
	it("is the answer prompt without material in real tokens, plus the skeleton's bound", () => {
		const question = "where is a message permission checked?";
		const { system, prompt } = buildAnswerPrompt(question, "", [], null, null);
		const bare = countTokens(system) + countTokens(prompt);
		const frame = answerFrameTokens(question, null);
		// The skeleton's bound (1,200) and the signature map's heading on top of the bare prompt (the
		// heading says how an entry is cited since answer/12: ~54 tokens).
		expect(frame - bare).toBeGreaterThan(1_200);
		expect(frame - bare).toBeLessThan(1_275);
		// A note the model must say first is part of the frame.
		expect(answerFrameTokens(question, "No family of OAuth services was found.")).toBeGreaterThan(frame + 5);
	});
});
