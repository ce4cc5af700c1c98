/** Provider usage → one LlmUsage shape. An estimate is used only when the provider reports none. */
import { countTokens } from "./token-count.js";
import type { LlmUsage } from "./types.js";

interface GeminiUsageMetadata {
	promptTokenCount?: number;
	candidatesTokenCount?: number;
	/** Thinking models bill their thoughts as output tokens. */
	thoughtsTokenCount?: number;
}

interface OpenAiUsage {
	prompt_tokens?: number;
	completion_tokens?: number;
}

/** Roughly 4 characters per token for code and English: a bound where no model reads the text. */
export function estimateTokens(text: string): number {
	return Math.ceil(text.length / 4);
}

/**
 * A server that reports no usage (some OpenAI-compatible ones): the text's o200k_base count, which
 * the budget and the material already count in; chars/4 undercounted code by 7–18% (session 37).
 * Still marked `estimated`: the provider's own tokenizer may differ.
 */
function unreported(promptText: string, outputText: string): LlmUsage {
	return { tokensIn: countTokens(promptText), tokensOut: countTokens(outputText), estimated: true };
}

export function convertGeminiUsage(
	meta: GeminiUsageMetadata | undefined,
	promptText: string,
	outputText: string,
): LlmUsage {
	if (!meta || (meta.promptTokenCount === undefined && meta.candidatesTokenCount === undefined)) {
		return unreported(promptText, outputText);
	}
	return {
		tokensIn: meta.promptTokenCount ?? 0,
		tokensOut: (meta.candidatesTokenCount ?? 0) + (meta.thoughtsTokenCount ?? 0),
	};
}

export function convertOpenAiUsage(
	usage: OpenAiUsage | null | undefined,
	promptText: string,
	outputText: string,
): LlmUsage {
	if (!usage || (usage.prompt_tokens === undefined && usage.completion_tokens === undefined)) {
		return unreported(promptText, outputText);
	}
	return { tokensIn: usage.prompt_tokens ?? 0, tokensOut: usage.completion_tokens ?? 0 };
}

export function addUsage(a: LlmUsage, b: LlmUsage): LlmUsage {
	const estimated = a.estimated || b.estimated;
	return {
		tokensIn: a.tokensIn + b.tokensIn,
		tokensOut: a.tokensOut + b.tokensOut,
		...(estimated ? { estimated } : {}),
	};
}
