/** Small Markdown helpers shared by the offline answer's parts. */
import type { DefRow } from "../index/types.js";
import { keyTrunk } from "./skeleton.js";

/** Inline code; a backtick inside would end the span early. */
export const code = (s: string) => `\`${s.replace(/`/g, "'")}\``;

/** "callbacks key `afterSaveMessage`" for a dispatch-key pseudo-node. */
export function keyLabel(def: DefRow): string {
	return `${keyTrunk(def)} key ${code(def.name)}`;
}

/** "a, b and c" */
export function listWords(items: readonly string[]): string {
	if (items.length <= 1) return items.join("");
	return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

/**
 * A doc comment's first sentence (as cut by firstSentence to `maxChars`), ending in punctuation;
 * a sentence cut short ends at a word with "…"; fewer than three words say nothing (empty).
 */
export function sentence(text: string, maxChars: number): string {
	const t = text.trim();
	if (t.split(/\s+/).length < 3) return "";
	if (/[.!?]$/.test(t)) return t;
	if (text.length < maxChars) return `${t}.`;
	const cut = t.slice(0, t.lastIndexOf(" ")).replace(/[\s,;:(—-]+$/, "");
	return `${cut}…`;
}
