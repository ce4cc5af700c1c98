/** How a map entry reads: a signature line is a pointer to a definition, not its code. */
import type { MapReach } from "./reach.js";

/**
 * Characters of a signature line shown at most (`MapReach.signatureChars`), after its leading
 * modifiers (`export default`, `public static`…): the map is where most chain steps are named, so
 * a shorter line lets it name more of them (56 with the modifiers: ~9% fewer lines,
 * benchmarks/answers.md run 11 — material).
 */
const MODIFIERS =
	/^(?:(?:export|default|declare|public|private|protected|static|readonly|abstract|override)\s+)+/;
/** Characters of a signature listed from its register call's head (the call and its key). */
const HEAD_CHARS = 64;

/**
 * A signature's text from its lines: its modifiers go and a long first line is cut; a `headed`
 * one (listed from its register call's head) is the call's lines joined, up to the handler's own
 * first line.
 */
export function signatureText(
	lines: readonly string[],
	headed: boolean,
	reach: Pick<MapReach, "compactSignatures" | "signatureChars">,
): string {
	const joined = lines.map((l) => l.trim()).join(" ");
	const shown = headed
		? joined.replace(/([([{]) /g, "$1")
		: reach.compactSignatures
			? compactSignature(joined.replace(MODIFIERS, ""))
			: joined.replace(MODIFIERS, "");
	const cut = headed ? HEAD_CHARS : reach.signatureChars;
	return shown.length > cut ? `${shown.slice(0, cut - 1)}…` : shown;
}

/**
 * A signature line without its opening brace and, after its parameter list, its return type
 * (an arrow keeps its `=>`): `async nodeList(): Promise<IBrokerNode[]> {` → `async nodeList()`.
 */
export function compactSignature(line: string): string {
	let text = line.replace(/\s*\{\s*$/, "");
	const open = text.indexOf("(");
	if (open < 0) return text;
	let depth = 0;
	for (let i = open; i < text.length; i++) {
		const ch = text[i];
		if (ch === "(") depth++;
		else if (ch === ")" && --depth === 0) {
			const rest = text.slice(i + 1);
			if (/^\s*:/.test(rest)) text = `${text.slice(0, i + 1)}${/=>\s*$/.test(rest) ? " =>" : ""}`;
			break;
		}
	}
	return text;
}
