/**
 * `indexRepository`: the static half of the index (definitions and type-resolved edges) plus
 * the string-dispatch sites found by an optional site extractor, written to one SQLite file.
 *
 * Stages: discover packages → collect files → load previous index (reuse unchanged files) →
 * one program over the changed files and what they import (each import resolved with its own
 * package's options) → definitions → edges and dispatch sites → write: a full write, or a patch
 * of a copy of the previous index when it can be reused (temp file + rename either way).
 * This module runs the stages in order; what changed is change-set.ts, the second thread
 * early-thread.ts and incremental-handover.ts, the extraction on this thread extract-here.ts, the
 * sites' join join-sites.ts, the meta rows run-meta.ts, the write write-run.ts (types: index-types.ts).
 */
import { existsSync, statSync } from "node:fs";
import { resolve } from "node:path";
import { VERSION } from "../version.js";
import { discoverPackages } from "../workspace/packages.js";
import { changeSet } from "./change-set.js";
import { type CollectedFile, collectFiles, type KnownFile } from "./collect.js";
import { earlyThread } from "./early-thread.js";
import { extractHere } from "./extract-here.js";
import { handOver, recordHandoverTimings } from "./incremental-handover.js";
import { IndexInputError, type IndexOptions, type IndexProblem, type IndexResult } from "./index-types.js";
import { joinSites } from "./join-sites.js";
import { mergeExtracted } from "./merge-extracted.js";
import { packageRows } from "./package-rows.js";
import { type FileCounts, openPrevious } from "./previous.js";
import { previousStands } from "./previous-stands.js";
import { resolutionLayout } from "./resolution-layout.js";
import { indexPath, reuseKey } from "./reuse.js";
import type { RunContext } from "./run-context.js";
import { importsResult, sumCounts } from "./run-counts.js";
import { runFacts, runMeta, writtenStats } from "./run-meta.js";
import { siteExtractorFrom } from "./site-extractor-module.js";
import { threadCpuMs } from "./thread-cpu.js";
import { writeRun } from "./write-run.js";

export async function indexRepository(options: IndexOptions): Promise<IndexResult> {
	// What a failing run must undo, whatever step it fails in: the second thread (it would keep
	// the process alive), the previous index (open), the prepared copy (a temp file next to `out`).
	const onFailure: (() => void)[] = [];
	try {
		return await runIndex(options, onFailure);
	} catch (err) {
		for (const undo of onFailure.reverse()) {
			try {
				undo();
			} catch {
				// Undoing is best effort: the run's own error is the one to report.
			}
		}
		throw err;
	}
}

