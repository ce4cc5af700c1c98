import { describe, expect, it } from "vitest";
import { conceptVector } from "../../src/pipeline/concept-vector.js";
import { analyzeQuestion } from "../../src/pipeline/query.js";
import { shortAnswer } from "../../src/pipeline/short/answer.js";
import { plainerTwinsFirst } from "../../src/pipeline/short/plainer-twin.js";
import { defRow, hopLineGraph } from "../support/defs.js";

const wordsOf = (question: string) => conceptVector(analyzeQuestion(question));

/** Every hop written on its source's first line, whose text names the callee. */
const graph = hopLineGraph;

describe("a file's lead definition and its plainer twin", () => {
	it("gives the lead to the twin without a modifier the question does not write (a retry variant)", () => {
		const retry = defRow("server/exports.ts", "ExportService.retryExport", "method");
		const other = defRow("server/store.ts", "ArchiveStore.write", "method");
		const plain = defRow("server/exports.ts", "ExportService.startExport", "method");
		const order = plainerTwinsFirst([retry, other, plain], wordsOf("How does an export start?"));
		expect(order.map((d) => d.name)).toEqual(["startExport", "write", "retryExport"]);
		// The question writes the modifier: the variant is what it asks about, and keeps its place.
		const asked = plainerTwinsFirst([retry, other, plain], wordsOf("How is a failed export retried?"));
		expect(asked.map((d) => d.name)).toEqual(["retryExport", "write", "startExport"]);
	});

	it("gives the lead to the half of a pair the question names (open against close)", () => {
		const close = defRow("server/uploads.ts", "closeUploadSession");
		const open = defRow("server/uploads.ts", "openUploadSession");
		const words = wordsOf("What happens when an upload session is opened?");
		expect(plainerTwinsFirst([close, open], words).map((d) => d.name)).toEqual([
			"openUploadSession",
			"closeUploadSession",
		]);
	});

	it("moves no lead for a sibling that is no such twin: a suffix, another subject, a type, or another file", () => {
		const words = wordsOf("How does an export start?");
		const lead = defRow("server/exports.ts", "startExportAsync");
		// A suffix the question does not write: the flow may run through either.
		const sync = defRow("server/exports.ts", "startExport");
		// Another subject: no recovery word, no half of a pair.
		const far = defRow("server/exports.ts", "exportArchive");
		const type = defRow("server/exports.ts", "retryExportOptions", "type");
		const elsewhere = defRow("server/other.ts", "startExport");
		const order = [lead, sync, far, type, elsewhere];
		expect(plainerTwinsFirst(order, words).map((d) => d.name)).toEqual(order.map((d) => d.name));
	});

	it("starts the short answer's flow at the plainer twin", () => {
		// Both flows cover the question's words alike (the writer names them): only the lead tells them apart.
		const retry = defRow("server/exports.ts", "retryExportArchive");
		const plain = defRow("server/exports.ts", "exportArchive");
		const writer = defRow("server/archive.ts", "writeArchive");
		const index = graph(
			[retry, plain, writer],
			[
				[retry, writer, "call"],
				[plain, writer, "call"],
			],
		);
		const question = "How does an export write its archive?";
		const ranking = { order: [retry, writer, plain], fileScore: new Map<string, number>() };
		const { body } = shortAnswer(index, question, [], ranking, wordsOf(question));
		expect(body).toContain("1. `exportArchive` calls `writeArchive`");
		expect(body).not.toContain("`retryExportArchive` calls");
	});
});
