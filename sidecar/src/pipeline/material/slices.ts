/**
 * Slices of a long definition: the lines that matter for a question, instead of a fixed window
 * at its head. Its signature; the lines around each call or dispatch on the chain, with the
 * `if` / `switch` / loop headers that enclose them (the branch deciding whether the hop
 * happens); and the lines holding the question's words. Pure: works on the definition's lines.
 */

export interface SliceInput {
	/** The definition's lines, `startLine` first. */
	lines: readonly string[];
	startLine: number;
	/** Absolute line numbers of the hops that matter (calls, dispatches on the chain), most important first. */
	sites: readonly number[];
	/** Lower-case words (or stems) of the question: a line holding one is worth reading. */
	words: readonly string[];
	/** Lines in all, at most. */
	maxLines: number;
}

/** Lines either side of a hop. */
const SITE_CONTEXT = 2;
/** Enclosing control lines kept per hop. */
const MAX_CONDITIONS = 4;
/** Lines holding the question's words, at most. */
const MAX_WORD_LINES = 8;
/** Slices closer than this many lines are merged. */
const MERGE_GAP = 2;

const CONTROL =
	/^\s*(?:\}\s*)?(?:if\b|else\b|switch\b|case\b|default\s*:|for\b|while\b|do\b|try\b|catch\b|finally\b|return\b.*\?)/;

const indentOf = (line: string) => line.length - line.trimStart().length;

/** The signature: from the first line to the one opening the body (at most 4 lines). */
function signatureEnd(lines: readonly string[]): number {
	for (let i = 0; i < Math.min(lines.length, 4); i++) {
		if (/[{(]\s*$|=>\s*\{?\s*$|\{\s*$/.test(lines[i] ?? "")) return i;
	}
	return 0;
}

/** Control-flow headers above `at` (relative index) that enclose it, innermost first. */
export function enclosingConditions(lines: readonly string[], at: number): number[] {
	const out: number[] = [];
	let indent = indentOf(lines[at] ?? "");
	for (let i = at - 1; i > 0 && out.length < MAX_CONDITIONS; i--) {
		const line = lines[i] ?? "";
		if (!line.trim()) continue;
		const ind = indentOf(line);
		if (ind >= indent) continue;
		indent = ind;
		if (CONTROL.test(line)) out.push(i);
	}
	return out;
}

/** Merge [start, end] intervals (relative) that overlap or nearly touch. */
export function mergeIntervals(intervals: readonly [number, number][], gap = MERGE_GAP): [number, number][] {
	const sorted = [...intervals].sort((a, b) => a[0] - b[0]);
	const out: [number, number][] = [];
	for (const [s, e] of sorted) {
		const last = out.at(-1);
		if (last && s <= last[1] + gap + 1) last[1] = Math.max(last[1], e);
		else out.push([s, e]);
	}
	return out;
}

/** Slices of a definition as absolute [start, end] line ranges, in file order. */
export function sliceDefinition(input: SliceInput): [number, number][] {
	const { lines, startLine } = input;
	const last = lines.length - 1;
	const clamp = (i: number) => Math.max(0, Math.min(last, i));
	const wanted: [number, number][] = [[0, signatureEnd(lines)]];
	let used = wanted[0] ? wanted[0][1] + 1 : 0;
	const add = (s: number, e: number): boolean => {
		const a = clamp(s);
		const b = clamp(e);
		if (used + (b - a + 1) > input.maxLines) return false;
		wanted.push([a, b]);
		used += b - a + 1;
		return true;
	};
	for (const site of input.sites) {
		const at = site - startLine;
		if (at < 0 || at > last) continue;
		if (!add(at - SITE_CONTEXT, at + SITE_CONTEXT)) break;
		for (const c of enclosingConditions(lines, at)) if (!add(c, c)) break;
	}
	const words = input.words.filter((w) => w.length >= 4);
	if (words.length) {
		let taken = 0;
		for (let i = 1; i <= last && taken < MAX_WORD_LINES; i++) {
			const text = (lines[i] ?? "").toLowerCase();
			if (!words.some((w) => text.includes(w))) continue;
			if (!add(i - 1, i + 1)) break;
			taken++;
		}
	}
	return mergeIntervals(wanted).map(([s, e]) => [startLine + s, startLine + e]);
}
