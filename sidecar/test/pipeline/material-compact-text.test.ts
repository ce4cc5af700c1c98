/** The material's bodies without the indentation their range does not need (compact-text.ts). */
import { describe, expect, it } from "vitest";
import { compactBody } from "../../src/pipeline/material/compact-text.js";

describe("compactBody", () => {
	it("drops the indentation every line of a method shares and writes space levels as tabs", () => {
		const lines = [
			"  async flush() {",
			"    if (!this.queue.length) return;",
			"",
			"    await this.write();",
			"  }",
		];
		expect(compactBody(lines)).toBe(
			["async flush() {", "\tif (!this.queue.length) return;", "", "\tawait this.write();", "}"].join("\n"),
		);
	});

	it("keeps a line per line, so a range's lines are the lines it names", () => {
		const lines = ["    const a = 1;", "", "      // why", "    return a;"];
		expect(compactBody(lines).split("\n")).toHaveLength(lines.length);
	});

	it("keeps a block comment's rows aligned under its opening", () => {
		const lines = ["  /**", "   * Writes the batch.", "   */", "  write() {", "    return 1;", "  }"];
		expect(compactBody(lines)).toBe(
			["/**", " * Writes the batch.", " */", "write() {", "\treturn 1;", "}"].join("\n"),
		);
	});

	it("leaves tab-indented code as it is but for the shared tabs", () => {
		const lines = ["\tfunction run() {", "\t\treturn go();", "\t}"];
		expect(compactBody(lines)).toBe(["function run() {", "\treturn go();", "}"].join("\n"));
	});

	it("leaves odd space runs (a one-space continuation) as spaces", () => {
		const lines = ["foo(a,", " b);"];
		expect(compactBody(lines)).toBe("foo(a,\n b);");
	});
});
