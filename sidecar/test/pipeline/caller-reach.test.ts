/** A file several top files call from their other definitions (caller-reach.ts, seed.ts's graph channel). */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { IndexReader } from "../../src/index/reader.js";
import {
	CALLER_REACH_MIN_FILES,
	CALLER_REACH_WEIGHT,
	CallerReach,
	type FiledDef,
} from "../../src/pipeline/caller-reach.js";
import { parsePipelineConfig } from "../../src/pipeline/config.js";
import { analyzeQuestion } from "../../src/pipeline/query.js";
import { seed } from "../../src/pipeline/seed.js";
import { openIndexOf } from "../support/open-index.js";
import { repoWith } from "../support/repo-with.js";

const def = (id: number, name: string, file: string) => ({ id, name, file, kind: "function" }) as FiledDef;

describe("CallerReach", () => {
	const record = def(1, "recordEntry", "ledger/journal.ts");

	it("lifts a file enough top files call by a share of their scores, with what they call there", () => {
		const reach = new CallerReach();
		const scores = [0.06, 0.05, 0.04];
		for (const [i, s] of scores.entries()) reach.add(record, `payments/p${i}.ts`, s);
		expect(CALLER_REACH_MIN_FILES).toBe(3);
		const lift = reach.lifts(new Set()).get("ledger/journal.ts");
		expect(lift?.score).toBeCloseTo(CALLER_REACH_WEIGHT * 0.15);
		expect(lift?.defs.map((d) => d.name)).toEqual(["recordEntry"]);
	});

	it("counts a calling file once however many of its definitions call there", () => {
		const reach = new CallerReach();
		reach.add(record, "payments/card.ts", 0.06);
		reach.add(def(2, "closeEntry", "ledger/journal.ts"), "payments/card.ts", 0.06);
		reach.add(record, "payments/bank.ts", 0.05);
		expect(reach.lifts(new Set()).has("ledger/journal.ts")).toBe(false);
	});

	it("leaves a file the graph channel already links to that channel", () => {
		const reach = new CallerReach();
		for (const f of ["a.ts", "b.ts", "c.ts"]) reach.add(record, f, 0.05);
		expect(reach.lifts(new Set(["ledger/journal.ts"])).size).toBe(0);
	});
});

/** Three payment handlers match the question by their refund functions; each also books the refund (or builds a journal). */
function files(callers: number, booking = "recordEntry(account, -amount)"): Record<string, string> {
	const out: Record<string, string> = {
		"package.json": JSON.stringify({ name: "acme", version: "1.0.0" }),
		"src/ledger/journal.ts": [
			"export function recordEntry(account: string, amount: number): string {",
			"\treturn `${account}:${amount}`;",
			"}",
			"export class Journal {",
			"\tconstructor(readonly account: string, readonly amount: number) {}",
			"}",
			"",
		].join("\n"),
	};
	for (const method of ["card", "bank", "wallet"].slice(0, callers)) {
		out[`src/payments/${method}.ts`] = [
			'import { Journal, recordEntry } from "../ledger/journal";',
			`export function refund${method}Order(order: string, amount: number): unknown {`,
			`\treturn book${method}(order, amount);`,
			"}",
			`function book${method}(account: string, amount: number): unknown {`,
			`\treturn ${booking};`,
			"}",
			"",
		].join("\n");
	}
	return out;
}

describe("seed: the graph channel reaches a file several top files call from their other definitions", () => {
	const indexes: IndexReader[] = [];
	let three: IndexReader;
	let two: IndexReader;
	let constructing: IndexReader;
	beforeAll(async () => {
		three = await openIndexOf(repoWith(files(3), "codeask-caller-reach-"), { full: true });
		two = await openIndexOf(repoWith(files(2), "codeask-caller-reach-"), { full: true });
		const build = "new Journal(account, -amount)";
		constructing = await openIndexOf(repoWith(files(3, build), "codeask-caller-reach-"), { full: true });
		indexes.push(three, two, constructing);
	});
	afterAll(() => {
		for (const i of indexes) i.close();
	});

	const config = parsePipelineConfig({});
	const route = { sections: [], chains: [], fixed: false };
	const candidate = (index: IndexReader) => {
		const ids = new Set(
			seed(index, analyzeQuestion("How is an order refunded?"), route, config).relevance.keys(),
		);
		return index.defsInFile("src/ledger/journal.ts").some((d) => ids.has(d.id));
	};

	it("makes the called definition a candidate when enough top files call it", () => {
		expect(candidate(three)).toBe(true);
	});

	it("does not when fewer top files call it", () => {
		expect(candidate(two)).toBe(false);
	});

	it("does not follow a class the top files construct there: shared machinery, not the flow's step", () => {
		expect(candidate(constructing)).toBe(false);
	});
});
