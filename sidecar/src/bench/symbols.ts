/** Small, pure helpers for matching symbol names in text; shared by the graders and the citation check. */

import { defIdName, defIdPrefix, nameSegments } from "../index/def-id.js";

/**
 * The name part of a symbol or defId: `a/b.ts#Push.send` → `Push.send`; `trunk:rest#chat.x` → `chat.x`;
 * a private member keeps its `#` (`Run.#start`).
 */
export function symbolName(symbol: string): string {
	return defIdName(symbol).replace(/\(\)$/, "").trim();
}

/**
 * Last dotted segment of a symbol: `ComposerBox.onComposerSubmit` → `onComposerSubmit`; a callback named
 * by its call and key keeps the key's own dots (`metrics.measure(jobs.v2/run)` → `measure(jobs.v2/run)`).
 */
export function lastSegment(symbol: string): string {
	const name = symbolName(symbol);
	return nameSegments(name).pop() ?? name;
}

/** The file a defId lives in, or null for dispatch-key pseudo-nodes (`trunk:<trunk>#<key>`). */
export function defIdFile(defId: string): string | null {
	if (defId.startsWith("trunk:")) return null;
	return defIdPrefix(defId);
}

/**
 * True when `symbol` is written in `text` as a whole identifier (or dotted path): `send` does not
 * match inside `sendMessage`, `Messages.insertOne` does not match `MessagesCollection.insertOne`.
 */
import { escapeRegExp } from "../escape-regexp.js";
export function namesSymbol(text: string, symbol: string): boolean {
	if (!symbol) return false;
	return new RegExp(`(?<![A-Za-z0-9_$])${escapeRegExp(symbol)}(?![A-Za-z0-9_$])`).test(text);
}
