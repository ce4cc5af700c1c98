/**
 * Optional LLM-as-judge: one extra request per question grades the answer against the label's
 * `mechanism` as CORRECT / PARTIAL / INCORRECT with a reason. It runs on its own client (its own
 * request budget), so it never takes a request from the answer's budget of three.
 */
import { z } from "zod";
import type { LlmClient } from "../llm/types.js";
import type { QuestionLabel } from "./questions.js";

export const JUDGE_PROMPT_VERSION = "judge/1";
export const VERDICTS = ["CORRECT", "PARTIAL", "INCORRECT"] as const;
export type Verdict = (typeof VERDICTS)[number];

export const judgeOutputSchema = z.object({
	verdict: z.enum(VERDICTS),
	reason: z.string().min(1),
});

export interface JudgeResult {
	/** FAILED when the judge request itself failed (the reason says why). */
	verdict: Verdict | "FAILED";
	reason: string;
	tokensIn: number;
	tokensOut: number;
	/** Requests billed for the verdict (a malformed reply still costs one). */
	requests: number;
	ms: number;
}

/** Characters of answer shown to the judge; long extractive answers are cut, not summarised. */
const MAX_ANSWER_CHARS = 24_000;

/** The judge's prompt: a pure function of the label and the answer. */
export function buildJudgePrompt(
	label: Pick<QuestionLabel, "question" | "mechanism" | "keySymbols">,
	answer: string,
) {
	const system = [
		"You grade answers about a codebase against a reference description written by an expert.",
		"CORRECT: the answer explains the reference mechanism's essential steps, with no material error.",
		"PARTIAL: it gets part of the mechanism right but misses essential steps, or stays vague.",
		"INCORRECT: it explains a different mechanism, is mostly wrong, or does not answer.",
		"Judge substance, not style or length. Reply with JSON only.",
	].join("\n");
	const prompt = [
		`Question: ${label.question}`,
		"",
		`Reference mechanism: ${label.mechanism}`,
		label.keySymbols.length ? `Symbols a correct answer usually names: ${label.keySymbols.join(", ")}` : "",
		"",
		"Answer to grade:",
		"<<<",
		answer.length > MAX_ANSWER_CHARS ? `${answer.slice(0, MAX_ANSWER_CHARS)}\n[… cut]` : answer,
		">>>",
		"",
		'Return {"verdict": "CORRECT" | "PARTIAL" | "INCORRECT", "reason": "<one or two sentences>"}.',
	].join("\n");
	return { system, prompt };
}

export async function judgeAnswer(
	llm: LlmClient,
	label: QuestionLabel,
	answer: string,
): Promise<JudgeResult> {
	const started = Date.now();
	try {
		const { value, usage, ms } = await llm.generateJson({
			stage: "judge",
			...buildJudgePrompt(label, answer),
			schema: judgeOutputSchema,
			temperature: 0,
			maxOutputTokens: 512,
		});
		return {
			verdict: value.verdict,
			reason: value.reason,
			tokensIn: usage.tokensIn,
			tokensOut: usage.tokensOut,
			requests: 1,
			ms,
		};
	} catch (err) {
		return {
			verdict: "FAILED",
			reason: (err as Error).message,
			tokensIn: 0,
			tokensOut: 0,
			requests: 0,
			ms: Date.now() - started,
		};
	}
}
