/** Provider usage → one LlmUsage shape. An estimate is used only when the provider reports none. */
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

/** Roughly 4 characters per token for code and English: only for servers that report no usage. */
export function estimateTokens(text: string): number {
	return Math.ceil(text.length / 4);
}

export function convertGeminiUsage(
	meta: GeminiUsageMetadata | undefined,
	promptText: string,
	outputText: string,
): LlmUsage {
	if (!meta || (meta.promptTokenCount === undefined && meta.candidatesTokenCount === undefined)) {
		return { tokensIn: estimateTokens(promptText), tokensOut: estimateTokens(outputText), estimated: true };
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
		return { tokensIn: estimateTokens(promptText), tokensOut: estimateTokens(outputText), estimated: true };
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
