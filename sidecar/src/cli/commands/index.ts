/**
 * `codeask index <repo>`: build the index of a repository into one SQLite file.
 * Exit 0 when everything was indexed, 1 when the index was written but some files or configs
 * had problems (listed on stderr), 2 for bad input (nothing written, previous index untouched).
 *
 * This module stays small: a re-index of a few files is timed from the process start, so the
 * second thread of an incremental run starts before the rest of the command (options checked
 * with zod, the indexer, ~0.15 s of loading) is loaded from ../index-run.ts.
 */
import { existsSync, statSync } from "node:fs";
import { resolve } from "node:path";
import type { Command } from "commander";
import type { IncrementalWorker } from "../../indexer/incremental.js";
import { UsageError } from "../errors.js";
import type { StartedEarly } from "../index-run.js";

/** The trunk site extractor every thread of a run builds its own from. */
const SITE_EXTRACTOR_MODULE = new URL("../../trunks/extractor.js", import.meta.url).href;

export function register(program: Command): void {
	program
		.command("index")
		.description("Index a TypeScript/JavaScript repository (monorepo or not) into one SQLite file.")
		.argument("<repo>", "the repository folder")
		.option("-o, --out <file>", "index file to write (default: <repo>/.codeask/index.db)")
		.option("--json", "print the counts as JSON on stdout (no progress bar)")
		.option("--include-tests", "also index test, spec, story and fixture files")
		.option("--exclude <substring...>", "skip repo-relative paths containing any of these")
		.option(
			"--include <path...>",
			"also enter the build-output folders (build/, dist/, out/) at or under these repo-relative paths",
		)
		.option("--full", "re-extract every file instead of reusing unchanged files from the previous index")
		.option(
			"--threads <n>",
			"extraction threads (default: 2 for a run extracting 1,000+ files, else 1; each holds its own program)",
		)
		.option(
			"--commit <sha>",
			"commit to record when the folder is not a git checkout (e.g. an exported tree)",
		)
		.option(
			"--trunks <file>",
			"string-dispatch trunk configuration (JSON; replaces the built-in presets, see docs/trunks.md)",
		)
		.option("--no-trunks", "skip string-dispatch trunks (static half only)")
		.option(
			"--no-discover",
			'keep the trunk presets, turn trunk discovery off (as "discover": false in a --trunks file)',
		)
		.addHelpText(
			"after",
			`
Output (--json): {packages, files, definitions, edges, crossPackageEdges, externalRefs,
unresolvedRefs, unresolvedShare, wallMs, reusedPackages, extractedFiles, imports, unresolvedByReason,
unresolvedByModule, problems, notes, skippedFolders: [{path, files}]}

Folders of build output (build/, dist/, out/) are not indexed; the summary names those that held
TypeScript or component sources (skippedFolders), which --include PATH indexes.

Exit codes: 0 indexed; 1 indexed, but some files or configs had problems (see stderr);
2 bad input (nothing written; the previous index is untouched).`,
		)
		.action(async (repo: string, raw: unknown) => {
			// Before anything is written: the default output folder is inside <repo>, and a mistyped
			// path must not become a new folder holding an empty .codeask/.
			if (!statSync(repo, { throwIfNoEntry: false })?.isDirectory())
				throw new UsageError(existsSync(repo) ? `${repo} is not a directory` : `${repo} does not exist`);
			const started: StartedEarly = {
				worker: await startEarly(repo, raw),
				siteExtractorModule: SITE_EXTRACTOR_MODULE,
			};
			try {
				const { indexCommand } = await import("../index-run.js");
				await indexCommand(repo, raw, started);
			} finally {
				// Used and stopped by an incremental run; any other path must not leave it running.
				started.worker?.close();
			}
		});
}

/**
 * The second thread of a run that will reuse the previous index (not --full, the index file is
 * there), started now: it loads the compiler and parses what every program holds while this
 * thread loads the rest. A run that turns out not to be incremental closes it (index-run.ts).
 */
async function startEarly(repo: string, raw: unknown): Promise<IncrementalWorker | undefined> {
	const options = raw as { full?: unknown; out?: unknown; trunks?: unknown };
	if (options.full === true) return undefined;
	const [{ indexPath }, incremental, { raiseTierUpBudget }] = await Promise.all([
		import("../../indexer/reuse.js"),
		import("../../indexer/incremental.js"),
		import("../../indexer/tier-up.js"),
	]);
	const out = indexPath({ repo, out: typeof options.out === "string" ? options.out : undefined });
	if (!existsSync(out) || !incremental.incrementalWorkerAvailable()) return undefined;
	// Process-wide, before the thread's isolate compiles anything (see tier-up.ts).
	raiseTierUpBudget();
	return incremental.startIncrementalWorker({
		repoRoot: resolve(repo),
		previous: out,
		siteExtractorModule: options.trunks === false ? null : SITE_EXTRACTOR_MODULE,
	});
}
