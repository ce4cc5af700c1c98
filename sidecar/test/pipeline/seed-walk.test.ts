/**
 * The seed walk channel (graph-walk.ts) on a small repository: the question's words name the top
 * file only; it calls a helper, which calls a store whose file shares no word with the question and
 * is two calls from the top file (the one-hop graph channel reaches the helper, not the store).
 */
import { describe, expect, it } from "vitest";
import { parsePipelineConfig } from "../../src/pipeline/config.js";
import { analyzeQuestion } from "../../src/pipeline/query.js";
import { seed } from "../../src/pipeline/seed.js";
import { repoIndexForSuite } from "../support/seeded-files.js";

const FILES: Record<string, string> = {
	"package.json": '{ "name": "shop", "version": "1.0.0" }',
	"src/invoices/archive-invoices.ts": [
		'import { stampBatch } from "../util/stamp";',
		"export function archiveInvoices(invoiceIds: string[]): void {",
		"\tstampBatch(invoiceIds);",
		"}",
	].join("\n"),
	"src/util/stamp.ts": [
		'import { putRows } from "../storage/rows";',
		"export function stampBatch(ids: string[]): void {",
		"\tputRows(ids.map((id) => ({ id, at: Date.now() })));",
		"}",
	].join("\n"),
	"src/storage/rows.ts": [
		"export function putRows(rows: { id: string; at: number }[]): void {",
		"\tfor (const r of rows) console.log(r.id);",
		"}",
	].join("\n"),
};

describe("seed: the walk channel", () => {
	const index = repoIndexForSuite(FILES, "codeask-seed-walk-");
	const files = (walkWeight: number) =>
		seed(
			index(),
			analyzeQuestion("How are invoices archived?"),
			{ sections: [], chains: [], fixed: false },
			parsePipelineConfig({ walkWeight }),
			index().outlineSections(),
		).files.map((f) => f.file);

	it("ranks a file two calls from the top file, which no other channel reaches", () => {
		const on = files(0.25);
		expect(on[0]).toBe("src/invoices/archive-invoices.ts");
		expect(on).toContain("src/util/stamp.ts");
		expect(on).toContain("src/storage/rows.ts");
	});

	it("is off at weight 0: the one-hop graph channel stops at the helper", () => {
		const off = files(0);
		expect(off).toContain("src/util/stamp.ts");
		expect(off).not.toContain("src/storage/rows.ts");
	});
});
