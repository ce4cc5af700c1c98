/**
 * Prompt for LLM call 1 (route): choose the outline sections a question is about, group them
 * into topic chains, and suggest the words the code is likely to use for the question's terms.
 */
import { z } from "zod";

export const ROUTE_PROMPT_VERSION = "route/2";

/** Chains the route answer may hold; the prompt states the same bound (at most this, or fewer when asked). */
export const ROUTE_MAX_CHAINS = 6;
/** Search terms the route answer may suggest (the prompt asks for up to this many). */
export const ROUTE_MAX_TERMS = 15;

export interface RoutePromptSection {
	id: string;
	title: string;
	path: string;
	summary: string;
	symbols: string[];
	keys: string[];
}

export const routeOutputSchema = z.object({
	chains: z
		.array(z.object({ title: z.string().min(1).max(200), sectionIds: z.array(z.string()).min(1).max(10) }))
		.min(1)
		.max(ROUTE_MAX_CHAINS),
	/** Identifier-style words the code probably uses for the question's concepts. */
	searchTerms: z.array(z.string().max(80)).max(ROUTE_MAX_TERMS).default([]),
});
export type RouteOutput = z.infer<typeof routeOutputSchema>;

const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

export function buildRoutePrompt(
	question: string,
	sections: readonly RoutePromptSection[],
	maxChains: number,
) {
	const chains = Math.max(1, Math.min(maxChains, ROUTE_MAX_CHAINS));
	const system = [
		"You route questions about a source repository to the parts of its outline that answer them.",
		"Answer with JSON only, matching the schema described in the prompt. Use only section ids from the list.",
	].join(" ");
	const lines = sections.map((s) =>
		[
			`- id: ${s.id}`,
			`  title: ${clip(s.title, 120)}`,
			`  path: ${s.path || "(root)"}`,
			s.summary ? `  summary: ${clip(s.summary.replace(/\s+/g, " "), 300)}` : "",
			s.symbols.length ? `  symbols: ${s.symbols.slice(0, 10).join(", ")}` : "",
			s.keys.length ? `  keys: ${s.keys.slice(0, 10).join(", ")}` : "",
		]
			.filter(Boolean)
			.join("\n"),
	);
	const prompt = [
		`Question: ${question}`,
		"",
		"Outline sections (candidates):",
		...lines,
		"",
		`Pick the sections that hold the code answering the question and group them into at most ${chains} topic chains`,
		"(one chain per distinct flow or component, most important first).",
		`Also list up to ${ROUTE_MAX_TERMS} searchTerms:`,
		"identifier words the code likely uses for the question's concepts",
		'(e.g. a question about "channels" in code that says "room").',
		'JSON shape: {"chains":[{"title":string,"sectionIds":[string]}],"searchTerms":[string]}',
	].join("\n");
	return { system, prompt, version: ROUTE_PROMPT_VERSION };
}
