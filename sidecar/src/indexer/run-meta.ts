/**
 * The meta rows a run writes: those that need no extraction (git, every file's stat; made while the
 * second thread extracts when there is one), the rest after the extraction, and the stats that
 * depend on what the write wrote.
 */
import { INDEX_FORMAT_VERSION, type IndexStats } from "../index/schema.js";
import type { WriteResult } from "../index/writer.js";
import { VERSION } from "../version.js";
import type { Collected, CollectedFile } from "./collect.js";
import { gitMeta } from "./git-meta.js";
import { round, type sumCounts } from "./run-counts.js";

/** The meta rows that depend on no extraction. */
export interface RunFacts {
	git: ReturnType<typeof gitMeta>;
	/** Every collected file's stat signature by path, as JSON. */
	fileStats: string;
}

export function runFacts(repoRoot: string, commit: string | undefined, collected: Collected): RunFacts {
	return {
		git: gitMeta(repoRoot, commit),
		fileStats: JSON.stringify(
			Object.fromEntries([...collected.files, ...collected.manifests].map((f) => [f.path, f.stat])),
		),
	};
}

export interface RunMetaInput {
	repoRoot: string;
	/** The reuse key (reuse.ts `reuseKey`). */
	optionsJson: string;
	trunkConfig: unknown;
	facts: RunFacts;
	counts: Record<string, unknown>;
	globalFiles: CollectedFile[];
}

/** The meta rows known before the write. */
export function runMeta(input: RunMetaInput): Record<string, string> {
	return {
		formatVersion: String(INDEX_FORMAT_VERSION),
		toolVersion: VERSION,
		repoRoot: input.repoRoot,
		...input.facts.git,
		builtAt: new Date().toISOString(),
		options: input.optionsJson,
		trunkConfig: JSON.stringify(input.trunkConfig ?? null),
		fileCounts: JSON.stringify(input.counts),
		fileStats: input.facts.fileStats,
		globalFiles: JSON.stringify(input.globalFiles.map((f) => f.path)),
	};
}

export interface StatsInput {
	packages: number;
	files: number;
	totals: ReturnType<typeof sumCounts>;
	unresolvedRefs: number;
	reusedPackages: number;
	/** When the run started (Date.now()). */
	started: number;
}

/** The meta rows that depend on what was written (index/writer.ts), and the stats they hold once written. */
export function writtenStats(input: StatsInput): {
	finalMeta: (written: WriteResult) => Record<string, string>;
	stats: () => IndexStats;
} {
	const { totals, unresolvedRefs } = input;
	let stats: IndexStats | undefined;
	const finalMeta = (written: WriteResult) => {
		const siteTotal = totals.resolvedSites + totals.externalRefs + unresolvedRefs;
		stats = {
			packages: input.packages,
			files: input.files,
			definitions: written.definitions,
			edges: written.edges,
			crossPackageEdges: written.crossPackageEdges,
			externalRefs: totals.externalRefs,
			unresolvedRefs,
			unresolvedShare: siteTotal ? round(unresolvedRefs / siteTotal) : 0,
			wallMs: Date.now() - input.started,
			reusedPackages: input.reusedPackages,
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
	return { finalMeta, stats: () => stats as IndexStats };
}
