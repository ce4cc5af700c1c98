import { describe, expect, it } from "vitest";
import {
	type FeedbackIndex,
	feedbackShares,
	feedbackTerms,
	fileTokens,
} from "../../src/pipeline/feedback-terms.js";

describe("fileTokens", () => {
	it("splits text as the whole-file search table does: identifiers whole, underscores apart", () => {
		const tokens = fileTokens("const shelfLabel = make_label(binOrder); x = 1", 5);
		expect([...tokens.keys()].sort()).toEqual(["const", "label", "shelflabel", "binorder"].sort());
	});
});

describe("feedbackTerms", () => {
	const files = 1000;
	// Rare names two feedback files share; a word every file has; the question's own word.
	const texts = [
		"import { stampBatch } from './batch'; export function packCrate() { stampBatch(); return crate; }",
		"export function stampBatch(crate) { return crate.sealCount + widget; }",
		"export function ignoredHelper() { return widget; }",
	];
	const df = (t: string) =>
		({ import: 990, export: 990, return: 995, function: 990, stampbatch: 3, widget: 40 })[t] ?? 1;

	it("keeps identifiers several feedback files share, rare in the repository, not the question's words", () => {
		const terms = feedbackTerms(texts, ["crate"], df, files, {
			minLength: 5,
			maxFileShare: 0.05,
			minFiles: 2,
		});
		const names = terms.map((t) => t.term);
		expect(names[0]).toBe("stampbatch");
		expect(names).toContain("widget");
		// common everywhere, or the question's own word, or in one file only
		expect(names).not.toContain("return");
		expect(names).not.toContain("crate");
		expect(names).not.toContain("packcrate");
		expect(names).not.toContain("sealcount");
	});

	it("drops a word more than the share of files holds", () => {
		const names = feedbackTerms(texts, [], df, files, { maxFileShare: 0.01 }).map((t) => t.term);
		expect(names).toContain("stampbatch");
		expect(names).not.toContain("widget");
	});

	it("with newWordsOnly, drops an identifier made of a question word", () => {
		const names = feedbackTerms(texts, ["pack"], df, files, {
			maxFileShare: 0.05,
			minFiles: 1,
			newWordsOnly: true,
		}).map((t) => t.term);
		expect(names).not.toContain("packcrate");
		expect(names).toContain("stampbatch");
	});

	it("gives nothing without feedback files", () => {
		expect(feedbackTerms([], ["crate"], df, files)).toEqual([]);
	});
});

describe("feedbackShares", () => {
	const contents: Record<string, string> = {
		"src/a.ts": "export function stampBatch() { sealRecord(); }",
		"src/b.ts": "import { stampBatch } from './a'; sealRecord(); stampBatch();",
	};
	const holders: Record<string, string[]> = {
		stampbatch: ["src/a.ts", "src/b.ts", "src/c.ts", "src/outside.ts"],
		sealrecord: ["src/a.ts", "src/b.ts", "src/c.ts"],
	};
	const index: FeedbackIndex = {
		fileContent: (p) => contents[p],
		ftsMatchCount: (_t, w) => holders[w]?.length ?? 500,
		ftsRowCount: () => 1000,
		searchFiles: (words) => (holders[words[0] ?? ""] ?? []).map((path) => ({ path })),
	};

	it("scores candidate files by the share of the expansion's weight they hold, and no other file", () => {
		const { terms, shares } = feedbackShares(
			index,
			["src/a.ts", "src/b.ts"],
			[],
			new Set(["src/b.ts", "src/c.ts"]),
		);
		expect(terms.map((t) => t.term).sort()).toEqual(["sealrecord", "stampbatch"]);
		expect(shares.get("src/c.ts")).toBeCloseTo(1);
		expect(shares.has("src/outside.ts")).toBe(false);
		expect(shares.has("src/a.ts")).toBe(false);
	});
});
