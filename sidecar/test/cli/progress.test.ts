import { describe, expect, it } from "vitest";
import { callSiteLines } from "../../src/cli/index-summary.js";
import { formatDuration, progressLine } from "../../src/cli/progress.js";

describe("index progress line", () => {
	it("counts files found while the total is unknown, then a bar with an ETA once a phase has run a second", () => {
		expect(progressLine({ phase: "collect", done: 1200, total: 0, elapsedMs: 3_000, phaseMs: 3_000 })).toBe(
			"collecting 1,200 files found | 3 s",
		);
		const early = progressLine({ phase: "extract", done: 10, total: 100, elapsedMs: 20_000, phaseMs: 500 });
		expect(early).toMatch(/^extracting \[█{3}░{27}\] 10\/100 files \| 20 s$/);
		const later = progressLine({
			phase: "extract",
			done: 25,
			total: 100,
			elapsedMs: 30_000,
			phaseMs: 10_000,
		});
		expect(later).toMatch(/25\/100 files \| 30 s \| ETA 30 s$/);
		expect(progressLine({ phase: "write", done: 0, total: 1, elapsedMs: 95_000, phaseMs: 0 })).toMatch(
			/^writing .*\| 1 min 35 s$/,
		);
		expect(formatDuration(59.4)).toBe("59 s");
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
