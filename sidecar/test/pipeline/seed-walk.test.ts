/**
 * The seed walk channel (graph-walk.ts, off by default) on a small repository: the question's words
 * name the top file; it calls a helper, which calls one of two look-alike stores, two calls from the
 * top file; the other store, joined to nothing, matches the question's word once more (its function's name).
 * Only the best file restarts the walk and leads the one-hop channel (`graphFiles` 1: in a repository this
 * small every file is among the default 30).
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
		'import { putRows } from "../storage/invoice-rows";',
		"export function stampBatch(ids: string[]): void {",
		"\tputRows(ids.map((id) => ({ id, at: Date.now() })));",
		"}",
	].join("\n"),
	"src/storage/invoice-rows.ts": [
		"export function putRows(rows: { id: string; at: number }[]): void {",
		"\tfor (const r of rows) console.log(r.id);",
		"}",
	].join("\n"),
	"src/storage/invoice-cells.ts": [
		"export function putInvoiceCells(rows: { id: string; at: number }[]): void {",
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
			parsePipelineConfig({ walkWeight, graphFiles: 1 }),
			index().outlineSections(),
		).files.map((f) => f.file);

	it("lifts the ranked file two calls from the top file above its unjoined look-alike", () => {
		const off = files(0);
		expect(off.indexOf("src/storage/invoice-cells.ts")).toBeLessThan(
			off.indexOf("src/storage/invoice-rows.ts"),
		);
		const on = files(0.25);
		expect(on[0]).toBe("src/invoices/archive-invoices.ts");
		expect(on.indexOf("src/storage/invoice-rows.ts")).toBeGreaterThanOrEqual(0);
		expect(on.indexOf("src/storage/invoice-rows.ts")).toBeLessThan(
			on.indexOf("src/storage/invoice-cells.ts"),
		);
	});

	it("brings no file of its own: only files another channel ranked", () => {
		const on = files(0.25);
		const off = files(0);
		expect([...on].sort()).toEqual([...off].sort());
	});
});
