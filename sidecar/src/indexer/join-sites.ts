/**
 * Every file's dispatch sites, in file order as a full run sees them (reused files: their saved
 * extractor output), joined across the repository by `finalize` — unless they are the previous
 * index's (`sitesAsBefore`) or the join guessed while the second thread extracted holds.
 */
import type { DispatchSiteRecord, SiteExtractor } from "../index/types.js";
import type { CollectedFile } from "./collect.js";
import type { DefRecord } from "./defs.js";
import type { IndexOptions } from "./index-types.js";
import type { PreviousIndex } from "./previous.js";
import { siteExtractorFrom } from "./site-extractor-module.js";
import { type GuessedJoin, guessHolds, loadSavedSites } from "./site-forecast.js";
import { sitesAsBefore } from "./sites-as-before.js";

export interface SiteJoinInput {
	options: IndexOptions;
	repoRoot: string;
	/** Every collected source file, in collected order. */
	files: CollectedFile[];
	/** The files extracted this run. */
	changed: CollectedFile[];
	reusable: (f: CollectedFile) => boolean;
	previous: PreviousIndex | null;
	/** The write patches a copy of the previous index (same packages). */
	patching: boolean;
	/** The run finds dispatch sites (an extractor given, or its module). */
	sitesOn: boolean;
	removedFiles: string[];
	defsByPath: Map<string, DefRecord[]>;
	/** The extracted files' sites as saved text, and as records when extracted on this thread. */
	rawSites: Map<string, string>;
	extractedSites: Map<string, DispatchSiteRecord[]>;
	/** Reused files' saved sites loaded while the second thread extracted. */
	preloadedSites: Map<string, DispatchSiteRecord[]>;
	guess: GuessedJoin | null;
	extractor: SiteExtractor | undefined;
}

/**
 * The sites to write (null: the previous index's stand) and how they came (site-forecast.ts): 0 the
 * previous index's, 1 joined on the guess while the second thread extracted, 2 joined after the extraction.
 */
export async function joinSites(
	input: SiteJoinInput,
): Promise<{ sites: DispatchSiteRecord[] | null; join: 0 | 1 | 2 }> {
	const { options, repoRoot, changed, reusable, previous, patching, sitesOn, removedFiles, defsByPath } =
		input;
	const { rawSites, extractedSites, preloadedSites, guess } = input;
	let extractor = input.extractor;
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
		for (const f of input.files) {
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
	return { sites: finalSites, join: asBefore ? 0 : guess !== null && finalSites === guess.sites ? 1 : 2 };
}
