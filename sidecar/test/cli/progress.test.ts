import { describe, expect, it } from "vitest";
import { callSiteLines } from "../../src/cli/index-summary.js";
import { EtaEstimator, formatDuration, ProgressModel, progressLine } from "../../src/cli/progress.js";
import { ShareCounts } from "../../src/indexer/share-counts.js";

describe("index progress line", () => {
	it("counts files found while the total is unknown, then a bar, with the ETA it is given", () => {
		expect(progressLine({ phase: "collect", done: 1200, total: 0, elapsedMs: 3_000 })).toBe(
			"collecting 1,200 files found | 3 s",
		);
		const early = progressLine({ phase: "extract", done: 10, total: 100, elapsedMs: 20_000 });
		expect(early).toMatch(/^extracting \[█{3}░{27}\] 10\/100 files \| 20 s$/);
		const later = progressLine({ phase: "extract", done: 25, total: 100, elapsedMs: 30_000, etaSeconds: 30 });
		expect(later).toMatch(/25\/100 files \| 30 s \| ETA 30 s$/);
		expect(progressLine({ phase: "write", done: 0, total: 1, elapsedMs: 95_000 })).toMatch(
			/^writing .*\| 1 min 35 s$/,
		);
		expect(progressLine({ phase: "parse", done: 100, total: 100, elapsedMs: 9_000 })).toMatch(
			/ 100\/100 files, type-checking \| 9 s$/,
		);
		expect(formatDuration(59.4)).toBe("59 s");
	});
});

/** The ETA the line shows every 250 ms of a phase whose files arrive as `doneAt(t)` says. */
function shownEtas(doneAt: (t: number) => number, total: number, endMs: number) {
	const estimator = new EtaEstimator();
	estimator.reset(0);
	const shown: { t: number; eta: number | undefined }[] = [];
	for (let t = 0; t <= endMs; t += 250) {
		// Progress comes in steps of 50 files, as the indexer reports it.
		estimator.record(Math.floor(doneAt(t) / 50) * 50, t);
		shown.push({ t, eta: estimator.eta(total, t) });
	}
	return shown;
}

describe("index ETA", () => {
	it("is near the truth whenever shown, after a start with nothing extracted and dear first files", () => {
		// As a share's extraction runs: nothing while its program is built and checked (5 s), the
		// first 50 files dear (2 s), then 100 files a second. The phase ends at 16.5 s. The mean
		// rate since the phase began said 45 s at 8 s.
		const doneAt = (t: number) =>
			t < 5_000 ? 0 : t < 7_000 ? (t - 5_000) / 40 : Math.min(1000, 50 + (t - 7_000) / 10);
		const shown = shownEtas(doneAt, 1000, 16_500);
		for (const { t, eta } of shown) {
			if (eta === undefined) continue;
			const truth = (16_500 - t) / 1000;
			expect(
				Math.abs(eta - truth),
				`at ${t} ms: ETA ${eta.toFixed(1)} s, truth ${truth} s`,
			).toBeLessThanOrEqual(Math.max(2, truth * 0.35));
		}
		// And it is shown for the last stretch, not withheld to the end.
		expect(shown.filter((s) => s.t >= 12_000 && s.t < 16_000).every((s) => s.eta !== undefined)).toBe(true);
	});

	it("is shown for a steady phase and withdrawn during a pause, not left to climb", () => {
		// 100 files a second for 5 s, then nothing for 20 s.
		const shown = shownEtas((t) => Math.min(t, 5_000) / 10, 1000, 25_000);
		const at = (t: number) => shown.find((s) => s.t === t)?.eta;
		expect(at(4_000)).toBeCloseTo(6, 0);
		for (const s of shown) if (s.t >= 7_000) expect(s.eta, `at ${s.t} ms`).toBeUndefined();
	});
});

describe("index summary", () => {
	const stats = (unresolvedRefs: number, unresolvedShare: number) =>
		({ externalRefs: 10, unresolvedRefs, unresolvedShare }) as never;

	it("names the unresolved share, its main reason and the remedy, from the --json figures", () => {
		const lines = callSiteLines({
			stats: stats(450, 0.45),
			unresolvedByReason: { "any-typed": 150, "external-module-missing": 270, "dynamic-callee": 30 },
		});
		expect(lines[0]).toBe(
			"call sites: 10 external, 450 unresolved (45.0%), 60% of them imported from packages that are not installed (external-module-missing)",
		);
		expect(lines[1]).toMatch(/install the repository's dependencies .* for more edges/);
	});

	it("gives no to-do for a small share or a reason installing cannot fix", () => {
		expect(callSiteLines({ stats: stats(4, 0.01), unresolvedByReason: { "any-typed": 4 } })).toHaveLength(1);
		expect(
			callSiteLines({ stats: stats(40, 0.4), unresolvedByReason: { "dynamic-callee": 40 } }),
		).toHaveLength(1);
		expect(callSiteLines({ stats: stats(0, 0), unresolvedByReason: {} })).toEqual([
			"call sites: 10 external, 0 unresolved (0.0%)",
		]);
	});
});

describe("index progress from the threads' live counts", () => {
	it("moves on the counts the threads write, between events, and never back", () => {
		const live = new ShareCounts(2);
		const model = new ProgressModel(0);
		live.set(0, "parse", 300);
		model.update("parse", 300, 1000, 1_000, live.cells);
		expect(model.line(1_000)).toMatch(/^parsing .* 300\/1,000 files \| 1 s$/);
		// No event while the indexing thread is busy; the other thread goes on.
		live.set(1, "parse", 400);
		expect(model.line(2_000)).toMatch(/ 700\/1,000 files \| 2 s$/);
		live.set(1, "extract", 100);
		expect(model.line(3_000)).toMatch(/^extracting .* 100\/1,000 files \| 3 s$/);
		// An event with an older count does not take the line back.
		model.update("extract", 100, 1000, 3_500, live.cells);
		live.set(0, "extract", 150);
		expect(model.line(4_000)).toMatch(/ 250\/1,000 files \| 4 s$/);
		// Without live counts (one thread), the events alone.
		model.update("write", 0, 1, 5_000);
		expect(model.line(5_000)).toMatch(/^writing .*\| 5 s$/);
	});
});
