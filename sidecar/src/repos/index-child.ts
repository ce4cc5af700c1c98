/**
 * The indexer in its own process, for the repository service: the type checker is CPU- and
 * memory-heavy, so it never runs on the sidecar's event loop. Reads one JSON argument, writes
 * JSON lines on stdout (`progress` events, then `done` or `error`). The index file is written
 * the indexer's usual way (temp file + rename), so a kill leaves the previous index in place.
 */
import { z } from "zod";
import { indexRepository } from "../indexer/index.js";
import { createSiteExtractor } from "../trunks/extractor.js";
import { loadTrunkConfig } from "../trunks/load.js";

const argsSchema = z.strictObject({
	repo: z.string().min(1),
	out: z.string().min(1),
	trunks: z.enum(["builtin", "none"]),
});

const say = (line: object) => process.stdout.write(`${JSON.stringify(line)}\n`);

async function main(): Promise<void> {
	const args = argsSchema.parse(JSON.parse(process.argv[2] ?? "{}"));
	const trunkConfig = args.trunks === "none" ? undefined : loadTrunkConfig(null, args.repo);
	const result = await indexRepository({
		repo: args.repo,
		out: args.out,
		siteExtractor: trunkConfig && createSiteExtractor(trunkConfig),
		trunkConfig,
		onProgress: (e) => say({ type: "progress", ...e }),
	});
	say({
		type: "done",
		files: result.stats.files,
		definitions: result.stats.definitions,
		edges: result.stats.edges,
		extractedFiles: result.extractedFiles,
		wallMs: result.stats.wallMs,
		problems: result.problems.length,
	});
}

main().catch((err: Error) => {
	say({ type: "error", name: err.name, message: err.message });
	process.exitCode = 1;
});
