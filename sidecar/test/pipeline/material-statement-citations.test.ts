/**
 * A map line inside a definition's body (a chain call, the `if` deciding it) is numbered as its own
 * line in the answer prompt, not with its definition's number: readers took three `[n]` lines of
 * one definition for one citation of its first line (benchmarks/llm-relay.md, run 34). The
 * declaration line keeps the definition's number; the signatures' heading says an entry is cited
 * by its number alone (answers wrote "[n in the signature list]").
 */
import { describe, expect, it } from "vitest";
import type { DefRow } from "../../src/index/types.js";
import { CitationBook } from "../../src/pipeline/citation-book.js";
import { citeSource } from "../../src/pipeline/llm-stages.js";
import { assembleMaterial } from "../../src/pipeline/material/assemble.js";
import { MATERIAL_REACH } from "../../src/pipeline/material/reach.js";
import type { Skeleton } from "../../src/pipeline/skeleton.js";
import { buildAnswerPrompt } from "../../src/prompts/answer.js";
import { defRow } from "../support/defs.js";
import { callEdge, fakeMaterialIndex } from "../support/fake-material-index.js";

const file = "api/route.ts";
const auth = "api/auth.ts";
// Long lines: the route's slices do not fit the bodies' share, so it is held as map lines.
const lines = Array.from({ length: 400 }, (_, i) => `\tstep${i + 1}(${"x".repeat(400)});`);
lines[0] = "export function send() {}";
lines[1] = "export function verifyToken(t) {}";
lines[99] = `export function route(${"a".repeat(600)}) {`;
lines[148] = "\tif (req.headers.authorization) {";
lines[149] = "\t\tawait verifyToken(req.headers.authorization);";
lines[150] = "\t}";
const send = defRow(auth, "send", "function", { startLine: 1, endLine: 1 });
const verifyToken = defRow(auth, "verifyToken", "function", { startLine: 2, endLine: 2 });
const route = defRow(file, "route", "function", { startLine: 100, endLine: 399 });
const index = fakeMaterialIndex(lines, [send, verifyToken, route], [callEdge(file, route, verifyToken, 150)]);
const node = (def: DefRow, via: string, from: DefRow | null = null) => ({
	def,
	depth: from ? 1 : 0,
	via,
	from: from?.id ?? null,
	nodeClass: "major",
	relevance: 0,
});
const skeletons = [
	{
		chain: { id: "c1", title: "api", paths: ["api"], score: 1 },
		direction: "downstream",
		nodes: [node(send, "seed"), node(route, "seed"), node(verifyToken, "call", route)],
	},
] as unknown as Skeleton[];

function material() {
	return assembleMaterial(
		index,
		{ skeletons, picks: [send.defId], words: [], relevance: () => 5 },
		{ tokenBudget: 500, wholeDefLines: 150, sliceLines: 60 },
		(text) => Math.ceil(text.length / 4),
		MATERIAL_REACH,
	);
}

describe("a map line inside a body is cited as its own line", () => {
	it("numbers the call line and its deciding if apart from the declaration, each for its own range", () => {
		const sources = material().sources.filter((s) => s.node.def.id === route.id);
		const book = new CitationBook(Number.MAX_SAFE_INTEGER);
		const marks = sources.map((s) => [s.range.startLine, citeSource(book, s)] as const);
		expect(marks.map(([line]) => line)).toEqual([100, 150, 149]);
		expect(new Set(marks.map(([, m]) => m)).size).toBe(3);
		const cited = (mark: string) => book.drafts.find((d) => `[${d.n}]` === mark);
		for (const [line, mark] of marks) {
			expect(cited(mark)).toMatchObject({ file, startLine: line, endLine: line, symbol: "route" });
		}
		// The declaration is the definition's own source: cited again, it keeps its number.
		expect(book.cite(route)).toBe(marks[0]?.[1]);
	});

	it("tells the model to cite a signature entry by its number alone", () => {
		const { prompt } = buildAnswerPrompt("q", "", [
			{
				n: 4,
				file,
				startLine: 150,
				endLine: 150,
				label: "route",
				role: "neighbour",
				unit: "signature",
				text: "x",
			},
		]);
		expect(prompt).toMatch(
			/each entry a declaration or one line of such a body; cite an entry by its number alone/,
		);
	});
});
