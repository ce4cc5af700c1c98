/**
 * Prompt for LLM call 2 (select): given the chains' skeletons, choose the chains worth reading
 * and the nodes whose bodies should be read first.
 */
import { z } from "zod";

export const SELECT_PROMPT_VERSION = "select/3";

/** Chains and node refs the select answer may name; the prompt states the same bounds. */
export const SELECT_MAX_CHAINS = 8;
export const SELECT_MAX_NODES = 40;

export interface SelectPromptChain {
	id: string;
	title: string;
	direction: string;
	/**
	 * One line per hop: `ref  label  (file)`, indented by depth. A hop with no ref is a note naming
	 * lookalikes listed by name only (`and 40 more implementations: A, B, …`; pipeline/select-fold.ts).
	 */
	hops: {
		ref: string;
		label: string;
		depth: number;
		/** The line names lookalikes by name only. */
		folds?: boolean;
	}[];
}

/** What a node the select answer names may be: the prompt says the same. */
export const SELECT_NODE_ITEM = 'a node ref (n12), or a name from an "and N more" or "(also …)" note';

export const selectOutputSchema = z.object({
	chains: z.array(z.string()).max(SELECT_MAX_CHAINS),
	nodes: z.array(z.string().describe(SELECT_NODE_ITEM)).max(SELECT_MAX_NODES).default([]),
});
export type SelectOutput = z.infer<typeof selectOutputSchema>;

export function buildSelectPrompt(question: string, chains: readonly SelectPromptChain[]) {
	const system =
		"You choose which parts of a code skeleton must be read to answer a question. Answer with JSON only.";
	const body = chains.flatMap((c) => [
		`Chain ${c.id}: ${c.title} (${c.direction})`,
		...c.hops.map((h) => `${"  ".repeat(Math.min(h.depth, 6))}${h.ref ? `${h.ref}  ` : "  "}${h.label}`),
		"",
	]);
	const prompt = [
		`Question: ${question}`,
		"",
		"Skeletons (node refs like n12 identify definitions):",
		...body,
		`Return the ids of the chains that help answer the question (best first, at most ${SELECT_MAX_CHAINS}) and up to ${SELECT_MAX_NODES} node refs`,
		"whose bodies should be read first (entry points, decisions, the steps the question asks about).",
		...(chains.some((c) => c.hops.some((h) => h.folds)) ? [`Each node is ${SELECT_NODE_ITEM}.`] : []),
		'JSON shape: {"chains":[string],"nodes":[string]}',
	].join("\n");
	return { system, prompt, version: SELECT_PROMPT_VERSION };
}
