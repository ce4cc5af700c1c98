/**
 * A body's text as the material prints it, without the indentation its range does not need: the
 * whitespace every line shares is dropped, and space indentation becomes one tab per level. Line
 * breaks and code are kept, so a range's lines stay the lines it names. Session 36, tail36: the
 * budget is counted in characters, and a two-space-indented repository's bodies spent a tenth of
 * them on leading spaces.
 */

/** The text of `lines` dedented, with space indentation written as tabs. */
export function compactBody(lines: readonly string[]): string {
	const body = lines.filter((l) => l.trim() !== "");
	const shared = sharedIndent(body);
	const dedented = lines.map((l) => (l.trim() === "" ? "" : l.slice(shared.length)));
	const unit = spaceUnit(dedented);
	if (unit < 2) return dedented.join("\n");
	return dedented
		.map((l) => {
			const spaces = l.length - l.replace(/^ +/, "").length;
			const levels = Math.floor(spaces / unit);
			return levels ? "\t".repeat(levels) + l.slice(levels * unit) : l;
		})
		.join("\n");
}

/** The leading whitespace all `lines` start with (the same characters, tabs or spaces). */
function sharedIndent(lines: readonly string[]): string {
	let prefix: string | null = null;
	for (const l of lines) {
		const lead = /^[ \t]*/.exec(l)?.[0] ?? "";
		if (prefix === null) prefix = lead;
		else {
			let i = 0;
			while (i < prefix.length && i < lead.length && prefix[i] === lead[i]) i++;
			prefix = prefix.slice(0, i);
		}
		if (prefix === "") return "";
	}
	return prefix ?? "";
}

/**
 * The width of one level of space indentation: the greatest common divisor of the lines' leading
 * space runs (a block comment's ` * ` rows, aligned by one space, do not count); 0 without any.
 */
function spaceUnit(lines: readonly string[]): number {
	let unit = 0;
	for (const l of lines) {
		const spaces = l.length - l.replace(/^ +/, "").length;
		if (spaces === 0 || l.trimStart().startsWith("*")) continue;
		unit = gcd(unit, spaces);
	}
	return unit;
}

function gcd(a: number, b: number): number {
	return b === 0 ? a : gcd(b, a % b);
}
