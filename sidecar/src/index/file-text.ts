/** A file's text as a reader keeps it: one string with where each line starts, lines cut from it on demand. */

/** A file's text with where each line starts: lines are cut from the one string, not kept twice. */
export interface FileText {
	text: string;
	lineStarts: Uint32Array;
}

export function fileText(text: string): FileText {
	const starts = [0];
	for (let at = text.indexOf("\n"); at !== -1; at = text.indexOf("\n", at + 1)) starts.push(at + 1);
	return { text, lineStarts: Uint32Array.from(starts) };
}

/** Text length plus 4 bytes a line: one-byte (ASCII/Latin-1) strings take a byte a character. */
export const textSize = (t: FileText): number => t.text.length + t.lineStarts.byteLength;

/** An index into a list of `count` as Array.prototype.slice reads it (negative from the end, clamped). */
function sliceIndex(at: number, count: number): number {
	const n = Math.trunc(at) || 0;
	return n < 0 ? Math.max(count + n, 0) : Math.min(n, count);
}

/** Lines startLine..endLine (1-based, inclusive) of the file, clamped to it. */
export function linesOf(file: FileText, startLine: number, endLine: number): string[] {
	const { text, lineStarts } = file;
	const count = lineStarts.length;
	// The lines `split("\n").slice(max(0, startLine - 1), min(count, endLine))` would give.
	const from = sliceIndex(Math.max(0, startLine - 1), count);
	const to = sliceIndex(Math.min(count, endLine), count);
	const lines: string[] = [];
	for (let i = from; i < to; i++) {
		lines.push(text.slice(lineStarts[i], i + 1 < count ? (lineStarts[i + 1] as number) - 1 : text.length));
	}
	return lines;
}
