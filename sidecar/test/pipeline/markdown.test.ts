import { describe, expect, it } from "vitest";
import { code, listWords, sentence } from "../../src/pipeline/markdown.js";

describe("offline answer Markdown helpers", () => {
	it("quotes a doc sentence whole, ends a cut one at a word, and drops one that says nothing", () => {
		expect(sentence("Sends a push to every device.", 160)).toBe("Sends a push to every device.");
		expect(sentence("Sends a push to every device", 160)).toBe("Sends a push to every device.");
		const cut =
			"Upgrades a sketched line to an arrow when it connects two elements (called from the pointer-up handler".slice(
				0,
				80,
			);
		expect(sentence(cut, 80)).toBe(
			"Upgrades a sketched line to an arrow when it connects two elements (called…",
		);
		expect(sentence("Mutation", 160)).toBe("");
		expect(sentence("", 160)).toBe("");
	});

	it("joins lists in prose and keeps backticks from breaking inline code", () => {
		expect(listWords(["a"])).toBe("a");
		expect(listWords(["a", "b", "c"])).toBe("a, b and c");
		expect(code("a`b")).toBe("`a'b`");
	});
});
