/**
 * `codeask export --format neo4j-csv --out DIR`: the index graph as Neo4j bulk-import CSV files
 * (schema in docs/overview.md). Prints the files and row counts (JSON with --json).
 */
import type { Command } from "commander";
import { z } from "zod";
import { type ExportResult, exportNeo4jCsv } from "../../export/index.js";
import { IndexReader } from "../../index/reader.js";
import { UsageError } from "../errors.js";
import { INDEX_OPTION_HELP } from "../find-index.js";

const optionsSchema = z.strictObject({
	index: z.string().min(1),
	format: z.enum(["neo4j-csv"], { error: () => "--format must be neo4j-csv" }),
	out: z.string({ error: () => "--out DIR is required" }).min(1),
	json: z.boolean().default(false),
});
export type ExportCommandOptions = z.infer<typeof optionsSchema>;

export function exportMain(opts: ExportCommandOptions): ExportResult {
	const index = IndexReader.open(opts.index);
	try {
		return exportNeo4jCsv(index, opts.out);
	} finally {
		index.close();
	}
}

export function register(program: Command): void {
	program
		.command("export")
		.description(
			"Export the index graph (definitions, dispatch keys, packages and their edges) for a graph database.",
		)
		.option("-i, --index <file>", INDEX_OPTION_HELP)
		.option("--format <format>", "output format: neo4j-csv (Neo4j bulk-import CSV)", "neo4j-csv")
		.option("-o, --out <dir>", "folder to write the CSV files and import.sh into")
		.option("--json", "print {files:[{name,file,rows}], importCommand, ms} as JSON", false)
		.addHelpText(
			"after",
			[
				"",
				"Example:",
				"  codeask export --index .codeask/index.db --format neo4j-csv --out graph/ && (cd graph && sh import.sh)",
				"",
				"Files: nodes-packages.csv, nodes-definitions.csv, nodes-keys.csv, relationships-edges.csv,",
				"relationships-in-package.csv; columns documented in docs/overview.md.",
				"Exit codes: 0 written, 2 bad options or index.",
			].join("\n"),
		)
		.action((raw: Record<string, unknown>) => {
			const parsed = optionsSchema.safeParse(raw);
			if (!parsed.success) {
				throw new UsageError(parsed.error.issues.map((i) => i.message).join("; "));
			}
			const result = exportMain(parsed.data);
			if (parsed.data.json) {
				process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
				return;
			}
			const lines = result.files.map((f) => `${String(f.rows).padStart(9)}  ${f.file}`);
			process.stdout.write(
				`${lines.join("\n")}\nwritten to ${result.outDir} in ${result.ms} ms; import with:\n  ${result.importCommand}\n`,
			);
		});
}