async function runIndex(options: IndexOptions, onFailure: (() => void)[]): Promise<IndexResult> {
	const started = Date.now();
	const cpuStarted = process.cpuUsage();
	const repoRoot = resolve(options.repo);
	if (!existsSync(repoRoot) || !statSync(repoRoot).isDirectory()) {
		throw new IndexInputError(`${options.repo} is not a directory`);
	}
	const out = indexPath(options);
	const progress = options.onProgress ?? (() => {});
	const timings: Record<string, number> = {};
	let phaseStart = Date.now();
	const lap = (phase: string) => {
		const now = Date.now();
		timings[phase] = now - phaseStart;
		phaseStart = now;
	};
	const problems: IndexProblem[] = [];
	const relative = (abs: string) => (abs.startsWith(`${repoRoot}/`) ? abs.slice(repoRoot.length + 1) : abs);

	// 1. Packages and files. The previous index (same options) says which files it read with the
	// same size/mtime/ctime: those are not read again unless something needs their text.
	progress({ phase: "collect", done: 0, total: 0 });
	const optionsJson = reuseKey(options);
	const previous = options.full ? null : openPrevious(out, VERSION, optionsJson);
	if (previous) onFailure.push(() => previous.close());
	const known = new Map<string, KnownFile>();
	for (const [path, stat] of previous?.fileStats ?? []) {
		const hash = previous?.fileHashes.get(path);
		if (hash) known.set(path, { stat, hash });
	}
	const packages = discoverPackages(repoRoot);
	// A small change is extracted on a second thread, warmed up while this one collects.
	const incrementalThread =
		previous && (options.incrementalThread ?? true) ? await import("./incremental.js") : null;
	const siteExtractorModule =
		options.siteExtractorModule && options.trunkConfig !== undefined ? options.siteExtractorModule : null;
	const early = earlyThread({ options, repoRoot, out, previous, incrementalThread, siteExtractorModule });
	onFailure.push(() => early.worker?.close());
	const collectOptions = {
		includeTests: options.includeTests ?? false,
		exclude: options.exclude ?? [],
		include: options.include ?? [],
	};
	const collected = early.closeOnError(() =>
		collectFiles(repoRoot, packages, collectOptions, known, (n) =>
			progress({ phase: "collect", done: n, total: 0 }),
		),
	);
	const notes: IndexProblem[] = [];
	for (const s of collected.skipped)
		(s.reason.startsWith("cannot") ? problems : notes).push({ file: s.path, reason: s.reason });
	if (collected.files.length === 0) {
		early.worker?.close();
		previous?.close();
		throw new IndexInputError(`no TypeScript or JavaScript source files found in ${options.repo}`);
	}
	lap("collect");
	// What module resolutions recorded by earlier runs hold for (resolve.ts): taken while it is the same.
	const layout = resolutionLayout(
		repoRoot,
		packages,
		collected.files.map((f) => f.abs),
		collected.declarationFiles,
	);

	// 2. Reuse: files whose content hash is unchanged since the previous index with the same options;
	// a small change goes to the second thread, and what this one needs is prepared while it extracts.
	const changes = changeSet(collected, previous);
	const { previousCounts, unchanged, notUnchanged, removedFiles, anyChange } = changes;
	const facts = () => runFacts(repoRoot, options.commit, collected);
	const run: RunContext = {
		options,
		repoRoot,
		out,
		progress,
		relative,
		problems,
		notes,
		packages,
		collected,
		layout,
		previous,
	};
	const handover = await handOver(run, { changes, early, siteExtractorModule, onFailure, runFacts: facts });
	const { incremental, incrementalMs, patching, forecast, extractorHere, dropCopy } = handover;
	// The compiler (~0.5 s to load) is loaded only when something changed.
	const dependents = new Set(
		incremental
			? incremental.dependents
			: previous && anyChange
				? (await import("./dependents.js")).filesReferringToRemovedDefs(previous, notUnchanged, removedFiles)
				: [],
	);
	const reusable = (f: CollectedFile) => unchanged(f) && !dependents.has(f.path);
	const changed = collected.files.filter((f) => !reusable(f));
	const packageTable = packageRows(packages, collected.files, changed, previous !== null);
	const stands = previousStands({
		out,
		previous,
		changes,
		changed,
		packagesKey: packageTable.key,
		reusedPackages: packageTable.reused,
		started,
		problems,
		notes,
		skippedFolders: collected.skippedFolders,
		timings,
	});
	if (stands) return stands;
	lap("load");

	// 3-5. One program over the changed files (imports pull in what they need, sources parsed
	// once), their definitions, edges and dispatch sites: on the incremental thread (done above),
	// on this thread, or over worker threads for a large run.
	// An incremental run's extractor is the one loaded ahead, unless none was (the sites are likely as
	// before) or it joined a guess (its state is that join's): then a new one, when the sites need it.
	const sitesOn = options.siteExtractor !== undefined || siteExtractorModule !== null;
	const extractor =
		options.siteExtractor ??
		(incremental
			? forecast.kind === "unknown"
				? await extractorHere
				: undefined
			: extractorHere
				? await extractorHere
				: await siteExtractorFrom(options));
	const { extracted, globalFiles, inWorkers, threads } = incremental
		? {
				extracted: incremental.extracted,
				globalFiles: pathsIn(collected.files, incremental.globalFiles),
				inWorkers: false,
				threads: 1,
			}
		: await extractHere(run, { changed, reusable, extractor });
	if (incremental)
		for (const p of incremental.resolverProblems)
			(p.missingExtends ? notes : problems).push({ file: relative(p.file), reason: p.reason });
	recordHandoverTimings(timings, handover);
	lap("extract");
	// The incremental thread's extraction was waited for before "load" ended.
	if (timings.load !== undefined) timings.load -= incrementalMs;
	timings.extract = (timings.extract ?? 0) + incrementalMs;
	Object.assign(timings, extracted.timings, { threads: inWorkers ? threads : 1 });
	for (const [i, share] of (extracted.shares ?? []).entries())
		for (const [k, v] of Object.entries(share)) timings[`share${i + 1}.${k}`] = v;
	const { defsByPath, edges, extractedSites, rawSites, bodies, imports, counts, unresolvedImportSample } =
		mergeExtracted(extracted.files, layout, problems);

	lap("merge");
	// 6. Every file's sites, in file order as a full run sees them (reused files: their saved
	// extractor output), joined across the repository by `finalize` — unless they are the
	// previous index's (null: see `sitesAsBefore`).
	for (const f of collected.files) if (reusable(f)) counts[f.path] = previousCounts[f.path] as FileCounts;
	const { sites: finalSites, join } = await joinSites({
		options,
		repoRoot,
		files: collected.files,
		changed,
		reusable,
		previous,
		patching,
		sitesOn,
		removedFiles,
		defsByPath,
		rawSites,
		extractedSites,
		preloadedSites: handover.preloadedSites,
		guess: handover.guess,
		extractor,
	});
	// How the sites came (site-forecast.ts): 0 the previous index's, 1 joined on the guess while the
	// second thread extracted, 2 joined after the extraction.
	timings["sites.join"] = join;
	const totals = sumCounts(counts);
	const { unresolvedByReason, unresolvedByModule } = totals;
	const unresolvedRefs = Object.values(unresolvedByReason).reduce((a, b) => a + b, 0);
	lap("reuse");

	// 7. Write: patch a copy of the previous index when its packages are the same, else write it all
	progress({ phase: "write", done: 0, total: 1 });
	const meta = runMeta({
		repoRoot,
		optionsJson,
		trunkConfig: options.trunkConfig,
		facts: handover.ahead ?? facts(),
		counts,
		globalFiles,
	});
	const { finalMeta, stats } = writtenStats({
		packages: packageTable.withFiles,
		files: collected.files.length,
		totals,
		unresolvedRefs,
		reusedPackages: packageTable.reused,
		started,
	});
	await writeRun({
		out,
		previous,
		patching,
		dropCopy,
		meta,
		finalMeta,
		packageRows: packageTable.rows,
		files: collected.files,
		manifests: changes.manifests,
		manifestsChanged: changes.manifestsChanged,
		changed,
		removedFiles,
		removedManifests: changes.removedManifests,
		reusable,
		defsByPath,
		edges,
		rawSites,
		bodies,
		imports,
		finalSites,
		unresolvedByReason,
	});
	progress({ phase: "write", done: 1, total: 1 });
	lap("write");
	// CPU of the whole process over the run (every thread, V8's compiler and GC threads too).
	const cpu = process.cpuUsage(cpuStarted);
	// With the snapshot process's, which did the thread's share.
	timings.cpu = Math.round((cpu.user + cpu.system) / 1000) + (incremental?.processCpu ?? 0);
	if (incremental) {
		const mainCpu = threadCpuMs();
		if (mainCpu !== undefined) timings["incremental.mainCpu"] = mainCpu;
	}
	const finalStats = { ...stats(), wallMs: Date.now() - started };
	return {
		out,
		stats: finalStats,
		imports: importsResult(totals, unresolvedImportSample.slice(0, 20)),
		unresolvedByReason,
		unresolvedByModule,
		problems,
		notes,
		skippedFolders: collected.skippedFolders,
		extractedFiles: changed.length,
		timings,
	};
}

/** The collected files at these paths, in collected order. */
function pathsIn(files: CollectedFile[], paths: string[]): CollectedFile[] {
	const wanted = new Set(paths);
	return files.filter((f) => wanted.has(f.path));
}
