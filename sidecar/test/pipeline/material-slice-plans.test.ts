/**
 * A long definition the budget turns away is tried again by later passes: its hop lines and slices
 * are planned once per assembly (read-definition.ts), and a later try reads what a first try would.
 */
import { describe, expect, it } from "vitest";
import type { EdgeRow } from "../../src/index/types.js";
import { Assembly } from "../../src/pipeline/material/assembly.js";
import { reachedCandidate } from "../../src/pipeline/material/candidate.js";
import type { AssembleInput } from "../../src/pipeline/material/input.js";
import type { MaterialIndex } from "../../src/pipeline/material/material-index.js";
import { MATERIAL_REACH } from "../../src/pipeline/material/reach.js";
import { addDefinition } from "../../src/pipeline/material/read-definition.js";
import { defRow } from "../support/defs.js";
import { callEdge } from "../support/fake-material-index.js";

const file = "flow/handler.ts";
const handler = defRow(file, "handleOrder", "function", { startLine: 1, endLine: 300 });
const callees = [40, 150, 260].map((line) =>
	defRow(file, `step${line}`, "function", { startLine: 400 + line, endLine: 402 + line }),
);
const lines = Array.from({ length: 700 }, (_, i) =>
	i === 0 ? "function handleOrder(order) {" : i === 299 ? "}" : `\tif (order.paid) step${i + 1}(order);`,
);
const edges: EdgeRow[] = callees.map((c, i) => callEdge(file, handler, c, [40, 150, 260][i] as number));

function counted() {
	const calls = { edgesFrom: 0 };
	const index = {
		fileLines: (_f: string, s: number, e: number) => lines.slice(s - 1, e),
		edgesFrom: (id: number) => {
			calls.edgesFrom++;
			return edges.filter((e) => e.src === id);
		},
		defById: (id: number) => [handler, ...callees].find((d) => d.id === id),
	} as unknown as MaterialIndex;
	return { index, calls };
}

const config = { tokenBudget: 10_000, wholeDefLines: 40, sliceLines: 30 };
const onChain = new Set(callees.map((c) => c.id));
const input = (words: string[]): AssembleInput => ({ skeletons: [], picks: [], words, relevance: () => 0 });
const candidate = () =>
	reachedCandidate(handler, { depth: 0, via: "seed", from: null, relevance: 1 }, "c1", "seed");
const ranges = (a: Assembly) => a.sources.map((s) => [s.range.startLine, s.range.endLine]);

describe("a long definition's slice plan", () => {
	it("is made once per assembly: a try after the budget turned it away reads what a first try would", () => {
		const { index, calls } = counted();
		const a = new Assembly(index, (t) => t.split("\n").length, MATERIAL_REACH);
		const words = input(["paid"]);
		expect(addDefinition(a, candidate(), words, config, onChain, 5)).toBe(false);
		expect(calls.edgesFrom).toBe(1);
		expect(addDefinition(a, candidate(), words, config, onChain, 10_000)).toBe(true);
		// The hop lines were not looked for again.
		expect(calls.edgesFrom).toBe(1);

		const fresh = counted();
		const b = new Assembly(fresh.index, (t) => t.split("\n").length, MATERIAL_REACH);
		expect(addDefinition(b, candidate(), words, config, onChain, 10_000)).toBe(true);
		expect(ranges(a)).toEqual(ranges(b));
		expect(ranges(a).length).toBeGreaterThan(1);
	});

	it("is made again for another question's words or chains", () => {
		const { index, calls } = counted();
		const a = new Assembly(index, (t) => t.split("\n").length, MATERIAL_REACH);
		addDefinition(a, candidate(), input(["paid"]), config, onChain, 5);
		addDefinition(a, candidate(), input(["order"]), config, onChain, 5);
		addDefinition(a, candidate(), input(["order"]), config, new Set<number>(), 5);
		expect(calls.edgesFrom).toBe(3);
	});
});
