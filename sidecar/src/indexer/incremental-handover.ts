/**
 * A small change handed to the second thread (early-thread.ts), and what this thread prepares while it
 * extracts: the site extractor it will need, the copy the patch writes into, the reused files' saved
 * sites (or the join guessed on them) and the meta rows that need no extraction. Returns the run's
 * state after the hand-over as one object; without a thread, nothing was handed over.
 */
import { copyForPatch } from "../index/patch.js";
import type { DispatchSiteRecord, SiteExtractor } from "../index/types.js";
import type { ChangeSet } from "./change-set.js";
import type { EarlyThread } from "./early-thread.js";
import { SHARE_CHARS, THREADED_RUN_FILES } from "./extraction-plan.js";
import type { IncrementalResult } from "./incremental-protocol.js";
import { checkIncrementalResult } from "./incremental-result.js";
import { packageIdentity } from "./previous.js";
import type { RunContext } from "./run-context.js";
import type { RunFacts } from "./run-meta.js";
import { siteExtractorFrom } from "./site-extractor-module.js";
import {
	forecastSites,
	type GuessedJoin,
	guessJoin,
	loadSavedSites,
	type SiteForecast,
} from "./site-forecast.js";
import { threadCpuMs } from "./thread-cpu.js";

/** What the hand-over needs besides the run's context. */
export interface HandoverWork {
	changes: ChangeSet;
	early: EarlyThread;
	/** The site extractor's module the thread loads (null: none). */
	siteExtractorModule: string | null;
	/** What a failing run must undo: the prepared copy joins it. */
	onFailure: (() => void)[];
	/** The meta rows that need no extraction, made while the thread extracts. */
	runFacts: () => RunFacts;
}

export interface Handover {
	/** The thread's result, checked (null: nothing was handed over). */
	incremental: IncrementalResult | null;
	/** From the hand-over to the result (0 without one). */
	incrementalMs: number;
	/** This thread's CPU when it handed the work over and when it got it back (Linux). */
	mainBefore: number | undefined;
	mainAfter: number | undefined;
	/** The write patches a copy of the previous index (same packages). */
	patching: boolean;
	/** What the edit likely does to the changed files' sites (site-forecast.ts). */
	forecast: SiteForecast;
	/** The site extractor this thread loads ahead (undefined: none loaded ahead). */
	extractorHere: Promise<SiteExtractor | undefined> | undefined;
	/** Drops the copy the patch writes into, when it was made ahead. */
	dropCopy: (() => void) | undefined;
	/** Reused files' saved sites, loaded while the thread extracted. */
	preloadedSites: Map<string, DispatchSiteRecord[]>;
	guess: GuessedJoin | null;
	/** The meta rows made while the thread extracted (null: none was). */
	ahead: RunFacts | null;
}

export async function handOver(run: RunContext, work: HandoverWork): Promise<Handover> {
	const { options, repoRoot, out, progress, packages, collected, layout, previous } = run;
	const { changes, early, siteExtractorModule, onFailure } = work;
	const { unchanged, notUnchanged, removedFiles, anyChange } = changes;
	const notUnchangedChars = early.closeOnError(() => notUnchanged.reduce((a, f) => a + f.content.length, 0));
	if (
		early.worker &&
		(!anyChange || notUnchanged.length >= THREADED_RUN_FILES || notUnchangedChars > SHARE_CHARS)
	) {
		// Nothing to extract, or a run for the extraction threads.
		early.drop();
	}
	const thread = early.worker;
	const waitStarted = Date.now();
	const mainBefore = thread ? threadCpuMs() : undefined;
	const pending = thread
		? thread.extract(
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
		: thread && forecast.kind !== "same"
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
				await thread?.sent();
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
	if (pending) await step();
	const ahead = pending ? work.runFacts() : null;
	let incremental: IncrementalResult | null = null;
	try {
		incremental = pending ? checkIncrementalResult(await pending) : null;
	} catch (err) {
		dropCopy?.();
		throw err;
	}
	const incrementalMs = incremental ? Date.now() - waitStarted : 0;
	const mainAfter = incremental ? threadCpuMs() : undefined;
	return {
		incremental,
		incrementalMs,
		mainBefore,
		mainAfter,
		patching,
		forecast,
		extractorHere,
		dropCopy,
		preloadedSites,
		guess,
		ahead,
	};
}

/** The thread's own figures in the run's timings (the CPU it and this thread spent, how it ran). */
export function recordHandoverTimings(timings: Record<string, number>, handover: Handover): void {
	const { incremental, mainBefore, mainAfter } = handover;
	if (!incremental) return;
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
