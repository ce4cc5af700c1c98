/**
 * `indexRepository`: the static half of the index (definitions and type-resolved edges) plus
 * the string-dispatch sites found by an optional site extractor, written to one SQLite file.
 *
 * Stages: discover packages → collect files → load previous index (reuse unchanged files) →
 * one program over the changed files and what they import (each import resolved with its own
 * package's options) → definitions → edges and dispatch sites → write: a full write, or a patch
 * of a copy of the previous index when it can be reused (temp file + rename either way).
 * This module runs the stages and keeps the run's state; the extraction on this thread is
 * extract-here.ts, the sites' join join-sites.ts, the write write-run.ts (types: index-types.ts).
 */
import { existsSync, statSync } from "node:fs";
import { resolve } from "node:path";
import { isManifestPath } from "../index/documents.js";
import { copyForPatch } from "../index/patch.js";
import { INDEX_FORMAT_VERSION, type IndexStats } from "../index/schema.js";
import type { DispatchSiteRecord } from "../index/types.js";
import { removeStaleTemps, type WriteResult } from "../index/writer.js";
import { VERSION } from "../version.js";
import { type CollectedFile, collectFiles, type KnownFile, sha1 } from "./collect.js";
import { extractHere } from "./extract-here.js";
import { SHARE_CHARS, THREADED_RUN_FILES } from "./extraction-plan.js";
import { gitMeta } from "./git-meta.js";
import { checkIncrementalResult } from "./incremental-result.js";
import { IndexInputError, type IndexOptions, type IndexProblem, type IndexResult } from "./index-types.js";
import { joinSites } from "./join-sites.js";
import { mergeExtracted } from "./merge-extracted.js";
import { type FileCounts, openPrevious, packageIdentity } from "./previous.js";
import { resolutionLayout } from "./resolution-layout.js";
import { indexPath, reuseKey } from "./reuse.js";
import { importsResult, round, sumCounts } from "./run-counts.js";
import { siteExtractorFrom } from "./site-extractor-module.js";
import {
	forecastSites,
	type GuessedJoin,
	guessJoin,
	loadSavedSites,
	type SiteForecast,
} from "./site-forecast.js";
import { threadCpuMs } from "./thread-cpu.js";
import { discoverPackages } from "./workspace.js";
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
	const given = options.incrementalWorker;
	let early =
		previous &&
		incrementalThread?.incrementalWorkerAvailable() &&
		!(options.siteExtractor && !options.siteExtractorModule)
			? given &&
				given.input.repoRoot === repoRoot &&
				given.input.previous === out &&
				given.input.siteExtractorModule === siteExtractorModule
				? given
				: incrementalThread.startIncrementalWorker({ repoRoot, previous: out, siteExtractorModule })
			: null;
	if (given && early !== given) given.close();
	onFailure.push(() => early?.close());
	// The thread must not outlive a run that fails before handing it the work.
	const closeOnError = <T>(fn: () => T): T => {
		try {
			return fn();
		} catch (err) {
			early?.close();
			throw err;
		}
	};
	const collectOptions = { includeTests: options.includeTests ?? false, exclude: options.exclude ?? [] };
	const collected = closeOnError(() =>
		collectFiles(repoRoot, packages, collectOptions, known, (n) =>
			progress({ phase: "collect", done: n, total: 0 }),
		),
	);
	const notes: IndexProblem[] = [];
	for (const s of collected.skipped)
		(s.reason.startsWith("cannot") ? problems : notes).push({ file: s.path, reason: s.reason });
	if (collected.files.length === 0) {
		early?.close();
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

	// 2. Reuse: files whose content hash is unchanged since the previous index with the same options
	const previousCounts = previous?.fileCounts ?? {};
	const unchanged = (f: CollectedFile) =>
		previous !== null && previous.fileHashes.get(f.path) === f.hash && previousCounts[f.path] !== undefined;
	const collectedPaths = new Set(collected.files.map((f) => f.path));
	// Source files only: manifests are never extracted (their rows are rewritten together, below).
	const removedFiles = previous
		? [...previous.fileHashes.keys()].filter((p) => !collectedPaths.has(p) && !isManifestPath(p))
		: [];
	// Manifests: any that changed, came or went has every manifest's rows rewritten (edges join them).
	const manifests = collected.manifests;
	const manifestPaths = new Set(manifests.map((m) => m.path));
	const removedManifests = previous
		? [...previous.fileHashes.keys()].filter((p) => isManifestPath(p) && !manifestPaths.has(p))
		: [];
	const manifestsChanged =
		previous === null ||
		removedManifests.length > 0 ||
		manifests.some((m) => previous.fileHashes.get(m.path) !== m.hash);
	const notUnchanged = collected.files.filter((f) => !unchanged(f));
	const anyChange = notUnchanged.length > 0 || removedFiles.length > 0;
	const notUnchangedChars = closeOnError(() => notUnchanged.reduce((a, f) => a + f.content.length, 0));
	if (early && (!anyChange || notUnchanged.length >= THREADED_RUN_FILES || notUnchangedChars > SHARE_CHARS)) {
		// Nothing to extract, or a run for the extraction threads.
		early.close();
		early = null;
	}
	const waitStarted = Date.now();
	const mainBefore = early ? threadCpuMs() : undefined;
	const pending = early
		? early.extract(
				{
					packages,
					siteExtractor: siteExtractorModule
						? { module: siteExtractorModule, config: options.trunkConfig }
						: null,
					files: collected.files,
					notUnchanged,
					removedFiles,
					declarationFiles: collected.declarationFiles,
					layout,
					previousGlobals: previous?.globalFiles ? [...previous.globalFiles] : null,
				},
				(phase, done) =>
					progress({
						phase,
						done: phase === "parse" ? Math.min(done, notUnchanged.length) : done,
						total: notUnchanged.length,
					}),
			)
		: null;
	pending?.catch(() => {});
	const patching = previous !== null && previous.packageIdentity === packageIdentity(packages);
	// What the edit likely does to the changed files' sites (site-forecast.ts). Only with an extractor
	// this run builds from its module: a guessed join needs a second instance when the guess is wrong.
	const forecast: SiteForecast =
		pending && previous && patching && !options.siteExtractor && siteExtractorModule
			? forecastSites(notUnchanged, previous, removedFiles.length > 0)
			: { kind: "unknown" };
	// The site extractor this thread needs (saved sites, `finalize`), loaded while the worker extracts,
	// unless the sites are likely as before: then only when the result says they are not.
	const extractorHere = options.siteExtractor
		? Promise.resolve(options.siteExtractor)
		: early && forecast.kind !== "same"
			? siteExtractorFrom(options)
			: undefined;
	extractorHere?.catch(() => {});
	// While the thread extracts: the copy the patch writes into, and the reused files' saved sites
	// (joined on the guess that the changed files' sites only moved, when that is the forecast).
	let dropCopy: (() => void) | undefined;
	const preloadedSites = new Map<string, DispatchSiteRecord[]>();
	let guess: GuessedJoin | null = null;
	// Between the steps below the event loop runs: it writes the request to a snapshot process's pipe
	// as that process reads it (once warmed up), which a long synchronous step would hold back.
	const step = () => new Promise<void>((resolve) => setImmediate(resolve));
	if (pending && previous) {
		const here = await extractorHere;
		await step();
		if (patching) {
			dropCopy = copyForPatch(out, out);
			onFailure.push(dropCopy);
		}
		try {
			await step();
			// Every file's saved sites in one read, not a query per file; read while the thread extracts
			// also when no join is expected: whether the sites are as before is asked of them after it.
			previous.allSavedSites();
			// The changed files' definitions that came or went are looked for in them after the result.
			if (forecast.kind === "same") previous.narrowSitesName(notUnchanged.map((f) => f.path));
			await step();
			if (here && forecast.kind === "shift") {
				// The longest step (~0.5 s on Rocket.Chat): once the request is out.
				await early?.sent();
				guess = guessJoin(here, collected.files, forecast.maps, previous, repoRoot);
			} else if (here) {
				for (const f of collected.files) {
					const saved = unchanged(f) ? previous.savedSitesOf(f.path) : null;
					if (saved) preloadedSites.set(f.path, loadSavedSites(here, saved, repoRoot));
				}
			}
		} catch (err) {
			dropCopy?.();
			throw err;
		}
	}
	// Meta rows that depend on no extraction (two git commands, every file's stat): made while the
	// thread extracts, when there is one.
	const git = () => gitMeta(repoRoot, options.commit);
	const fileStats = () =>
		JSON.stringify(
			Object.fromEntries([...collected.files, ...collected.manifests].map((f) => [f.path, f.stat])),
		);
	if (pending) await step();
	const ahead = pending ? { git: git(), fileStats: fileStats() } : null;
	let incremental: Awaited<NonNullable<typeof pending>> | null = null;
	try {
		incremental = pending ? checkIncrementalResult(await pending) : null;
	} catch (err) {
		dropCopy?.();
		throw err;
	}
	const incrementalMs = incremental ? Date.now() - waitStarted : 0;
	const mainAfter = incremental ? threadCpuMs() : undefined;
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
	const filesByPackage = packages.map(() => [] as string[]);
	for (const f of collected.files) filesByPackage[f.packageIndex]?.push(`${f.path}:${f.hash}`);
	const packageRows = packages.map((p, i) => ({
		name: p.name,
		dir: p.dir,
		description: p.description,
		readme: p.readme,
		hash: sha1((filesByPackage[i] ?? []).join("\n")),
	}));
	const changedPackages = new Set(changed.map((f) => f.packageIndex));
	const reusedPackages = previous
		? packages.filter((_, i) => !changedPackages.has(i) && (filesByPackage[i]?.length ?? 0) > 0).length
		: 0;
	const packagesKey = JSON.stringify(packageRows);
	if (
		previous?.stats &&
		changed.length === 0 &&
		removedFiles.length === 0 &&
		!manifestsChanged &&
		previous.packagesKey === packagesKey
	) {
		// Nothing changed since the previous index: it is already this index; leave the file alone.
		previous.close();
		removeStaleTemps(out);
		const totals = sumCounts(previousCounts);
		return {
			out,
			stats: { ...previous.stats, wallMs: Date.now() - started, reusedPackages },
			imports: importsResult(totals, []),
			unresolvedByReason: totals.unresolvedByReason,
			unresolvedByModule: totals.unresolvedByModule,
			problems,
			notes,
			extractedFiles: 0,
			timings,
		};
	}
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
		: await extractHere({
				options,
				repoRoot,
				packages,
				collected,
				changed,
				previous,
				reusable,
				layout,
				extractor,
				notes,
				problems,
				relative,
				progress,
			});
	if (incremental) {
		for (const p of incremental.resolverProblems)
			(p.missingExtends ? notes : problems).push({ file: relative(p.file), reason: p.reason });
		if (incremental.cpu !== undefined) timings["incremental.cpu"] = incremental.cpu;
		if (incremental.warmCpu !== undefined) timings["incremental.warmCpu"] = incremental.warmCpu;
		// Run by a process started from the startup snapshot (snapshot.ts): 1, with that process's CPU.
		if (incremental.snapshot) timings["incremental.snapshot"] = 1;
		if (incremental.processCpu !== undefined) timings["incremental.processCpu"] = incremental.processCpu;
		if (incremental.waitMs !== undefined) timings["incremental.waitMs"] = incremental.waitMs;
		// This thread's CPU when it handed the work over and when it got it back (Linux).
		if (mainBefore !== undefined) timings["incremental.mainCpuBefore"] = mainBefore;
		if (mainAfter !== undefined) timings["incremental.mainCpuAfter"] = mainAfter;
	}
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
		preloadedSites,
		guess,
		extractor,
	});
	// How the sites came (site-forecast.ts): 0 the previous index's, 1 joined on the guess while the
	// second thread extracted, 2 joined after the extraction.
	timings["sites.join"] = join;
	const totals = sumCounts(counts);
	const { resolvedSites, externalRefs, unresolvedByReason, unresolvedByModule } = totals;
	const unresolvedRefs = Object.values(unresolvedByReason).reduce((a, b) => a + b, 0);
	lap("reuse");

	// 7. Write: patch a copy of the previous index when its packages are the same, else write it all
	progress({ phase: "write", done: 0, total: 1 });
	const meta = {
		formatVersion: String(INDEX_FORMAT_VERSION),
		toolVersion: VERSION,
		repoRoot,
		...(ahead?.git ?? git()),
		builtAt: new Date().toISOString(),
		options: optionsJson,
		trunkConfig: JSON.stringify(options.trunkConfig ?? null),
		fileCounts: JSON.stringify(counts),
		fileStats: ahead?.fileStats ?? fileStats(),
		globalFiles: JSON.stringify(globalFiles.map((f) => f.path)),
	};
	let stats: IndexStats | undefined;
	const finalMeta = (written: WriteResult) => {
		const siteTotal = resolvedSites + externalRefs + unresolvedRefs;
		stats = {
			packages: packages.filter((_, i) => (filesByPackage[i]?.length ?? 0) > 0).length,
			files: collected.files.length,
			definitions: written.definitions,
			edges: written.edges,
			crossPackageEdges: written.crossPackageEdges,
			externalRefs,
			unresolvedRefs,
			unresolvedShare: siteTotal ? round(unresolvedRefs / siteTotal) : 0,
			wallMs: Date.now() - started,
			reusedPackages,
		};
		return {
			stats: JSON.stringify(stats),
			imports: JSON.stringify({
				inRepo: totals.importsInRepo,
				resolved: totals.importsResolved,
				byKind: totals.importKinds,
			}),
		};
	};
	await writeRun({
		out,
		previous,
		patching,
		dropCopy,
		meta,
		finalMeta,
		packageRows,
		files: collected.files,
		manifests,
		manifestsChanged,
		changed,
		removedFiles,
		removedManifests,
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
	const finalStats = { ...(stats as IndexStats), wallMs: Date.now() - started };
	return {
		out,
		stats: finalStats,
		imports: importsResult(totals, unresolvedImportSample.slice(0, 20)),
		unresolvedByReason,
		unresolvedByModule,
		problems,
		notes,
		extractedFiles: changed.length,
		timings,
	};
}

/** The collected files at these paths, in collected order. */
function pathsIn(files: CollectedFile[], paths: string[]): CollectedFile[] {
	const wanted = new Set(paths);
	return files.filter((f) => wanted.has(f.path));
}
