/** Small, pure helpers for matching symbol names in text; shared by the graders and the citation check. */

/** The name part of a symbol or defId: `a/b.ts#Push.send` → `Push.send`; `trunk:rest#chat.x` → `chat.x`. */
export function symbolName(symbol: string): string {
	const hash = symbol.lastIndexOf("#");
	return (hash >= 0 ? symbol.slice(hash + 1) : symbol).replace(/\(\)$/, "").trim();
}

/** Last dotted segment of a symbol: `MessageBox.handleSendMessage` → `handleSendMessage`. */
export function lastSegment(symbol: string): string {
	const name = symbolName(symbol);
	const parts = name.split(".").filter(Boolean);
	return parts[parts.length - 1] ?? name;
}

/** The file a defId lives in, or null for dispatch-key pseudo-nodes (`trunk:<trunk>#<key>`). */
export function defIdFile(defId: string): string | null {
	if (defId.startsWith("trunk:")) return null;
	const hash = defId.indexOf("#");
	return hash > 0 ? defId.slice(0, hash) : null;
}

/**
 * True when `symbol` is written in `text` as a whole identifier (or dotted path): `send` does not
 * match inside `sendMessage`, `Messages.insertOne` does not match `MessagesRaw.insertOne`.
 */
import { escapeRegExp } from "../escape-regexp.js";
export function namesSymbol(text: string, symbol: string): boolean {
	if (!symbol) return false;
	return new RegExp(`(?<![A-Za-z0-9_$])${escapeRegExp(symbol)}(?![A-Za-z0-9_$])`).test(text);
}
