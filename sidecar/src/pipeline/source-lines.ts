/**
 * Reading stored source lines without a parser: the indentation, blank-or-comment and `if`-condition
 * tests the path's branch, fork and awaited-tail rules and the material's slices share.
 */

/**
 * Is the UTF-16 code unit white space as `trim` and `\s` read it (WhiteSpace and LineTerminator)?
 * The slice rules ask these of every line above every hop: counting in place, not `trimStart()`
 * copies, keeps a question's material from making ~100 MB of garbage (session 50, lat50).
 */
function isSpace(c: number): boolean {
	if (c <= 32) return c === 32 || (c >= 9 && c <= 13);
	if (c < 160) return false;
	return (
		c === 160 ||
		c === 0x1680 ||
		(c >= 0x2000 && c <= 0x200a) ||
		c === 0x2028 ||
		c === 0x2029 ||
		c === 0x202f ||
		c === 0x205f ||
		c === 0x3000 ||
		c === 0xfeff
	);
}

/** Where a line's first character that is not white space sits (its length when there is none). */
function firstNonSpace(line: string): number {
	let i = 0;
	while (i < line.length && isSpace(line.charCodeAt(i))) i++;
	return i;
}

/** The columns of leading white space (what `line.trimStart()` removes). */
export const indentOf = (line: string): number => firstNonSpace(line);

/** A line that holds no code: empty, a `//` comment or a line of a block comment. */
export function isBlank(line: string | undefined): boolean {
	if (!line) return true;
	const i = firstNonSpace(line);
	if (i === line.length) return true;
	// `^\s*(?:\/\/|\/?\*)`: `//`, `/*` or `*` first.
	const c = line.charCodeAt(i);
	if (c === 42) return true;
	const d = line.charCodeAt(i + 1);
	return c === 47 && (d === 47 || d === 42);
}

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
