/** A run's totals from its per-file counts: call sites resolved or not (by reason, by module), imports resolved (by kind). */

import { IMPORT_KINDS, type ImportKind, noImportsByKind } from "./import-kinds.js";
import type { IndexResult } from "./index-types.js";
import type { FileCounts } from "./previous.js";

export function round(x: number): number {
	return Math.round(x * 10000) / 10000;
}

/** Totals of per-file call-site and import counts. */
export function sumCounts(counts: Record<string, FileCounts>) {
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
export function importsResult(
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
