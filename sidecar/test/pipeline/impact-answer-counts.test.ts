/**
 * The counts of an impact answer match the code: a method's second call in a caller the index links
 * once is a call, not an "other line"; a call inside a local closure is reached one call further up
 * through the function holding it; a heading counting files it shows no line of says so; a parameter
 * list over several lines declares a local; a key nothing runs is not "run at 0 sites".
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { IndexReader } from "../../src/index/reader.js";
import { ask } from "../../src/pipeline/ask.js";
import { usingLines } from "../../src/pipeline/impact/literal-use.js";
import { cited } from "../support/cited.js";
import { indexForSuite, openFixtureIndex, openIndexOf } from "../support/open-index.js";
import { repoWith } from "../support/repo-with.js";

const STOCK = [
	"export class StockService {",
	"\tlevel(id: string): number {",
	"\t\treturn id.length;",
	"\t}",
	"\tremoveOne(id: string): boolean {",
	"\t\treturn id.length > 0;",
	"\t}",
	"}",
].join("\n");

describe("an impact answer's calls and callers", () => {
	let index: IndexReader;
	beforeAll(async () => {
		const repo = repoWith({
			"src/stock/stock.service.ts": STOCK,
			// Two calls of `level` in one method: the index keeps one edge for the pair.
			"src/search/indexer.ts": [
				'import type { StockService } from "../stock/stock.service";',
				"",
				"export class Indexer {",
				"\tconstructor(private stock: StockService) {}",
				"",
				"\tasync index(ids: string[]): Promise<number[]> {",
				'\t\tconst first = this.stock.level(ids[0] ?? "");',
				"\t\tconst rest = await Promise.resolve(ids.slice(1)).then((more) =>",
				"\t\t\tmore.map((id) => this.stock.level(id)),",
				"\t\t);",
				"\t\treturn [first, ...rest];",
				"\t}",
				"}",
			].join("\n"),
			// `removeOne` called in a local closure (`removals`) of `removeMany`.
			"src/admin/admin.service.ts": [
				'import type { StockService } from "../stock/stock.service";',
				"",
				"export class AdminService {",
				"\tconstructor(private stock: StockService) {}",
				"",
				"\tasync removeMany(ids: string[]): Promise<string[]> {",
				"\t\tconst removed: string[] = [];",
				"\t\tconst removals = ids.map((id) => {",
				"\t\t\treturn Promise.resolve(this.stock.removeOne(id)).then((ok) => {",
				"\t\t\t\tif (ok) removed.push(id);",
				"\t\t\t\treturn ok;",
				"\t\t\t});",
				"\t\t});",
				"\t\tawait Promise.all(removals);",
				"\t\treturn removed;",
				"\t}",
				"}",
			].join("\n"),
			"src/api/admin.controller.ts": [
				'import type { AdminService } from "../admin/admin.service";',
				"",
				"export class AdminController {",
				"\tconstructor(private admin: AdminService) {}",
				"",
				"\tremoveAll(ids: string[]): Promise<string[]> {",
				"\t\treturn this.admin.removeMany(ids);",
				"\t}",
				"}",
			].join("\n"),
		});
		index = await openIndexOf(repo);
	}, 60_000);
	afterAll(() => index?.close());

	it("counts a method's second call in the same caller as a call", async () => {
		const r = await ask(index, "What would be affected if I change `StockService.level`?");
		expect(r.answer).toContain("it is called at 2 sites in 1 file");
		expect(r.answer).not.toMatch(/other lines? in \d+ files? name it/);
	});

	it("reaches the caller of a function whose local closure makes the call", async () => {
		const r = await ask(index, "What would be affected if I change `StockService.removeOne`?");
		expect(r.answer).toContain("**Who calls those (one call further up)**");
		expect(r.answer).toMatch(/in `AdminController\.removeAll` calls `AdminService\.removeMany`/);
		expect(cited(r, "src/api/admin.controller.ts", 7)).toBe(true);
	});
});

describe("an impact answer's heading of callers further up", () => {
	let index: IndexReader;
	const N = 30;
	beforeAll(async () => {
		const files: Record<string, string> = { "src/stock/stock.service.ts": STOCK };
		for (let i = 0; i < N; i++) {
			files[`src/wrap/wrap${i}.ts`] = [
				'import type { StockService } from "../stock/stock.service";',
				`export function wrapLevel${i}(stock: StockService): number {`,
				`\treturn stock.level("item-${i}");`,
				"}",
			].join("\n");
			files[`src/use/use${i}.ts`] = [
				'import type { StockService } from "../stock/stock.service";',
				`import { wrapLevel${i} } from "../wrap/wrap${i}";`,
				`export function useLevel${i}(stock: StockService): number {`,
				`\treturn wrapLevel${i}(stock) + 1;`,
				"}",
			].join("\n");
		}
		index = await openIndexOf(repoWith(files));
	}, 120_000);
	afterAll(() => index?.close());

	it("says how many of the files it counts show no line", async () => {
		const r = await ask(index, "What would be affected if I change `StockService.level`?");
		const lines = r.answer.split("\n");
		const at = lines.findIndex((l) => l.startsWith("**Who calls those"));
		expect(at).toBeGreaterThan(0);
		const heading = lines[at] as string;
		const m = heading.match(/\((\d+) sites in (\d+) files; (\d+) files? not shown\)/);
		expect(m, heading).not.toBeNull();
		const shown = new Set<string>();
		for (const l of lines.slice(at + 1)) {
			if (!l.startsWith("- ")) break;
			shown.add(l.match(/`([^`]+)`/)?.[1] ?? l);
		}
		expect(Number(m?.[2])).toBe(N);
		expect(Number(m?.[3])).toBe(N - shown.size);
		expect(shown.size).toBeGreaterThan(0);
	});
});

describe("a parameter list written over several lines", () => {
	const file = [
		"export function each(",
		"\trows: unknown[],",
		"\tinsert,",
		"\tlimit = 3,",
		") {",
		"\treturn rows.slice(0, limit).map((r) => insert(r));",
		"}",
		"run(",
		"\tinsert,",
		");",
	];
	const naming = new Map<number, string>([
		[3, file[2] as string],
		[6, file[5] as string],
	]);
	it("declares a local of that name: the file's bare uses are that local's", () => {
		expect(usingLines(naming, "insert", { key: false, ownFile: false })).toEqual([3, 6]);
		expect(usingLines(naming, "insert", { key: false, ownFile: false, lineAt: (n) => file[n - 1] })).toEqual(
			[],
		);
	});
	it("leaves a call's argument list written over several lines a use", () => {
		const call = new Map<number, string>([[9, file[8] as string]]);
		expect(usingLines(call, "insert", { key: false, ownFile: false, lineAt: (n) => file[n - 1] })).toEqual([
			9,
		]);
	});
});

describe("an impact answer about a key no code runs", () => {
	const index = indexForSuite(openFixtureIndex);

	it("says no indexed code runs it and names what its handler calls", async () => {
		const r = await ask(index(), "who calls sendMessage?");
		expect(r.answer).not.toContain("run at 0 sites");
		expect(r.answer).toContain("no indexed code runs it");
		expect(r.answer).toContain("**What its handler calls");
		expect(r.answer).toMatch(/calls `performSendMessage`/);
	});
});
