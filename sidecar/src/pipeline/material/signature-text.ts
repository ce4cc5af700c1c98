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
	reach: Pick<MapReach, "compactSignatures" | "signatureChars" | "wordLineChars">,
	words: readonly string[] = [],
): string {
	const joined = lines.map((l) => l.trim()).join(" ");
	const shown = headed
		? joined.replace(/([([{]) /g, "$1")
		: reach.compactSignatures
			? compactSignature(joined.replace(MODIFIERS, ""))
			: joined.replace(MODIFIERS, "");
	const cut = wordCut(shown, headed ? HEAD_CHARS : reach.signatureChars, reach.wordLineChars, words);
	return shown.length > cut ? `${shown.slice(0, cut - 1)}…` : shown;
}

/** Question words shorter than this meet too many lines (as the map's local heads). */
const MIN_WORD = 4;
/** A line this close to its end past the last word is shown whole. */
const TAIL_CHARS = 6;

/**
 * Where to cut `shown`: at `cut`, or, when one of the question's `words` that the part before the cut
 * does not show occurs past it, after the identifier holding the last one that starts within `max`
 * characters (the whole line when little is left after it).
 */
export function wordCut(shown: string, cut: number, max: number, words: readonly string[]): number {
	if (shown.length <= cut || max <= cut) return cut;
	const low = shown.toLowerCase();
	const kept = low.slice(0, cut - 1);
	let end = cut;
	for (const w of words) {
		// A word the kept part shows already names the line's topic: the rest adds nothing new.
		if (w.length < MIN_WORD || kept.includes(w)) continue;
		for (let at = low.indexOf(w); at >= 0 && at < max; at = low.indexOf(w, at + 1)) {
			let stop = at + w.length;
			while (stop < max && /[\w$]/.test(shown[stop] ?? "")) stop++;
			end = Math.max(end, Math.min(stop, max));
		}
	}
	if (end === cut) return cut;
	return shown.length <= end + TAIL_CHARS ? shown.length : end + 1;
}

/**
 * A signature line without its opening brace and, after its parameter list, its return type
 * (an arrow keeps its `=>`): `async listNodes(): Promise<IClusterNode[]> {` → `async listNodes()`.
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
