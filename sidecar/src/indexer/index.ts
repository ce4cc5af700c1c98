/**
 * `indexRepository`: the static half of the index (definitions and type-resolved edges) plus
 * the string-dispatch sites found by an optional site extractor, written to one SQLite file.
 *
 * Stages: discover packages → collect files → load previous index (reuse unchanged files) →
 * one program over the changed files and what they import (each import resolved with its own
 * package's options) → definitions → edges and dispatch sites → write: a full write, or a patch
 * of a copy of the previous index when it can be reused (temp file + rename either way).
 */
import { execFileSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import { availableParallelism, totalmem } from "node:os";
import { resolve } from "node:path";
import { isManifestPath } from "../index/documents.js";
import { copyForPatch, patchIndex } from "../index/patch.js";
import { INDEX_FORMAT_VERSION, type IndexStats } from "../index/schema.js";
import type { DispatchSiteRecord, SiteExtractor } from "../index/types.js";
import {
	removeStaleTemps,
	type WriteDef,
	type WriteEdge,
	type WriteResult,
	writeIndex,
} from "../index/writer.js";
import { buildOutline } from "../outline/build.js";
import { VERSION } from "../version.js";
import { declarationText } from "./bodies.js";
import { type CollectedFile, collectFiles, type KnownFile, sha1 } from "./collect.js";
import type { DefRecord } from "./defs.js";
import { IMPORT_KINDS, type ImportKind, noImportsByKind } from "./import-kinds.js";
import type { IncrementalWorker } from "./incremental.js";
import { checkIncrementalResult } from "./incremental-result.js";
import { type FileCounts, openPrevious, type PreviousIndex, packageIdentity } from "./previous.js";
import { resolutionLayout } from "./resolution-layout.js";
import { indexPath, reuseKey } from "./reuse.js";
import {
	forecastSites,
	type GuessedJoin,
	guessHolds,
	guessJoin,
	loadSavedSites,
	type SiteForecast,
} from "./site-forecast.js";
import { threadCpuMs } from "./thread-cpu.js";
import { discoverPackages } from "./workspace.js";

export interface IndexProgress {
	phase: "collect" | "parse" | "extract" | "write";
	done: number;
	total: number;
	/** Parse/extract over threads: the live ShareCounts cells (share-counts.ts), on shared memory. */
	live?: Int32Array;
}

export interface IndexOptions {
	/** Repository root (a folder). */
	repo: string;
	/** Output file; default `<repo>/.codeask/index.db`. */
	out?: string;
	/** Index test and fixture files too (excluded by default). */
	includeTests?: boolean;
	/** Skip repo-relative paths containing any of these substrings. */
	exclude?: string[];
	/** Ignore the previous index and extract every file. */
	full?: boolean;
	/** The commit to record when the tree is not a git checkout (e.g. an exported snapshot). */
	commit?: string;
	/** Finds string-dispatch sites (trunks) in the type-checked pass. */
	siteExtractor?: SiteExtractor;
	/**
	 * URL of a module exporting `createSiteExtractor(trunkConfig)` that builds the site extractor:
	 * worker threads build their own with it, and without `siteExtractor` this run loads it when it
	 * has files to extract. Without it a run with `siteExtractor` uses one thread.
	 */
	siteExtractorModule?: string;
	/** Extraction threads; default 2 for a run extracting many files (on 2+ cores), else 1. */
	threads?: number;
	/** Heap limit of each extraction thread in MB (old generation). */
	threadHeapMb?: number;
	/**
	 * An incremental run extracts on a second thread started as the run begins (incremental.ts),
	 * when it can build the site extractor there (`siteExtractorModule`). Default true.
	 */
	incrementalThread?: boolean;
	/**
	 * A second thread the caller started for this run ahead of it (`startIncrementalWorker` with this
	 * run's folder, index file and `siteExtractorModule`), to warm up sooner: used when the run is
	 * incremental, else closed.
	 */
	incrementalWorker?: IncrementalWorker;
	/** The trunk configuration behind `siteExtractor`, recorded in meta and part of the reuse key. */
	trunkConfig?: unknown;
	onProgress?: (event: IndexProgress) => void;
}

export interface IndexProblem {
	/** Repo-relative path (or absolute, for files outside the repository). */
	file: string;
	reason: string;
}

export interface IndexResult {
	out: string;
	stats: IndexStats;
	/** In-repo static imports (relative, a `paths` alias, a workspace package) and how many resolved to a file; by kind too. */
	imports: {
		inRepo: number;
		resolved: number;
		share: number;
		unresolvedSample: string[];
		byKind: Record<ImportKind, { inRepo: number; resolved: number }>;
	};
	unresolvedByReason: Record<string, number>;
	/**
	 * The imports most unresolved call sites come from (edges.ts unresolvedModule), most first, at
	 * most 10: `present` when the module resolves to a file yet gives nothing (its generated output
	 * missing), else it is not installed (or, `./…`, an in-repo path that is absent).
	 */
	unresolvedByModule: { module: string; sites: number; present: boolean }[];
	problems: IndexProblem[];
	/** Things left out on purpose or expected without node_modules (large files, uninstalled `extends`). */
	notes: IndexProblem[];
	/** Files re-extracted this run (all files on a full run). */
	extractedFiles: number;
	/**
	 * Milliseconds per stage: collect, load, extract (program, defs, edges: summed over the threads'
	 * shares), merge, reuse, write; the extraction threads, each share's figures (with its thread's
	 * CPU where known), and `cpu`, the process's CPU over a run that extracted anything.
	 */
	timings: Record<string, number>;
}

/** Bad input that stops indexing before anything is written (not a directory, nothing to index). */
export class IndexInputError extends Error {
	constructor(message: string) {
		super(message);
		this.name = "IndexInputError";
	}
}

function gitCommit(repo: string): string {
	try {
		return execFileSync("git", ["-C", repo, "rev-parse", "HEAD"], { stdio: ["ignore", "pipe", "ignore"] })
			.toString()
			.trim();
	} catch {
		return "";
	}
}

/** Output of a git command in `repo`, or "" when it is not a checkout (or has no such value). */
function gitOutput(repo: string, args: string[]): string {
	try {
		return execFileSync("git", ["-C", repo, ...args], { stdio: ["ignore", "pipe", "ignore"] })
			.toString()
			.trim();
	} catch {
		return "";
	}
}

/**
 * The checkout's `origin` remote (credentials removed: an https remote may carry a token) and the
 * indexed folder's path inside the checkout, so clients can link citations to the web.
 */
function gitRemote(repo: string): { remoteUrl: string; subdir: string } {
	const remote = gitOutput(repo, ["remote", "get-url", "origin"]).replace(
		/^([a-z][a-z0-9+.-]*:\/\/)[^/@]*@/i,
		"$1",
	);
	const subdir = gitOutput(repo, ["rev-parse", "--show-prefix"]).replace(/\/+$/, "");
	return { remoteUrl: remote, subdir: remote ? subdir : "" };
}

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
	const gitMeta = () => ({ commit: options.commit || gitCommit(repoRoot), ...gitRemote(repoRoot) });
	const fileStats = () =>
		JSON.stringify(
			Object.fromEntries([...collected.files, ...collected.manifests].map((f) => [f.path, f.stat])),
		);
	if (pending) await step();
	const ahead = pending ? { git: gitMeta(), fileStats: fileStats() } : null;
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
	let extractor =
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
		: await extractHere();
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
	async function extractHere() {
		// Only manifests changed: no program, and no compiler loaded (the globals are as recorded).
		if (changed.length === 0 && previous?.globalFiles) {
			const recorded = previous.globalFiles;
			return {
				extracted: { files: [], timings: { program: 0, defs: 0, edges: 0 } } as Awaited<
					ReturnType<typeof import("./extract.js").extractFiles>
				>,
				globalFiles: collected.files.filter((f) => recorded.has(f.path)),
				inWorkers: false,
				threads: 1,
			};
		}
		const [
			{ createModuleResolver, recallingResolver },
			{ PROGRAM_OPTIONS },
			{ extractFiles },
			{ extractInThreads },
			{ declaresGlobals },
		] = await Promise.all([
			import("./resolve.js"),
			import("./program.js"),
			import("./extract.js"),
			import("./parallel.js"),
			import("./globals.js"),
		]);
		const base = createModuleResolver(repoRoot, packages, PROGRAM_OPTIONS);
		// Module names resolved as the previous index recorded them, in the same layout.
		const pathOf = new Map(collected.files.map((f) => [f.abs, f.path]));
		const resolver = previous
			? recallingResolver(base, (file) => {
					const path = pathOf.get(file);
					const recorded = path === undefined ? undefined : previous.importsOf(path);
					return recorded?.layout === layout ? recorded.resolutions : undefined;
				})
			: base;
		for (const p of resolver.problems) {
			// An `extends` into a package that is not installed is expected without node_modules.
			(p.missingExtends ? notes : problems).push({ file: relative(p.file), reason: p.reason });
		}
		progress({ phase: "parse", done: 0, total: changed.length });
		const sources = new Map(collected.files.map((f) => [f.abs, f]));
		const threads = threadCount(options, changed.length);
		// A file in the program for its declarations only is read without the bodies that cannot
		// change them (bodies.ts), as the previous index recorded them for its content.
		const declared = new Map<string, { path: string; readonly content: string }>(
			collected.files.map((f) => {
				if (!previous || !reusable(f)) return [f.abs, f];
				let text: string | undefined;
				const view = {
					path: f.path,
					get content(): string {
						text ??= declarationText(f.content, f.hash, previous.bodiesOf(f.path));
						return text;
					},
				};
				return [f.abs, view];
			}),
		);
		const changedChars = changed.reduce((a, f) => a + f.content.length, 0);
		// Worker threads build their own site extractor from its module; without one, stay here.
		const inWorkers =
			(threads > 1 || changedChars > SHARE_CHARS) && !(extractor && !options.siteExtractorModule);
		const onFile = (done: number) => {
			if (done % 50 === 0 || done === changed.length)
				progress({ phase: "extract", done, total: changed.length });
		};
		// Files that may declare globals are in every program, so references resolve as in one program
		// over everything. Known for unchanged files from the previous index, without reading them.
		const globalFiles = collected.files.filter((f) =>
			reusable(f) && previous?.globalFiles
				? previous.globalFiles.has(f.path)
				: declaresGlobals(f.abs, f.content),
		);
		const changedPaths = new Set(changed.map((f) => f.abs));
		const globalRoots = globalFiles.filter((f) => !changedPaths.has(f.abs)).map((f) => f.abs);
		const extracted = inWorkers
			? await extractInThreads({
					repoRoot,
					packages,
					sources,
					files: changed.map((f) => f.abs),
					declarationFiles: collected.declarationFiles,
					globalFiles: globalFiles.map((f) => f.abs),
					siteExtractor:
						extractor && options.siteExtractorModule
							? { module: options.siteExtractorModule, config: options.trunkConfig }
							: null,
					localExtractor: extractor ?? null,
					threads,
					heapMb: options.threadHeapMb ?? defaultThreadHeapMb(threads),
					shareChars: SHARE_CHARS,
					// Workers report every 50 files (and their last): every event moves the line.
					onProgress: (phase, done, live) => progress({ phase, done, total: changed.length, live }),
				})
			: extractFiles({
					repoRoot,
					packages,
					sources: declared,
					files: changed.map((f) => f.abs),
					resolver,
					// Nothing changed: no program at all (the declaration files only matter to changed files).
					// Files that may declare globals are roots too, so the changed files resolve as in a full run.
					extraRoots: [...collected.declarationFiles, ...globalRoots],
					globalRoots,
					siteExtractor: extractor,
					onFile,
					onParsed: (n) =>
						progress({ phase: "parse", done: Math.min(n, changed.length), total: changed.length }),
				});
		return { extracted, globalFiles, inWorkers, threads };
	}
	lap("extract");
	// The incremental thread's extraction was waited for before "load" ended.
	if (timings.load !== undefined) timings.load -= incrementalMs;
	timings.extract = (timings.extract ?? 0) + incrementalMs;
	Object.assign(timings, extracted.timings, { threads: inWorkers ? threads : 1 });
	for (const [i, share] of (extracted.shares ?? []).entries())
		for (const [k, v] of Object.entries(share)) timings[`share${i + 1}.${k}`] = v;
	const defsByPath = new Map<string, DefRecord[]>();
	const edges: WriteEdge[] = [];
	const extractedSites = new Map<string, DispatchSiteRecord[]>();
	const rawSites = new Map<string, string>();
	const bodies = new Map<string, string>();
	const imports = new Map<string, { layout: string; resolutions: string }>();
	const counts: Record<string, FileCounts> = {};
	const unresolvedImportSample: string[] = [];
	for (const x of extracted.files) {
		defsByPath.set(x.path, x.defs);
		for (const reason of x.problems) problems.push({ file: x.path, reason });
		for (const e of x.edges) edges.push({ ...e, file: x.path, resolution: "checker" });
		if (x.savedSites !== null) rawSites.set(x.path, x.savedSites);
		if (x.bodies) bodies.set(x.path, x.bodies);
		if (x.imports) imports.set(x.path, { layout, resolutions: x.imports });
		// From a second thread, sites come as their saved text: loaded only if they are joined again.
		if (x.sites) extractedSites.set(x.path, x.sites);
		if (x.counts) counts[x.path] = x.counts;
		unresolvedImportSample.push(...x.unresolvedImports);
	}

	lap("merge");
	// 6. Every file's sites, in file order as a full run sees them (reused files: their saved
	// extractor output), joined across the repository by `finalize` — unless they are the
	// previous index's (null: see `sitesAsBefore`).
	for (const f of collected.files) if (reusable(f)) counts[f.path] = previousCounts[f.path] as FileCounts;
	let finalSites: DispatchSiteRecord[] | null = null;
	const asBefore =
		patching &&
		sitesOn &&
		previous !== null &&
		removedFiles.length === 0 &&
		sitesAsBefore(previous, repoRoot, changed, defsByPath, rawSites);
	if (!asBefore && guess && previous && guessHolds(guess, changed, rawSites, previous))
		finalSites = guess.sites;
	else if (!asBefore) {
		if (sitesOn) extractor ??= await siteExtractorFrom(options);
		const load = (saved: string) => loadSavedSites(extractor, saved, repoRoot);
		previous?.allSavedSites();
		const sites: DispatchSiteRecord[] = [];
		for (const f of collected.files) {
			if (!reusable(f)) {
				const raw = rawSites.get(f.path);
				sites.push(...(extractedSites.get(f.path) ?? (raw === undefined ? [] : load(raw))));
				continue;
			}
			const preloaded = preloadedSites.get(f.path);
			if (preloaded) {
				sites.push(...preloaded);
				continue;
			}
			const saved = previous?.savedSitesOf(f.path);
			if (!saved || !extractor) continue;
			sites.push(...load(saved));
		}
		finalSites = extractor?.finalize ? extractor.finalize(sites) : sites;
	}
	// How the sites came (site-forecast.ts): 0 the previous index's, 1 joined on the guess while the
	// second thread extracted, 2 joined after the extraction.
	timings["sites.join"] = asBefore ? 0 : guess !== null && finalSites === guess.sites ? 1 : 2;
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
		...(ahead?.git ?? gitMeta()),
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
	const changedDefs = (f: CollectedFile) =>
		(defsByPath.get(f.path) ?? []).map((d) => ({ ...d, file: f.path }));
	// A patch rewrites the manifests' rows only when one changed; a full write has them all.
	const manifestRows =
		manifestsChanged || !(previous && patching)
			? await (await import("./manifests.js")).manifestDefinitions(manifests)
			: null;
	const unresolved = new Map(Object.entries(unresolvedByReason));
	if (previous && patching) {
		previous.close();
		patchIndex(
			out,
			out,
			{
				meta,
				packages: packageRows,
				files: manifestRows ? [...changed, ...manifests] : changed,
				removedFiles: [...removedFiles, ...removedManifests],
				defs: [...changed.flatMap(changedDefs), ...(manifestRows?.defs ?? [])],
				edges: manifestRows ? [...edges, ...manifestRows.edges] : edges,
				sites: finalSites,
				rawSites,
				bodies,
				imports,
				unresolved,
			},
			finalMeta,
			(db, changed) => buildOutline(db, {}, changed),
			dropCopy !== undefined,
		);
	} else {
		dropCopy?.();
		// Unchanged files' rows are carried over from the previous index (if any) into a full write.
		const defs: WriteDef[] = [];
		previous?.allSavedSites();
		for (const f of collected.files) {
			if (reusable(f) && previous) {
				defs.push(...previous.defsOf(f.path));
				edges.push(...previous.edgesOf(f.path));
				const saved = previous.savedSitesOf(f.path);
				if (saved) rawSites.set(f.path, saved);
				const recorded = previous.bodiesOf(f.path);
				if (recorded) bodies.set(f.path, recorded.ranges);
				const resolved = previous.importsOf(f.path);
				if (resolved) imports.set(f.path, resolved);
			} else defs.push(...changedDefs(f));
		}
		defs.push(...(manifestRows?.defs ?? []));
		edges.push(...(manifestRows?.edges ?? []));
		previous?.close();
		writeIndex(
			out,
			{
				meta,
				packages: packageRows,
				files: [...collected.files, ...manifests],
				defs,
				edges,
				sites: finalSites ?? [],
				rawSites,
				bodies,
				imports,
				unresolved,
			},
			finalMeta,
			(db, changed) => buildOutline(db, {}, changed),
		);
	}
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

/**
 * Whether `finalize` would get the very input it had for the previous index and its output would
 * land on the same definitions, so the previous index's sites stand: the re-extracted files were
 * all there before and their saved sites are unchanged (with every other file's, that is the whole
 * input; the caller checks no file was removed), the folder is the same (site keys are read
 * relative to it), and no definition that came or went in those files is named by a site or a
 * trunk edge, or by a saved site whose handler was no definition then. A one-file edit that leaves
 * the file's dispatch sites alone (most of them) skips the join over the repository's sites.
 */
function sitesAsBefore(
	previous: PreviousIndex,
	repoRoot: string,
	changed: CollectedFile[],
	defsByPath: Map<string, DefRecord[]>,
	rawSites: Map<string, string>,
): boolean {
	if (previous.repoRoot !== repoRoot) return false;
	const cameOrWent: string[] = [];
	for (const f of changed) {
		if (!previous.fileHashes.has(f.path)) return false;
		if ((rawSites.get(f.path) ?? null) !== previous.savedSitesOf(f.path)) return false;
		const before = new Set(previous.defIdsOf(f.path));
		const now = new Set((defsByPath.get(f.path) ?? []).map((d) => d.defId));
		for (const id of before) if (!now.has(id)) cameOrWent.push(id);
		for (const id of now) if (!before.has(id)) cameOrWent.push(id);
	}
	return cameOrWent.length === 0 || !previous.sitesName(cameOrWent);
}

/** The collected files at these paths, in collected order. */
function pathsIn(files: CollectedFile[], paths: string[]): CollectedFile[] {
	const wanted = new Set(paths);
	return files.filter((f) => wanted.has(f.path));
}

/** Files extracted from which a run uses worker threads: below it, a second program costs more than it saves. */
const THREADED_RUN_FILES = 1000;
/**
 * Source characters per extraction share. A program's memory grows with the source it holds (a
 * 14 M-character monorepo peaks near 2.5 GB in one program): a larger run is extracted share
 * after share, each program released before the next.
 */
const SHARE_CHARS = 20_000_000;

/** Each thread's heap cap: a fair part of the machine's memory, at least 2 GB, at most 16 GB. */
function defaultThreadHeapMb(threads: number): number {
	const mb = Math.floor(totalmem() / 1024 / 1024 / (threads + 1));
	return Math.max(2048, Math.min(16_384, mb));
}

/** The site extractor `siteExtractorModule` builds for `trunkConfig` (none without both). */
async function siteExtractorFrom(options: IndexOptions): Promise<SiteExtractor | undefined> {
	if (!options.siteExtractorModule || options.trunkConfig === undefined) return undefined;
	const mod = (await import(options.siteExtractorModule)) as {
		createSiteExtractor(config: unknown): SiteExtractor;
	};
	return mod.createSiteExtractor(options.trunkConfig);
}

function threadCount(options: IndexOptions, files: number): number {
	const asked = options.threads ?? (files >= THREADED_RUN_FILES ? Math.min(2, availableParallelism()) : 1);
	if (options.siteExtractor && !options.siteExtractorModule) return 1;
	return Math.max(1, Math.min(asked, files));
}

function round(x: number): number {
	return Math.round(x * 10000) / 10000;
}

/** Totals of per-file call-site and import counts. */
function sumCounts(counts: Record<string, FileCounts>) {
	const unresolvedByReason: Record<string, number> = {};
	let resolvedSites = 0;
	let externalRefs = 0;
	let importsInRepo = 0;
	let importsResolved = 0;
	const importKinds = noImportsByKind();
	const modules = new Map<string, { sites: number; present: boolean }>();
	for (const c of Object.values(counts)) {
		resolvedSites += c.sites[0];
		externalRefs += c.sites[1];
		for (const [r, n] of Object.entries(c.sites[3])) unresolvedByReason[r] = (unresolvedByReason[r] ?? 0) + n;
		importsInRepo += c.imports[0];
		importsResolved += c.imports[1];
		for (const k of IMPORT_KINDS) {
			const [n, r] = c.importKinds?.[k] ?? [0, 0];
			importKinds[k][0] += n;
			importKinds[k][1] += r;
		}
		for (const [m, [n, present]] of Object.entries(c.modules ?? {})) {
			const t = modules.get(m) ?? { sites: 0, present: false };
			modules.set(m, { sites: t.sites + n, present: t.present || present === 1 });
		}
	}
	const unresolvedByModule = [...modules]
		.map(([module, t]) => ({ module, ...t }))
		.sort((a, b) => b.sites - a.sites || (a.module < b.module ? -1 : 1))
		.slice(0, 10);
	return {
		resolvedSites,
		externalRefs,
		unresolvedByReason,
		unresolvedByModule,
		importsInRepo,
		importsResolved,
		importKinds,
	};
}

/** The result's import figures from the summed per-file counts. */
function importsResult(
	t: { importsInRepo: number; importsResolved: number; importKinds: Record<ImportKind, [number, number]> },
	unresolvedSample: string[],
): IndexResult["imports"] {
	return {
		inRepo: t.importsInRepo,
		resolved: t.importsResolved,
		share: t.importsInRepo ? round(t.importsResolved / t.importsInRepo) : 1,
		unresolvedSample,
		byKind: Object.fromEntries(
			IMPORT_KINDS.map((k) => [k, { inRepo: t.importKinds[k][0], resolved: t.importKinds[k][1] }]),
		) as IndexResult["imports"]["byKind"],
	};
}
