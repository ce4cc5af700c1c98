/**
 * The `codeask index` run (commands/index.ts registers the command and loads this module only
 * once it runs): options, a previous index to reuse or rebuild, the run in this thread or a
 * worker thread, the summary.
 */

import { existsSync, rmSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { Worker } from "node:worker_threads";
import { z } from "zod";
import { IndexError } from "../index/index-error.js";
import { IndexReader } from "../index/reader.js";
import type { IncrementalWorker } from "../indexer/incremental.js";
import { IndexInputError, type IndexOptions, type IndexResult } from "../indexer/index-types.js";
import { hasReusableIndex, indexPath } from "../indexer/reuse.js";
import { raiseTierUpBudget } from "../indexer/tier-up.js";
import { makeDirs } from "../make-dirs.js";
import type { TrunkConfig } from "../trunks/config.js";
import { loadTrunkConfig } from "../trunks/load.js";
import { EXIT, UsageError } from "./errors.js";
import { indexSummary } from "./index-summary.js";
import type { IndexWorkerInput, IndexWorkerMessage } from "./index-worker.js";
import { createProgressBar } from "./progress.js";

const OptionsSchema = z.object({
	out: z.string().min(1).optional(),
	json: z.boolean().default(false),
	includeTests: z.boolean().default(false),
	exclude: z.array(z.string().min(1)).default([]),
	include: z.array(z.string().min(1)).default([]),
	full: z.boolean().default(false),
	threads: z.coerce.number().int().min(1, "--threads must be a whole number from 1").max(64).optional(),
	trunks: z.union([z.string().min(1), z.boolean()]).optional(),
	discover: z.boolean().default(true),
	commit: z
		.string()
		.regex(/^[0-9a-f]{7,40}$/i, "--commit must be a git commit hash (7 to 40 hex digits)")
		.optional(),
});

/**
 * Heap of a full run's worker thread. The type checker allocates many short-lived objects: a
 * larger young generation (3 × a 64 MB semi-space) cuts garbage-collection time. A ~7,000-file
 * monorepo peaks near 2.5 GB of heap, more than Node's default limit on small machines.
 */
const WORKER_LIMITS = { maxYoungGenerationSizeMb: 192, maxOldGenerationSizeMb: 4096 };

/**
 * The `index` command after its repository folder was checked and its second thread (when the
 * run may be incremental) started: options, trunk configuration, the run. Exit code in
 * process.exitCode.
 */
export async function indexCommand(repo: string, raw: unknown, started: StartedEarly): Promise<void> {
	const parsed = OptionsSchema.safeParse(raw);
	if (!parsed.success) throw new UsageError(`index: ${parsed.error.issues.map((i) => i.message).join("; ")}`);
	const options = parsed.data;
	// Before the compiler is loaded: its functions get the larger budget from the start.
	raiseTierUpBudget();
	const loaded =
		options.trunks === false
			? undefined
			: loadTrunkConfig(typeof options.trunks === "string" ? options.trunks : null, repo);
	// `--no-discover`: the presets (built in, or the --trunks file's) without discovery.
	const trunkConfig = loaded && !options.discover ? { ...loaded, discover: false } : loaded;
	process.exitCode = await indexOrRebuild(repo, options, trunkConfig, started);
}

/** A second thread started for the run before the command loaded (commands/index.ts), and the extractor module it loads. */
export interface StartedEarly {
	worker?: IncrementalWorker;
	siteExtractorModule: string;
}

/**
 * Index, incrementally when a previous index can be reused. A previous index that turns out to be
 * damaged (unreadable, or a corrupt page met while reusing it) is not fatal: the run is redone in
 * full, and stderr says so.
 */
async function indexOrRebuild(
	repo: string,
	options: z.infer<typeof OptionsSchema>,
	trunkConfig: TrunkConfig | undefined,
	started: StartedEarly,
): Promise<number> {
	const out = indexPath({ repo, out: options.out });
	checkWritable(out);
	const full = (o: z.infer<typeof OptionsSchema>) => {
		// Not an incremental run: the thread started for one would only take a core from it.
		started.worker?.close();
		return runIndex(repo, o, trunkConfig, true, started);
	};
	const rebuild = (why: string) => {
		process.stderr.write(`codeask: the previous index ${out} is damaged (${why}): rebuilding it in full\n`);
		return full({ ...options, full: true });
	};
	if (options.full) return full(options);
	const damage = unreadable(out);
	if (damage) return rebuild(damage);
	try {
		// An incremental run re-extracts a few files: a thread with a larger young generation
		// costs it more than it saves.
		if (!hasReusableIndex({ repo, ...options, trunkConfig })) return await full(options);
		return await runIndex(repo, options, trunkConfig, false, started);
	} catch (err) {
		if (isDamagedIndexError(err)) return rebuild((err as Error).message);
		throw err;
	}
}

/**
 * A damaged page, or garbled rows SQLite cannot tell from data (saved sites that are no longer
 * JSON): the previous index cannot be reused. A syntax error in code (a module that fails to load)
 * is no damage of the index and must not be reported as one.
 */
export function isDamagedIndexError(err: unknown): boolean {
	const code = (err as { code?: unknown } | null)?.code;
	if (code === "SQLITE_CORRUPT" || code === "SQLITE_NOTADB") return true;
	return err instanceof SyntaxError && /JSON/.test(err.message);
}

/**
 * Fail before indexing, not after, when the index cannot be written there (a file used as a
 * folder, /proc, a read-only folder): probe with a small file next to it. System errors are
 * turned into one sentence by the CLI's error handler.
 */
function checkWritable(out: string): void {
	if (!existsSync(dirname(out))) {
		// `codeask index` makes the folder anyway; made now it is checked too.
		makeDirs(dirname(out));
	}
	const probe = `${out}.probe-${process.pid}`;
	try {
		writeFileSync(probe, "");
	} catch (err) {
		// Named by the index file the user asked for, not the probe.
		throw Object.assign(err as Error, { path: out, syscall: "open" });
	}
	rmSync(probe, { force: true });
}

/** Why an existing index file cannot even be opened (truncated, not SQLite), or null. */
function unreadable(file: string): string | null {
	if (!existsSync(file)) return null;
	try {
		IndexReader.open(file).close();
		return null;
	} catch (err) {
		return err instanceof IndexError && err.code === "index-corrupt"
			? err.message.replace(/^cannot read index .*?: /, "")
			: null;
	}
}

/**
 * An index in a `.codeask/` folder (the default, inside the user's repository) gets a
 * `.gitignore` of `*`, so it never shows in `git status`. A user's own .gitignore there is kept.
 */
function keepOutOfGit(out: string): void {
	const dir = dirname(out);
	const file = join(dir, ".gitignore");
	if (basename(dir) !== ".codeask" || existsSync(file)) return;
	try {
		writeFileSync(file, "# written by codeask: the index is a build artefact\n*\n");
	} catch {
		// The index itself was written; an unwritable .gitignore is not worth failing for.
	}
}

async function runIndex(
	repo: string,
	options: z.infer<typeof OptionsSchema>,
	trunkConfig: TrunkConfig | undefined,
	inWorker: boolean,
	started: StartedEarly,
): Promise<number> {
	const bar = createProgressBar({ json: options.json });
	const input: IndexWorkerInput = {
		repo,
		out: options.out,
		includeTests: options.includeTests,
		exclude: options.exclude,
		include: options.include,
		full: options.full,
		commit: options.commit,
		threads: options.threads,
		trunkConfig,
	};
	let result: IndexResult;
	try {
		const onProgress: OnProgress = (e) => bar.update(e.phase, e.done, e.total, e.live);
		result = await (inWorker ? indexInWorker(input, onProgress) : indexInProcess(input, onProgress, started));
	} finally {
		bar.stop();
	}
	keepOutOfGit(result.out);
	for (const p of result.problems) process.stderr.write(`codeask: ${p.file}: ${p.reason}\n`);
	for (const n of result.notes.slice(0, 10)) process.stderr.write(`codeask: note: ${n.file}: ${n.reason}\n`);
	if (result.notes.length > 10)
		process.stderr.write(`codeask: note: … and ${result.notes.length - 10} more\n`);
	if (options.json) {
		const { stats, imports, unresolvedByReason, unresolvedByModule, problems, extractedFiles, timings } =
			result;
		process.stdout.write(
			`${JSON.stringify({ ...stats, extractedFiles, timings, imports, unresolvedByReason, unresolvedByModule, problems: problems.length, notes: result.notes.length, skippedFolders: result.skippedFolders ?? [] }, null, 2)}\n`,
		);
	} else {
		process.stdout.write(`${indexSummary(result)}\n`);
	}
	// The next incremental run starts from a startup snapshot: built in the background when this
	// build has none yet (indexer/snapshot.ts; nothing waits for it).
	(await import("../indexer/snapshot.js")).scheduleSnapshotBuild();
	return result.problems.length ? EXIT.failed : EXIT.ok;
}

type OnProgress = NonNullable<IndexOptions["onProgress"]>;

async function indexInProcess(
	input: IndexWorkerInput,
	onProgress: OnProgress,
	started: StartedEarly,
): Promise<IndexResult> {
	const { indexRepository } = await import("../indexer/index.js");
	const trunkConfig = input.trunkConfig as TrunkConfig | undefined;
	try {
		// The trunk extractor (and the compiler) are loaded by the indexer only when files changed.
		return await indexRepository({
			...input,
			siteExtractorModule: started.siteExtractorModule,
			incrementalWorker: started.worker,
			trunkConfig,
			onProgress,
		});
	} catch (err) {
		if (err instanceof IndexInputError) throw new UsageError(err.message);
		throw err;
	}
}

/** The run in a worker thread with WORKER_LIMITS (see index-worker.ts: no orphan can outlive us). */
function indexInWorker(input: IndexWorkerInput, onProgress: OnProgress): Promise<IndexResult> {
	return new Promise((resolve, reject) => {
		const worker = new Worker(new URL("./index-worker.js", import.meta.url), {
			workerData: input,
			resourceLimits: WORKER_LIMITS,
		});
		let settled = false;
		const settle = (fn: () => void) => {
			if (settled) return;
			settled = true;
			fn();
		};
		worker.on("message", (m: IndexWorkerMessage) => {
			if (m.type === "progress") onProgress(m.event);
			else if (m.type === "done") settle(() => resolve(m.result));
			else if (m.type === "input-error") settle(() => reject(new UsageError(m.message)));
			else
				settle(() =>
					reject(
						Object.assign(new Error(m.message), {
							stack: m.stack ?? m.message,
							...(m.code ? { code: m.code } : {}),
							...(m.path ? { path: m.path, syscall: m.syscall } : {}),
						}),
					),
				);
		});
		worker.on("error", (err) => settle(() => reject(err)));
		worker.on("exit", (code) =>
			settle(() => reject(new Error(`the indexing thread stopped unexpectedly (exit ${code})`))),
		);
	});
}
