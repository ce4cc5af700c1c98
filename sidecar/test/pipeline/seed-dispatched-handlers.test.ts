/**
 * A top seed's own dispatch crossed to the key's handler (seed.ts, key-crossing.ts dispatchedHandlers),
 * on one package indexed with the built-in trunks: the purge emits `vault-transfer` on a bus, and the
 * handler lives in the same package, under a key whose words the question does not use, so the graph
 * channel's key crossing (other packages, the question's words) does not take it. Files named after
 * the question's words but linked to nothing outrank the handler on words alone.
 */
import { describe, expect, it } from "vitest";
import { parsePipelineConfig } from "../../src/pipeline/config.js";
import { analyzeQuestion } from "../../src/pipeline/query.js";
import { seed } from "../../src/pipeline/seed.js";
import { EVENT_BUS_SOURCE } from "../support/event-bus-source.js";
import { repoIndexForSuite } from "../support/seeded-files.js";

const FILES: Record<string, string> = {
	"package.json": '{ "name": "acme-api", "version": "1.0.0" }',
	"src/events/bus.ts": EVENT_BUS_SOURCE,
	"src/reports/purge.ts": [
		'import { bus } from "../events/bus";',
		"export function purgeStaleReports(reportIds: string[]): void {",
		'\tbus.emit("vault-transfer", reportIds);',
		'\tbus.emit("audit-line", "purged");',
		"}",
	].join("\n"),
	// The handler: the question's words in part, reached from the purge by the key alone.
	"src/jobs/cold.ts": [
		"export async function sweepStaleReports(ids: string[]): Promise<void> {",
		"\tfor (const id of ids) console.log(id);",
		"}",
	].join("\n"),
	"src/jobs/index.ts": [
		'import { bus } from "../events/bus";',
		'import { sweepStaleReports } from "./cold";',
		'bus.on("vault-transfer", sweepStaleReports);',
	].join("\n"),
	// Lookalikes: the question's words in their names and paths, no link to the purge.
	"src/reports/stale-report-list.ts": "export function listStaleReports(): string[] {\n\treturn [];\n}",
	"src/reports/stale-report-badge.ts":
		"export function staleReportBadge(count: number): string {\n\treturn `${count}`;\n}",
	"src/reports/purge-report-settings.ts": "export function purgeReportSettings(): number {\n\treturn 30;\n}",
	"src/reports/stale-report-filter.ts":
		"export function filterStaleReports(ids: string[]): string[] {\n\treturn ids;\n}",
	// The purge's other key leads to a helper sharing no word with the question.
	"src/audit/log.ts": [
		'import { bus } from "../events/bus";',
		"export function writeAuditLine(line: string): void {",
		"\tconsole.log(line);",
		"}",
		'bus.on("audit-line", writeAuditLine);',
	].join("\n"),
};

describe("seed: a top seed's own dispatch crossed to its handler", () => {
	const index = repoIndexForSuite(FILES, "codeask-dispatched-handlers-");
	/** The seeded files, best first, with the crossing on for the best `seedKeyFiles` files (0: off, the default). */
	const seededFiles = (question: string, seedKeyFiles = 20) =>
		seed(
			index(),
			analyzeQuestion(question),
			{ sections: [], chains: [], fixed: false },
			parsePipelineConfig({ seedKeyFiles }),
			index().outlineSections(),
		).files.map((f) => f.file);

	it("ranks the handler's file right under the seed that dispatches to it", () => {
		// The fixture's shape: the handler is reached by the key alone (no call, no import from the purge).
		const handler = index().defsByName("sweepStaleReports", 5)[0];
		const into = handler ? index().edgesTo(handler.id) : [];
		expect(into.map((e) => e.kind)).toContain("handler");
		expect(into.filter((e) => e.kind === "call")).toEqual([]);
		const files = seededFiles("How are stale reports purged?");
		expect(files[0]).toBe("src/reports/purge.ts");
		expect(files[1]).toBe("src/jobs/cold.ts");
		// Off (the default), the lookalikes outrank it.
		expect(seededFiles("How are stale reports purged?", 0)[1]).not.toBe("src/jobs/cold.ts");
	});

	it("does not cross to a handler that matches the question far less than the seed", () => {
		const helper = index().defsByName("writeAuditLine", 5)[0];
		expect(
			helper
				? index()
						.edgesTo(helper.id)
						.map((e) => e.kind)
				: [],
		).toContain("handler");
		expect(seededFiles("How are stale reports purged?")).not.toContain("src/audit/log.ts");
	});
});
