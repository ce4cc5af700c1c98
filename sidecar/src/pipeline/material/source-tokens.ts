/** What a source costs in the answer prompt, counted as the prompt prints it. */
import { signatureEntry, signatureLines } from "../../prompts/answer.js";
import { estimateTokens } from "../read.js";
import type { MaterialSource } from "./types.js";

/**
 * Counts a text's tokens. `lineBreak`: what a printed line break and its indentation cost beyond
 * the lines themselves. The character estimate leaves it out (its rounding up pays for a newline);
 * a tokenizer's count needs it for the signature map, whose ~550 indented lines a material cost
 * ~1 token each beyond their text (session 37, tok37: 16,000 counted were 16,627 printed).
 */
export type TokenCount = ((text: string) => number) & { readonly lineBreak?: number };

/** A path's folder (with its trailing slash; "" at the root) and its file name. */
export function splitPath(file: string): { folder: string; name: string } {
	const i = file.lastIndexOf("/");
	return { folder: file.slice(0, i + 1), name: file.slice(i + 1) };
}

/**
 * Tokens a source costs in a prompt: its text and its header line. Signatures are listed one line
 * each under their file (the prompt prints the path once); `listed` says whether the map holds
 * the file already, or (grouped by folder) only its folder, which leaves the file name to print.
 */
export function sourceTokens(
	s: Pick<MaterialSource, "range" | "label" | "text" | "unit">,
	count: TokenCount = estimateTokens,
	listed: "file" | "folder" | false = false,
): number {
	if (s.unit === "signature") {
		const head =
			listed === "file" ? 0 : listed === "folder" ? count(splitPath(s.range.file).name) : count(s.range.file);
		if (count.lineBreak === undefined)
			return count(`[000] ${signatureLines(s.range)}: ${s.text.trim()}`) + head;
		// A tokenizer's count: the entry as printed, its own line break, and its file's and
		// folder's lines where the map prints them first.
		const breaks = 1 + (listed === "file" ? 0 : listed === "folder" ? 1 : 2);
		return count(signatureEntry(WIDE_NUMBER, s.text)) + head + breaks * count.lineBreak;
	}
	// The header also carries the role's note (`(other end of a key)`), and the code sits between fences.
	return (
		count(s.text) +
		count(
			`[00] ${s.range.file}:${s.range.startLine}-${s.range.endLine} — ${s.label} (${ROLE_NOTE_ALLOWANCE})`,
		) +
		count("\n```\n```\n")
	);
}

/** A citation number as wide as a material's numbers run (three digits). */
const WIDE_NUMBER = 100;

/** Characters allowed for the role note in a source's header (the longest note in prompts/answer.ts). */
const ROLE_NOTE_ALLOWANCE = "x".repeat(34);
