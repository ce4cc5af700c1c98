import { describe, expect, it } from "vitest";
import { bm25Baseline, questionWords } from "../../src/bench/baseline.js";
import { describeMiss, findMisses } from "../../src/bench/loss.js";
import { emptyTrace } from "./support/labels.js";
import { openTinyIndex } from "./support/tiny-index.js";

describe("stage of loss", () => {
	const core = [
		"a/whole.ts",
		"a/block.ts",
		"a/signature.ts",
		"a/caller.ts",
		"a/skel.ts",
		"a/seed.ts",
		"a/ranked.ts",
		"a/scored.ts",
		"z/nowhere.ts",
		"a/cited.ts",
	];
	const range = (file: string) => ({ file, startLine: 1, endLine: 2, defId: null });
	const trace = emptyTrace({
		seeds: [
			{ defId: "a/seed.ts#s", file: "a/seed.ts", score: 1, chain: "c1" },
			{ defId: "a/skel.ts#k", file: "a/skel.ts", score: 1, chain: "c1" },
		],
		skeleton: [{ chain: "c1", defIds: ["a/skel.ts#k", "a/signature.ts#g", "trunk:rest#a.b"] }],
		read: ["a/whole.ts", "a/block.ts", "a/signature.ts", "a/caller.ts", "a/cited.ts"].map(range),
		held: [
			{ file: "a/whole.ts", unit: "whole" },
			{ file: "a/block.ts", unit: "block" },
			{ file: "a/signature.ts", unit: "signature" },
			{ file: "a/caller.ts", unit: "site" },
			{ file: "a/cited.ts", unit: "slice" },
		],
		// a/ranked.ts is in the fused ranking; a/scored.ts only has a scored definition (row id 7)
		candidates: { fused: ["a/seed.ts", "a/whole.ts", "a/ranked.ts"], scored: [7] },
		ranking: { fused: [], cited: ["a/cited.ts", "a/whole.ts"] },
	});
	const defIdsOf = (file: string) => (file === "a/scored.ts" ? [6, 7] : file === "z/nowhere.ts" ? [8] : []);

	it("charges each uncited core file to the first stage after the furthest it reached", () => {
		const misses = findMisses({ core, trace, citedFiles: new Set(["a/cited.ts"]), defIdsOf });
		expect(Object.fromEntries(misses.map((m) => [m.file, m.stage]))).toEqual({
			"a/whole.ts": "read but not cited",
			"a/block.ts": "read but not cited",
			// in a skeleton, but the material holds only its signature line
			"a/signature.ts": "named only",
			"a/caller.ts": "named only",
			"a/skel.ts": "not read",
			"a/seed.ts": "cut from skeleton",
			"a/ranked.ts": "not seeded",
			"a/scored.ts": "not seeded",
			"z/nowhere.ts": "never a candidate",
		});
	});

	it("says what the material held and where the file ranked", () => {
		const misses = findMisses({ core, trace, citedFiles: new Set(), defIdsOf });
		const of = (file: string) => misses.find((m) => m.file === file);
		expect(of("a/whole.ts")).toEqual({
			file: "a/whole.ts",
			stage: "read but not cited",
			held: "whole",
			fused: 2,
			ranked: 2,
		});
		expect(of("a/signature.ts")).toEqual({ file: "a/signature.ts", stage: "named only", held: "signature" });
		expect(of("a/ranked.ts")).toEqual({ file: "a/ranked.ts", stage: "not seeded", fused: 3 });
		expect(of("a/scored.ts")).toEqual({ file: "a/scored.ts", stage: "not seeded" });
		expect(of("a/cited.ts")).toMatchObject({ stage: "read but not cited", held: "slice", ranked: 1 });
		expect(
			describeMiss({ file: "a/whole.ts", stage: "read but not cited", held: "whole", fused: 2, ranked: 2 }),
		).toBe("read but not cited (whole, fused 2, cite rank 2)");
		expect(describeMiss({ file: "z/nowhere.ts", stage: "never a candidate" })).toBe("never a candidate");
	});

	it("charges a core file the index does not hold to 'not indexed'", () => {
		const misses = findMisses({
			core: ["a/whole.ts", "docs/guide.md"],
			trace,
			citedFiles: new Set(),
			isIndexed: (f) => f.endsWith(".ts"),
		});
		expect(misses.map((m) => [m.file, m.stage])).toEqual([
			["a/whole.ts", "read but not cited"],
			["docs/guide.md", "not indexed"],
		]);
	});

	it("counts every range of a trace without `held` as read, its unit unknown", () => {
		const old = emptyTrace({ read: [range("a/whole.ts")] });
		expect(findMisses({ core: ["a/whole.ts", "b/x.ts"], trace: old, citedFiles: new Set() })).toEqual([
			{ file: "a/whole.ts", stage: "read but not cited" },
			{ file: "b/x.ts", stage: "never a candidate" },
		]);
	});
});

describe("BM25 baseline", () => {
	it("uses the question's words minus stop words, camelCase split", () => {
		expect(questionWords("How does sendReminderNative work in the push code?")).toEqual([
			"sendremindernative",
			"send",
			"reminder",
			"native",
			"work",
			"push",
			"code",
		]);
	});

	it("ranks files of the same index and reports core recall at 10/20/50", () => {
		const index = openTinyIndex();
		const b = bm25Baseline(index, "Where is a push notification sent natively?", [
			"src/push/push.ts",
			"src/absent.ts",
		]);
		expect(b.coreRanks["src/push/push.ts"]).toBe(1);
		expect(b.coreRanks["src/absent.ts"]).toBeNull();
		expect(b.recallAt10).toBe(0.5);
		expect(b.recallAt50).toBe(0.5);
		index.close();
	});
});
