/**
 * Reading stored source lines without a parser: the indentation, blank-or-comment and `if`-condition
 * tests the path's branch, fork and awaited-tail rules and the material's slices share.
 */

/** The columns of leading white space. */
export const indentOf = (line: string): number => line.length - line.trimStart().length;

/** A line that holds no code: empty, a `//` comment or a line of a block comment. */
export const isBlank = (line: string | undefined): boolean =>
	!line?.trim() || /^\s*(?:\/\/|\/?\*)/.test(line);

/**
 * A line's code with its comments cut and its string literals emptied (`""`): a name written in a
 * comment or a string is no call and no use of it (short/unfollowed.ts, code-mentions.ts).
 */
export function codeOnly(line: string): string {
	return line
		.replace(/\/\/.*$/, "")
		.replace(/\/\*.*?\*\//g, "")
		.replace(/(["'`])(?:\\.|(?!\1).)*\1/g, '""');
}

/** The condition of an `if` header: what its first parentheses hold, or "" when they do not close. */
export function ifCondition(header: string): string {
	const open = header.indexOf("(");
	if (open < 0) return "";
	let depth = 0;
	for (let i = open; i < header.length; i++) {
		const c = header[i];
		if (c === "(") depth++;
		else if (c === ")" && --depth === 0) return header.slice(open + 1, i).trim();
	}
	return "";
}
