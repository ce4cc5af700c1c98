import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadQuestionSet, parseQuestionSet, QuestionSetError } from "../../src/bench/questions.js";
import { checkSetAgainstIndex, sameCommit } from "../../src/bench/validate.js";
import { label, questionSet } from "./support/labels.js";
import { openTinyIndex } from "./support/tiny-index.js";

const problemsOf = (data: unknown): string[] => {
	try {
		parseQuestionSet(data);
	} catch (err) {
		expect(err).toBeInstanceOf(QuestionSetError);
		return (err as QuestionSetError).problems;
	}
	throw new Error("expected the set to be rejected");
};

describe("question file schema", () => {
	it("accepts a valid set and fills defaults for optional label lists", () => {
		const { supporting, chain, keySymbols, trunks, mechanism, ...minimal } = label();
		const set = parseQuestionSet({ ...questionSet([]), questions: [minimal] });
		expect(set.questions[0]).toMatchObject({
			supporting: [],
			chain: [],
			keySymbols: [],
			trunks: [],
			mechanism: "",
		});
	});

	it("names every bad field by its path", () => {
		const bad = {
			...questionSet([]),
			questions: [
				{ ...label(), core: [] },
				{ ...label({ id: "q2" }), chain: [{ file: "src/a.ts", symbol: "a", line: 0 }], type: "essay" },
				{ ...label({ id: "q3" }), core: ["/abs/path.ts"], extra: 1 },
			],
		};
		const problems = problemsOf(bad);
		expect(problems.some((p) => p.startsWith("questions[0].core:"))).toBe(true);
		expect(problems.some((p) => p.startsWith("questions[1].chain[0].line:"))).toBe(true);
		expect(problems.some((p) => p.startsWith("questions[1].type:"))).toBe(true);
		expect(problems.some((p) => p.startsWith("questions[2].core[0]:") && p.includes("repo-relative"))).toBe(
			true,
		);
		expect(problems.some((p) => p.startsWith("questions[2]") && p.includes("extra"))).toBe(true);
	});

	it("rejects a wrong schema tag, a bad commit and duplicate ids", () => {
		const problems = problemsOf({
			...questionSet([label(), label()]),
			schema: "codeask-questions/2",
			commit: "main",
		});
		expect(problems.some((p) => p.startsWith("schema:"))).toBe(true);
		expect(problems.some((p) => p.startsWith("commit:"))).toBe(true);
		expect(problems.some((p) => p.startsWith("questions[1].id:") && p.includes("duplicate"))).toBe(true);
	});

	it("says clearly when the file is missing or not JSON", () => {
		const dir = mkdtempSync(join(tmpdir(), "codeask-q-"));
		expect(() => loadQuestionSet(join(dir, "nope.json"))).toThrow(/cannot read questions file .*ENOENT/);
		writeFileSync(join(dir, "bad.json"), "{ not json");
		expect(() => loadQuestionSet(join(dir, "bad.json"))).toThrow(/is not JSON/);
		writeFileSync(join(dir, "ok.json"), JSON.stringify(questionSet([label()])));
		expect(loadQuestionSet(join(dir, "ok.json")).questions).toHaveLength(1);
	});

	it("loads the committed dev set", () => {
		const set = loadQuestionSet(join(import.meta.dirname, "../../../eval/rocketchat-dev.json"));
		expect(set.questions.length).toBeGreaterThan(0);
		expect(set.commit).toMatch(/^[0-9a-f]{40}$/);
	});
});

describe("set against index", () => {
	it("lists label paths that are not in the index, per question", () => {
		const index = openTinyIndex();
		const set = questionSet([
			label(),
			label({
				id: "q2",
				supporting: ["src/gone.ts"],
				chain: [{ file: "src/also-gone.ts", symbol: "x", line: 1 }],
			}),
		]);
		const check = checkSetAgainstIndex(set, index, (p) => p === "src/gone.ts");
		expect(check.missingPaths).toEqual([
			{ id: "q2", path: "src/gone.ts", inRepository: true },
			{ id: "q2", path: "src/also-gone.ts", inRepository: false },
		]);
		expect(check.commitMismatch).toBeNull();
		index.close();
	});

	it("reports both commits when the index was built from another commit", () => {
		const index = openTinyIndex({ commit: "1234567890123456789012345678901234567890" });
		const check = checkSetAgainstIndex(questionSet([label()]), index);
		expect(check.commitMismatch).toEqual({
			questions: "abcdef1234567890abcdef1234567890abcdef12",
			index: "1234567890123456789012345678901234567890",
		});
		index.close();
	});

	it("treats an abbreviated commit as the same commit", () => {
		expect(sameCommit("66b0e163e5b8", "66b0e163e5b8498472fe519d44a624e317071879")).toBe(true);
		expect(sameCommit("66b0e16", "66b0e17")).toBe(false);
		expect(sameCommit("66b0", "66b0e163e5b8")).toBe(false);
	});
});

describe("the bundled mini-chat question set", () => {
	it("still matches the example's source: every label path exists and every chain line names its symbol", () => {
		const root = join(import.meta.dirname, "../../..");
		const set = loadQuestionSet(join(root, "eval/mini-chat.json"));
		const problems: string[] = [];
		for (const q of set.questions) {
			for (const path of [...q.core, ...q.supporting]) {
				if (!existsSync(join(root, "examples/mini-chat", path))) problems.push(`${q.id}: no file ${path}`);
			}
			for (const c of q.chain) {
				const lines = readFileSync(join(root, "examples/mini-chat", c.file), "utf8").split("\n");
				const last = c.symbol.split(".").pop() ?? c.symbol;
				if (!lines[c.line - 1]?.includes(last))
					problems.push(`${q.id}: ${c.file}:${c.line} does not name ${last}`);
			}
		}
		expect(problems).toEqual([]);
	});
});
