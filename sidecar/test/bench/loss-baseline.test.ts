import { describe, expect, it } from "vitest";
import { bm25Baseline, questionWords } from "../../src/bench/baseline.js";
import { findMisses } from "../../src/bench/loss.js";
import { emptyTrace } from "./support/labels.js";
import { openTinyIndex } from "./support/tiny-index.js";

describe("stage of loss", () => {
	const sections = new Map([
		["dir:src/push", { sectionId: "dir:src/push", path: "src/push", files: [] }],
		["pkg:tiny", { sectionId: "pkg:tiny", path: "", files: ["src/rooms/rooms.ts"] }],
	]);
	const core = [
		"a/read.ts",
		"a/skel.ts",
		"a/seed.ts",
		"src/push/deep/routed.ts",
		"src/rooms/rooms.ts",
		"z/nowhere.ts",
		"a/cited.ts",
	];
	const trace = emptyTrace({
		routedSections: [
			{ sectionId: "dir:src/push", score: 1, chain: "c1" },
			{ sectionId: "pkg:tiny", score: 0.5, chain: "c1" },
		],
		seeds: [
			{ defId: "a/seed.ts#s", file: "a/seed.ts", score: 1, chain: "c1" },
			{ defId: "a/skel.ts#k", file: "a/skel.ts", score: 1, chain: "c1" },
		],
		skeleton: [{ chain: "c1", defIds: ["a/skel.ts#k", "a/read.ts#r", "trunk:rest#a.b"] }],
		read: [
			{ file: "a/read.ts", startLine: 1, endLine: 2, defId: "a/read.ts#r" },
			{ file: "a/cited.ts", startLine: 1, endLine: 2, defId: null },
		],
	});

	it("charges each uncited core file to the first stage after the furthest it reached", () => {
		const misses = findMisses({ core, trace, citedFiles: new Set(["a/cited.ts"]), sections });
		expect(Object.fromEntries(misses.map((m) => [m.file, m.stage]))).toEqual({
			"a/read.ts": "not cited",
			"a/skel.ts": "not read",
			"a/seed.ts": "cut from skeleton",
			// under a routed folder section, and listed by a routed package section with no folder path
			"src/push/deep/routed.ts": "not seeded",
			"src/rooms/rooms.ts": "not seeded",
			"z/nowhere.ts": "not routed",
		});
	});

	it("charges a core file the index does not hold to 'not indexed'", () => {
		const misses = findMisses({
			core: ["a/read.ts", "docs/guide.md"],
			trace,
			citedFiles: new Set(),
			sections,
			isIndexed: (f) => f.endsWith(".ts"),
		});
		expect(misses).toEqual([
			{ file: "a/read.ts", stage: "not cited" },
			{ file: "docs/guide.md", stage: "not indexed" },
		]);
	});

	it("a root package section (empty path) does not route every file", () => {
		const misses = findMisses({ core: ["lib/x.ts"], trace, citedFiles: new Set(), sections });
		expect(misses).toEqual([{ file: "lib/x.ts", stage: "not routed" }]);
	});
});

describe("BM25 baseline", () => {
	it("uses the question's words minus stop words, camelCase split", () => {
		expect(questionWords("How does sendNotificationNative work in the push code?")).toEqual([
			"sendnotificationnative",
			"send",
			"notification",
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
