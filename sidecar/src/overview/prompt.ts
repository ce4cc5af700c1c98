/** The one LLM request of an overview: turn the structured summary into a narrative. Pure builder. */
import type { OverviewData } from "./types.js";

export const OVERVIEW_PROMPT_VERSION = "overview-1";

/** Longest structured summary sent to the model, in characters (about 6k tokens). */
const MAX_SUMMARY_CHARS = 24_000;

export function buildOverviewPrompt(
	data: OverviewData,
	markdown: string,
): { system: string; prompt: string } {
	const about =
		data.scope === "package"
			? `the package \`${data.focus}\` of a code repository`
			: "a code repository, package by package";
	const system = [
		"You explain the structure of a software repository to a developer who is new to it.",
		"Use only facts from the summary you are given: package names, folders, symbols, dependency counts and dispatch keys.",
		"Never invent files, packages or symbols. Write names in backticks exactly as they appear in the summary.",
	].join(" ");
	const summary =
		markdown.length > MAX_SUMMARY_CHARS
			? `${markdown.slice(0, MAX_SUMMARY_CHARS)}\n\n(summary cut here)`
			: markdown;
	const prompt = [
		`Below is a structured summary of ${about}, generated from its source code.`,
		"Write a narrative overview in Markdown (250-450 words):",
		"1. what the code as a whole is for, in two or three sentences;",
		"2. the main parts and what each is responsible for, grouped sensibly (not one line per package);",
		"3. how the parts fit together: which depend on which, and which talk over string-dispatch keys (REST routes, methods, events, …);",
		"4. where a newcomer should start reading (entry points and most used symbols).",
		"",
		"--- summary ---",
		summary,
	].join("\n");
	return { system, prompt };
}
