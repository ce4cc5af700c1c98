/**
 * `codeask edges --index FILE --sample N [--seed S]`: N random resolved edges as
 * `from -> to  [kind]  (file:line of the reference)`, so a person can check them by reading the code.
 */
import type { Command } from "commander";
import { z } from "zod";
import { IndexReader } from "../../index/reader.js";
import { EDGE_KINDS } from "../../index/schema.js";
import { seededRandom } from "../../seeded-random.js";
import { UsageError } from "../errors.js";
import { INDEX_OPTION_HELP } from "../find-index.js";

const OptionsSchema = z.object({
	index: z.string().min(1),
	sample: z.coerce.number().int().positive().max(100_000),
	seed: z.coerce.number().int().default(1),
	kind: z
		.string()
		.optional()
		.transform((s) => (s ? s.split(",").map((k) => k.trim()) : undefined))
		.pipe(z.array(z.enum(EDGE_KINDS)).optional()),
	json: z.boolean().default(false),
});

export interface SampledEdge {
	from: string;
	to: string;
	kind: string;
	file: string | null;
	line: number | null;
}

/** Sample `n` distinct edges (optionally of some kinds) uniformly, reproducibly for a seed. */
export function sampleEdges(
	index: IndexReader,
	n: number,
	seed: number,
	kinds?: readonly string[],
): SampledEdge[] {
	const where = kinds?.length ? `WHERE e.kind IN (${kinds.map(() => "?").join(",")})` : "";
	const rowids = (
		index.db.prepare(`SELECT e.rowid AS r FROM edges e ${where} ORDER BY e.rowid`).all(...(kinds ?? [])) as {
			r: number;
		}[]
	).map((x) => x.r);
	const next = seededRandom(seed);
	// Partial Fisher–Yates: the first n slots become the sample.
	const take = Math.min(n, rowids.length);
	for (let i = 0; i < take; i++) {
		const j = i + Math.floor(next() * (rowids.length - i));
		[rowids[i], rowids[j]] = [rowids[j] as number, rowids[i] as number];
	}
	const stmt = index.db.prepare(
		`SELECT s.def_id AS "from", t.def_id AS "to", e.kind, f.path AS file, e.line
     FROM edges e JOIN defs s ON s.id = e.src JOIN defs t ON t.id = e.dst LEFT JOIN files f ON f.id = e.file_id WHERE e.rowid = ?`,
	);
	// An edge whose end is missing (a damaged index) has nothing to show: left out.
	return rowids.slice(0, take).flatMap((r) => {
		const row = stmt.get(r) as SampledEdge | undefined;
		return row ? [row] : [];
	});
}

export function register(program: Command): void {
	program
		.command("edges")
		.description("Print random resolved edges of an index, to check them by reading the code.")
		.option("--index <file>", INDEX_OPTION_HELP)
		.requiredOption("--sample <n>", "how many edges")
		.option("--seed <s>", "random seed (same seed, same sample)", "1")
		.option("--kind <kinds>", `only these edge kinds, comma-separated (${EDGE_KINDS.join(", ")})`)
		.option("--json", "print the sample as JSON")
		.addHelpText("after", "\nEach line: from -> to  [kind]  (file:line of the reference)")
		.action((raw: unknown) => {
			const parsed = OptionsSchema.safeParse(raw);
			if (!parsed.success) {
				throw new UsageError(
					`edges: ${parsed.error.issues.map((i) => `--${i.path.join(".")}: ${i.message}`).join("; ")}`,
				);
			}
			const o = parsed.data;
			const index = IndexReader.open(o.index);
			try {
				const edges = sampleEdges(index, o.sample, o.seed, o.kind);
				if (o.json) process.stdout.write(`${JSON.stringify(edges, null, 2)}\n`);
				else
					for (const e of edges) {
						process.stdout.write(`${e.from} -> ${e.to}  [${e.kind}]  (${e.file ?? "?"}:${e.line ?? "?"})\n`);
					}
			} finally {
				index.close();
			}
		});
}
