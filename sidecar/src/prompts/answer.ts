/**
 * Prompt for LLM call 3 (answer): Markdown grounded in the numbered sources, every claim about
 * the code cited as [n]. The pipeline verifies each cited range and appends the sources list.
 * Sources come from the context assembler (pipeline/material/): each is one range of one
 * definition or one module-level block, labelled with what it holds and why it is there.
 */
export const ANSWER_PROMPT_VERSION = "answer/12";

export interface AnswerPromptSource {
	/** The citation number; 0 for context that cannot be cited. */
	n: number;
	file: string;
	startLine: number;
	endLine: number;
	/** What the range holds (`sendMessage`, `sendMessage (lines 120-131 of 80-410)`, `module-level register: …`). */
	label: string;
	/** Why it is here: pick, seed, chain, key-hop, module, neighbour. */
	role: string;
	/** whole | slice | block | signature: signatures are listed as one line each. */
	unit: string;
	text: string;
}

const ROLE_NOTE: Record<string, string> = {
	pick: "asked for",
	seed: "entry",
	chain: "chain step",
	"key-hop": "other end of a key",
	callee: "callee on the path",
	wrapper: "wrapper applied at a definition",
	caller: "where an entry is called from",
	module: "module-level",
	neighbour: "neighbour",
};

export function buildAnswerPrompt(
	question: string,
	skeleton: string,
	sources: readonly AnswerPromptSource[],
	impact: string | null = null,
	note: string | null = null,
) {
	const system = [
		"You explain how a codebase works to a developer new to it, using only the numbered sources given.",
		"Write Markdown: a short overview that starts from the first sources (they are the most relevant),",
		"then the flow step by step (one line per hop, naming the function),",
		"then where to look to change it. Cite every statement about the code with its source number like [3];",
		"cite only numbers that exist; never invent files, symbols or line numbers. Do not add a sources list:",
		"it is appended for you. A source marked 'other end of a key' is the handler (or dispatcher) on the far",
		"side of an event, method, route or queue key; 'wrapper applied at a definition' decides whether the",
		"wrapped function runs at all. For each step, say under which condition it happens when the sources show",
		"it (an if, a guard or wrapper, a setting or environment flag, a delay), and name every entry point and",
		"every handler the sources show, not only the first. A source labelled 'lines a-b of A-B' is a slice",
		"of a longer definition: the lines between its slices were not read, so say nothing of them beyond",
		"what the slices show. A definition listed only as a signature was not read: say what its name,",
		"signature and callers show it does, marked as inferred, and name it as where to look; never invent",
		"details of its body, and never attribute to it a step that a source shown in full does. When a listing of every use is given, report",
		"its counts as they are, never an estimate. If the sources do not answer the question, say so and what",
		"is missing.",
	].join(" ");
	const head = (s: AnswerPromptSource) =>
		`${s.n > 0 ? `[${s.n}]` : "(context, not citable)"} ${s.file}:${s.startLine}-${s.endLine} — ${s.label} (${ROLE_NOTE[s.role] ?? s.role})`;
	const bodies = sources.filter((s) => s.unit !== "signature");
	const signatures = sources.filter((s) => s.unit === "signature");
	const src = bodies.flatMap((s) => [head(s), "```", s.text, "```"]);
	// The signature map, grouped by folder and file: each folder once, each file name once under
	// it, then `[n] signature` per definition (the material's token count assumes this shape).
	const map: string[] = [];
	const files = [...new Set(signatures.map((s) => s.file))];
	const folderOf = (f: string) => f.slice(0, f.lastIndexOf("/") + 1);
	for (const folder of [...new Set(files.map(folderOf))]) {
		map.push(folder || "./");
		for (const file of files.filter((f) => folderOf(f) === folder)) {
			map.push(`  ${file.slice(folder.length)}:`);
			for (const s of signatures.filter((x) => x.file === file)) {
				map.push(`    ${signatureEntry(s.n, s.text)}`);
			}
		}
	}
	const prompt = [
		`Question: ${question}`,
		"",
		"Skeleton of the relevant code (call graph, by chain):",
		skeleton,
		"",
		...(impact ? ["Every use the index knows (complete counts):", impact, ""] : []),
		// What the search established about the question's words (a pattern noun no family carries):
		// the offline answer says it first, and so must the model.
		...(note ? ["Found by the index (say this first, in your own words):", note, ""] : []),
		"Sources (most relevant to the question first):",
		...src,
		...(map.length
			? [
					"",
					"Signatures only: definitions whose bodies were NOT read (anything said of them is inferred; where to look next), each entry a declaration or one line of such a body; cite an entry by its number alone, like any source:",
					...map,
				]
			: []),
	].join("\n");
	return { system, prompt, version: ANSWER_PROMPT_VERSION };
}

/**
 * A signature map entry as the prompt prints it: its citation number and its text. No line number:
 * the sources list appended to the answer gives each cited range's lines, and the numbers were 15%
 * of the map's real tokens (session 37, tok37).
 */
export function signatureEntry(n: number, text: string): string {
	return `${n > 0 ? `[${n}]` : "-"} ${text.trim()}`;
}

/**
 * Where a signature entry sits (the character estimate's shape of an entry): its line, or its lines when it spans several (a handler listed
 * from its register call's head, a key written below its call): the text joins those lines.
 */
export function signatureLines(s: { startLine: number; endLine: number }): string {
	return s.endLine > s.startLine ? `${s.startLine}-${s.endLine}` : `${s.startLine}`;
}
