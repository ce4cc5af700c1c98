/** The short answer's first line: what the index found, in one sentence. */

import { code, keyWords } from "../markdown.js";
import type { PathStep } from "../path/types.js";
import { type Match, unsure, wordList } from "./match.js";
import type { Keyed, Label } from "./words.js";

/**
 * The answer's first line: what the index found, in one sentence, before the detail. A path of
 * one step needs none (In short opens with "The best match is …"). Names the path's ends and the
 * first key it crosses (where a request, a method call or an event leaves one part for another);
 * with two flows, both. It cites nothing: In short cites the same names right after.
 */
export function openingLine(
	label: Label,
	keyed: Keyed,
	path: readonly PathStep[],
	other: readonly PathStep[],
	endFile: boolean,
	match: Match | null = null,
): string {
	if (path.length < 2) return "";
	const span = (steps: readonly PathStep[], endFile: boolean) => {
		const at = steps.findIndex((s) => s.hop?.kind === "dispatch" && s.hop.key);
		const key = steps[at]?.hop?.key;
		const through = key ? `, through the ${keyWords(key).noun},` : "";
		const end = (steps.at(-1) as PathStep).def;
		const where = endFile && end.file ? ` in ${code(end.file)}` : "";
		// The key's handler at the end is named by what it is to the key ("the endpoint's `get` handler").
		const endName = (at === steps.length - 2 ? keyed(steps[at], steps.at(-1)) : null) ?? label(end);
		return `from ${label((steps[0] as PathStep).def)}${through} to ${endName}${where}`;
	};
	if (other.length > 1)
		return `Two flows match the question's words about equally well: one ${span(path, false)}, followed step by step below, and one ${span(other, false)}.`;
	if (match && !match.strong)
		return `Closest match found (${unsure(match)}): the flow ${span(path, endFile)}.`;
	// What In short does not say: how long the flow is and which of the question's words it matches.
	const files = new Set(path.map((s) => s.def.file).filter(Boolean)).size;
	const size = `${path.length} steps over ${files === 1 ? "1 file" : `${files} files`}`;
	// Said like the hedge ("its names and files do not mention …"): "matching the question's words" read as jargon (session 19).
	const matched =
		match && match.named.length > 0 ? `; its names and files mention ${wordList(match.named, "and")}` : "";
	return `Best match in the code: the flow ${span(path, endFile)} (${size}${matched}).`;
}
