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

/** A doc comment's first sentence, ending in punctuation (empty when there is none). */
export function sentence(text: string): string {
	const t = text.trim();
	if (!t) return "";
	return /[.!?]$/.test(t) ? t : `${t}.`;
}
