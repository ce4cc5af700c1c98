/**
 * A top seed's own dispatch crossed to the key's handler (seed.ts, key-crossing.ts dispatchedHandlers),
 * on one package indexed with the built-in trunks: the purge emits a key on a bus, and the handler
 * lives in the same package, so the graph channel's key crossing (other packages only) does not take
 * it. Files named after the question's words but linked to nothing outrank the handler on words alone.
 * The same repository twice: the key named with the question's words (crossed), and a key the
 * question does not name (`vault-transfer`: not crossed, the seed's own flow may be a lookalike's).
 */
import { describe, expect, it } from "vitest";
import { parsePipelineConfig } from "../../src/pipeline/config.js";
import { analyzeQuestion } from "../../src/pipeline/query.js";
import { seed } from "../../src/pipeline/seed.js";
import { EVENT_BUS_SOURCE } from "../support/event-bus-source.js";
import { repoIndexForSuite } from "../support/seeded-files.js";

/** The repository, with the bus key the purge emits and the handler listens to. */
const files = (key: string): Record<string, string> => ({
	"package.json": '{ "name": "acme-api", "version": "1.0.0" }',
	"src/events/bus.ts": EVENT_BUS_SOURCE,
	"src/reports/purge.ts": [
		'import { bus } from "../events/bus";',
		"export function purgeStaleReports(reportIds: string[]): void {",
		`\tbus.emit("${key}", reportIds);`,
		'\tbus.emit("reports-purged", "purged");',
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
		`bus.on("${key}", sweepStaleReports);`,
	].join("\n"),
	// Lookalikes: the question's words in their names and paths, no link to the purge.
	"src/reports/stale-report-list.ts": "export function listStaleReports(): string[] {\n\treturn [];\n}",
	"src/reports/stale-report-badge.ts":
		"export function staleReportBadge(count: number): string {\n\treturn `${count}`;\n}",
	"src/reports/purge-report-settings.ts": "export function purgeReportSettings(): number {\n\treturn 30;\n}",
	"src/reports/stale-report-filter.ts":
		"export function filterStaleReports(ids: string[]): string[] {\n\treturn ids;\n}",
	// The purge's other key, named with the question's words, leads to a helper sharing none of them.
	"src/audit/log.ts": [
		'import { bus } from "../events/bus";',
		"export function writeAuditLine(line: string): void {",
		"\tconsole.log(line);",
		"}",
		'bus.on("reports-purged", writeAuditLine);',
	].join("\n"),
});

describe("seed: a top seed's own dispatch crossed to its handler", () => {
	const index = repoIndexForSuite(files("purge-stale-reports"), "codeask-dispatched-handlers-");
	const unnamedKey = repoIndexForSuite(files("vault-transfer"), "codeask-dispatched-unnamed-");
	/** The seeded files, best first, with the crossing on for the best `seedKeyFiles` files (0: off, the default). */
	const seededFiles = (question: string, seedKeyFiles = 20, repo = index) =>
		seed(
			repo(),
			analyzeQuestion(question),
			{ sections: [], chains: [], fixed: false },
			parsePipelineConfig({ seedKeyFiles }),
			repo().outlineSections(),
		).files.map((f) => f.file);
	/** The edges into a definition named `name` (the fixture's shape: a handler is reached by its key). */
	const edgesInto = (name: string, repo = index) => {
		const def = repo().defsByName(name, 5)[0];
		return def ? repo().edgesTo(def.id) : [];
	};

	it("ranks the handler's file right under the seed that dispatches to it", () => {
		// The fixture's shape: the handler is reached by the key alone (no call, no import from the purge).
		const into = edgesInto("sweepStaleReports");
		expect(into.map((e) => e.kind)).toContain("handler");
		expect(into.filter((e) => e.kind === "call")).toEqual([]);
		const files = seededFiles("How are stale reports purged?");
		expect(files[0]).toBe("src/reports/purge.ts");
		expect(files[1]).toBe("src/jobs/cold.ts");
		// Off (the default), the lookalikes outrank it.
		expect(seededFiles("How are stale reports purged?", 0)[1]).not.toBe("src/jobs/cold.ts");
	});

	it("does not cross a key the question does not name", () => {
		expect(edgesInto("sweepStaleReports", unnamedKey).map((e) => e.kind)).toContain("handler");
		const files = seededFiles("How are stale reports purged?", 20, unnamedKey);
		expect(files[0]).toBe("src/reports/purge.ts");
		expect(files[1]).not.toBe("src/jobs/cold.ts");
	});

	it("does not cross to a handler that matches the question far less than the seed", () => {
		expect(edgesInto("writeAuditLine").map((e) => e.kind)).toContain("handler");
		expect(seededFiles("How are stale reports purged?")).not.toContain("src/audit/log.ts");
	});
});
