/**
 * What an incremental run's edit can do to the changed files' dispatch sites, told before the
 * second thread's result from the previous index alone (each file's text and saved sites): the
 * main thread needs the site extractor (ts-morph, ~0.45 s of CPU to load) only to join sites
 * again (`finalize`), which it skips when every re-extracted file's saved sites are as before.
 *
 * - `same`: every edit begins below the last line a file's saved records name (an appended
 *   function, a body edit near the end): the sites are most likely as before, so the extractor
 *   is not loaded unless the result says otherwise.
 * - `shift`: every record's line is outside the edited lines, some below them (a line added above
 *   the sites): the sites are most likely the previous ones with those lines moved, so the join
 *   can run on that guess while the second thread extracts — kept only when the extracted sites
 *   are exactly the guessed ones (`finalize` depends on nothing but its input).
 * - `unknown`: an edit among the sites, or a file added: the extractor is loaded ahead, as always.
 *
 * A wrong forecast costs time, never rows: the result is checked before either shortcut is taken.
 */

import type { DispatchSiteRecord, SiteExtractor } from "../index/types.js";

/** Where an edit left a file's lines: old line → new line, undefined for an edited line. */
export interface LineMap {
	/** The first old line (1-based) that differs. */
	firstChanged: number;
	/** True when some unedited line moved (lines were added or removed above it). */
	moves: boolean;
	map(line: number): number | undefined;
}

/** The common head and tail of two texts' lines; what lies between them is the edit. */
export function lineMap(before: string, after: string): LineMap {
	const a = before.split("\n");
	const b = after.split("\n");
	const most = Math.min(a.length, b.length);
	let head = 0;
	while (head < most && a[head] === b[head]) head++;
	let tail = 0;
	while (tail < most - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
	const delta = b.length - a.length;
	const tailStart = a.length - tail; // old lines above this (1-based: > tailStart) are in the tail
	return {
		firstChanged: head + 1,
		moves: delta !== 0 && tail > 0,
		map: (line) => (line <= head ? line : line > tailStart ? line + delta : undefined),
	};
}

/** The largest `"line": N` a saved-sites text names (0 when none): records' lines, whatever their format. */
export function lastSavedLine(saved: string | null): number {
	if (saved === null) return 0;
	let last = 0;
	for (const m of saved.matchAll(/"line":(\d+)/g)) last = Math.max(last, Number(m[1]));
	return last;
}

export type SiteForecast =
	| { kind: "same" }
	| { kind: "shift"; maps: Map<string, LineMap> }
	| { kind: "unknown" };

/**
 * The forecast for a run re-extracting `changed` (path and new text), from the previous index's
 * `contentOf` and `savedSitesOf` of each. Files added or removed: unknown.
 */
export function forecastSites(
	changed: { path: string; content: string }[],
	previous: { contentOf(path: string): string | null; savedSitesOf(path: string): string | null },
	filesCameOrWent: boolean,
): SiteForecast {
	if (filesCameOrWent || changed.length === 0) return { kind: "unknown" };
	const maps = new Map<string, LineMap>();
	let shifts = false;
	for (const f of changed) {
		const before = previous.contentOf(f.path);
		if (before === null) return { kind: "unknown" };
		const saved = previous.savedSitesOf(f.path);
		const last = lastSavedLine(saved);
		const map = lineMap(before, f.content);
		maps.set(f.path, map);
		if (last < map.firstChanged) continue;
		// A record on an edited line (its text, key or handler may differ): no guess.
		for (const m of saved?.matchAll(/"line":(\d+)/g) ?? [])
			if (map.map(Number(m[1])) === undefined) return { kind: "unknown" };
		if (map.moves) shifts = true;
	}
	return shifts ? { kind: "shift", maps } : { kind: "same" };
}

/** `finalize` run on the guess that the changed files' sites only moved, and the saved text guessed for each. */
export interface GuessedJoin {
	/** Per changed file, its guessed saved sites (null: none). */
	saved: Map<string, string | null>;
	sites: DispatchSiteRecord[];
}

/** A file's saved sites as records: through the extractor's own reader when it has one (it restores ids). */
export function loadSavedSites(
	extractor: Pick<SiteExtractor, "loadSites"> | null | undefined,
	saved: string,
	repoRoot: string,
): DispatchSiteRecord[] {
	return extractor?.loadSites ? extractor.loadSites(saved, repoRoot) : JSON.parse(saved);
}

/**
 * Every file's sites, in order, with the changed files' previous records moved to their new lines
 * (`maps`), joined by `finalize` on `extractor` (which is spent: its state is this join's). Null
 * when a record lies on an edited line or the join fails (the run then joins the real sites).
 */
export function guessJoin(
	extractor: SiteExtractor,
	files: { path: string }[],
	maps: Map<string, LineMap>,
	previous: { savedSitesOf(path: string): string | null },
	repoRoot: string,
): GuessedJoin | null {
	const load = (saved: string) => loadSavedSites(extractor, saved, repoRoot);
	const saved = new Map<string, string | null>();
	const sites: DispatchSiteRecord[] = [];
	try {
		for (const f of files) {
			const text = previous.savedSitesOf(f.path);
			const map = maps.get(f.path);
			if (map) saved.set(f.path, text);
			if (text === null) continue;
			const records = load(text);
			if (map) {
				for (const r of records) {
					const line = map.map(r.line);
					if (line === undefined) return null;
					r.line = line;
				}
				saved.set(f.path, extractor.saveSites ? extractor.saveSites(records) : JSON.stringify(records));
			}
			sites.push(...records);
		}
		return { saved, sites: extractor.finalize ? extractor.finalize(sites) : sites };
	} catch {
		return null;
	}
}

/**
 * Whether the guess was the input the real join would get: every re-extracted file's saved sites
 * are the guessed ones (a file re-extracted without being changed, the previous ones).
 */
export function guessHolds(
	guess: GuessedJoin,
	changed: { path: string }[],
	savedNow: Map<string, string>,
	previous: { savedSitesOf(path: string): string | null },
): boolean {
	for (const f of changed) {
		const expected = guess.saved.has(f.path) ? guess.saved.get(f.path) : previous.savedSitesOf(f.path);
		if ((savedNow.get(f.path) ?? null) !== expected) return false;
	}
	return true;
}
