/**
 * Prompt for LLM call 3 (answer): Markdown grounded in the numbered sources, every claim about
 * the code cited as [n]. The pipeline verifies each cited range and appends the sources list.
 */
export const ANSWER_PROMPT_VERSION = "answer/3";

export interface AnswerPromptSource {
	n: number;
	file: string;
	startLine: number;
	endLine: number;
	symbol: string;
	text: string;
}

export function buildAnswerPrompt(
	question: string,
	skeleton: string,
	sources: readonly AnswerPromptSource[],
) {
	const system = [
		"You explain how a codebase works to a developer new to it, using only the numbered sources given.",
		"Write Markdown: a short overview that starts from the first sources (they are the most relevant),",
		"then the flow step by step (one line per hop, naming the function),",
		"then where to look to change it. Cite every statement about the code with its source number like [3];",
		"cite only numbers that exist; never invent files, symbols or line numbers. Do not add a sources list:",
		"it is appended for you. If the sources do not answer the question, say what is missing.",
	].join(" ");
	const src = sources.flatMap((s) => [
		s.n > 0
			? `[${s.n}] ${s.file}:${s.startLine}-${s.endLine} — ${s.symbol}`
			: `(context, not citable) ${s.file}:${s.startLine}-${s.endLine}`,
		"```",
		s.text,
		"```",
	]);
	const prompt = [
		`Question: ${question}`,
		"",
		"Skeleton of the relevant code (call graph, by chain):",
		skeleton,
		"",
		"Sources (most relevant to the question first):",
		...src,
	].join("\n");
	return { system, prompt, version: ANSWER_PROMPT_VERSION };
}
