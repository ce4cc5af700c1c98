import { describe, expect, it } from "vitest";
import { indentOf, isBlank } from "../../src/pipeline/source-lines.js";

/** The rules as they were written (with `trimStart`, `trim` and a regular expression): what the counting must give. */
const indentByTrim = (line: string): number => line.length - line.trimStart().length;
const blankByRegExp = (line: string | undefined): boolean => !line?.trim() || /^\s*(?:\/\/|\/?\*)/.test(line);

describe("source-lines: indentOf and isBlank", () => {
	it("read every UTF-16 code unit as white space exactly as trimStart and \\s do", () => {
		const differ: string[] = [];
		for (let c = 0; c <= 0xffff; c++) {
			const ch = String.fromCharCode(c);
			for (const line of [`${ch}x`, `${ch}${ch}//`, `  ${ch}*`, ch, `${ch}/`, `x${ch}`]) {
				if (indentOf(line) !== indentByTrim(line) || isBlank(line) !== blankByRegExp(line))
					differ.push(`U+${c.toString(16)} in ${JSON.stringify(line)}`);
			}
		}
		expect(differ).toEqual([]);
	});

	it("tell code from comments, empty lines and undefined as before", () => {
		const lines = [
			undefined,
			"",
			"   ",
			"\t\t",
			"// a comment",
			"  /* block */ code()",
			"   * inside a block",
			"  */",
			"/",
			"  / 2",
			"  x / 2 // half",
			"\u00a0\u3000\ufeff// wide spaces",
			"\r",
			"  if (a) {",
			"*/ done()",
			"\u2028  *",
		];
		for (const line of lines) {
			expect(isBlank(line), JSON.stringify(line)).toBe(blankByRegExp(line));
			if (line !== undefined) expect(indentOf(line), JSON.stringify(line)).toBe(indentByTrim(line));
		}
		expect(isBlank("  code();")).toBe(false);
		expect(isBlank("  // note")).toBe(true);
		expect(indentOf("\t  x")).toBe(3);
	});
});
