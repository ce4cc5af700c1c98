/**
 * Prompt for LLM call 2 (select): given the chains' skeletons, choose the chains worth reading
 * and the nodes whose bodies should be read first.
 */
import { z } from "zod";

export const SELECT_PROMPT_VERSION = "select/2";

/** Chains and node refs the select answer may name; the prompt states the same bounds. */
export const SELECT_MAX_CHAINS = 8;
export const SELECT_MAX_NODES = 40;

export interface SelectPromptChain {
	id: string;
	title: string;
	direction: string;
	/** One line per hop: `ref  label  (file)`, indented by depth. */
	hops: { ref: string; label: string; depth: number }[];
}

export const selectOutputSchema = z.object({
	chains: z.array(z.string()).max(SELECT_MAX_CHAINS),
	nodes: z.array(z.string()).max(SELECT_MAX_NODES).default([]),
});
export type SelectOutput = z.infer<typeof selectOutputSchema>;

export function buildSelectPrompt(question: string, chains: readonly SelectPromptChain[]) {
	const system =
		"You choose which parts of a code skeleton must be read to answer a question. Answer with JSON only.";
	const body = chains.flatMap((c) => [
		`Chain ${c.id}: ${c.title} (${c.direction})`,
		...c.hops.map((h) => `${"  ".repeat(Math.min(h.depth, 6))}${h.ref}  ${h.label}`),
		"",
	]);
	const prompt = [
		`Question: ${question}`,
		"",
		"Skeletons (node refs like n12 identify definitions):",
		...body,
		`Return the ids of the chains that help answer the question (best first, at most ${SELECT_MAX_CHAINS}) and up to ${SELECT_MAX_NODES} node refs`,
		"whose bodies should be read first (entry points, decisions, the steps the question asks about).",
		'JSON shape: {"chains":[string],"nodes":[string]}',
	].join("\n");
	return { system, prompt, version: SELECT_PROMPT_VERSION };
}
