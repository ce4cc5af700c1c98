/**
 * The closing lines of `codeask index`: counts, and what the unresolved call sites mean. The
 * figures are the ones `--json` prints (stats.unresolvedShare, unresolvedByReason), so the two
 * outputs never disagree.
 */

import { IMPORT_KINDS, type ImportKind } from "../indexer/import-kinds.js";
import type { IndexResult } from "../indexer/index-types.js";

const INSTALL = "install the repository's dependencies (npm/yarn/pnpm install) for more edges";
/** An installed package whose types come from code it generates, or an absent generated folder. */
const GENERATE =
	"installed but resolving to nothing, or an absent in-repo path: generated code is missing; run the repository's code generation (its generate/codegen scripts), then re-index";
/** Modules named in the summary. */
const TOP_MODULES = 5;
/** Name the modules when the traced sites are at least this share of the unresolved ones. */
const MODULES_SHARE = 0.5;

/** Why call sites stay unresolved, by the indexer's reason codes (docs/indexing.md), and the remedy. */
const REASONS: Record<string, { why: string; remedy: string | null }> = {
	"external-module-missing": { why: "imported from packages that are not installed", remedy: INSTALL },
	"any-typed": {
		why: "called on values typed `any` (often by packages that are not installed)",
		remedy: INSTALL,
	},
	"undeclared-global": { why: "globals no installed type declares", remedy: INSTALL },
	"external-untyped": {
		why: "from installed packages without type declarations",
		remedy: "install their @types packages for more edges",
	},
	"dynamic-callee": { why: "computed callees (`f()()`, `a[b]()`)", remedy: null },
	"no-symbol": { why: "names the type checker could not resolve", remedy: null },
	"no-declaration": { why: "symbols without a declaration", remedy: null },
};

/**
 * The call-site lines: the unresolved share with its main reason; when most unresolved sites come
 * from imports (not installed, or installed without their generated output), the modules most of
 * them come from; then the remedies, when the share is worth acting on (5% or more).
 */
export function callSiteLines(
	result: Pick<IndexResult, "stats" | "unresolvedByReason"> &
		Partial<Pick<IndexResult, "unresolvedByModule">>,
): string[] {
	const { externalRefs, unresolvedRefs, unresolvedShare } = result.stats;
	const head = `call sites: ${externalRefs} external, ${unresolvedRefs} unresolved (${(unresolvedShare * 100).toFixed(1)}%)`;
	const [reason, count] = Object.entries(result.unresolvedByReason).sort((a, b) => b[1] - a[1])[0] ?? ["", 0];
	const r = REASONS[reason];
	if (unresolvedRefs === 0 || !r) return [head];
	const part = `${Math.round((count / unresolvedRefs) * 100)}%`;
	const lines = [`${head}, ${part} of them ${r.why} (${reason})`];
	const worth = unresolvedShare >= 0.05;
	const modules = result.unresolvedByModule ?? [];
	const traced = modules.reduce((a, m) => a + m.sites, 0);
	if (worth && modules.length && traced >= unresolvedRefs * MODULES_SHARE) {
		const top = modules.slice(0, TOP_MODULES);
		const told = top.map(
			(m) =>
				`${m.module} (${m.sites}${m.present ? ", installed" : m.module.startsWith("./") ? ", absent" : ""})`,
		);
		lines.push(`most come from imports of ${told.join(", ")}`);
		const generate = top.some((m) => m.present || m.module.startsWith("./"));
		const install = top.some((m) => !m.present && !m.module.startsWith("./"));
		if (generate) lines.push(`→ ${GENERATE}`);
		if (install) lines.push(`→ ${INSTALL}`);
		return lines;
	}
	if (r.remedy && worth) lines.push(`→ ${r.remedy}`);
	return lines;
}

/** How the summary names each import kind: a kind added to IMPORT_KINDS fails the type check until named here. */
const KIND_NAMES = {
	relative: "relative",
	alias: "path alias",
	workspace: "workspace package",
} as const satisfies Record<ImportKind, string>;

/**
 * In-repo imports resolved, and by kind: on an alias-heavy repository (`@app/…` through tsconfig
 * `paths`) most in-repo imports are no relative ones, and a total alone hides which kind fails.
 */
export function importsLine(imports: Pick<IndexResult["imports"], "inRepo" | "resolved" | "byKind">): string {
	const kinds = IMPORT_KINDS.filter((k) => imports.byKind[k].inRepo > 0).map(
		(k) => `${KIND_NAMES[k]} ${imports.byKind[k].resolved}/${imports.byKind[k].inRepo}`,
	);
	return `in-repo imports resolved: ${imports.resolved}/${imports.inRepo}${kinds.length ? ` (${kinds.join(", ")})` : ""}`;
}

/** Skipped folders named in the summary; the JSON output lists them all. */
const TOP_SKIPPED = 5;

/** The build-output folders left out that held sources, and how to index them. */
export function skippedFoldersLine(folders: IndexResult["skippedFolders"]): string | null {
	if (folders.length === 0) return null;
	const sorted = [...folders].sort((a, b) => b.files - a.files || a.path.localeCompare(b.path));
	const named = sorted.slice(0, TOP_SKIPPED).map((f) => `${f.path}/ (${f.files})`);
	const more = sorted.length > TOP_SKIPPED ? `, and ${sorted.length - TOP_SKIPPED} more` : "";
	return `skipped as build output, holding TypeScript/component sources: ${named.join(", ")}${more} → --include PATH to index them`;
}

/** The human summary printed after an index run. */
export function indexSummary(result: IndexResult): string {
	const s = result.stats;
	return [
		`indexed ${s.files} files in ${s.packages} packages → ${result.out}`,
		`  ${s.definitions} definitions, ${s.edges} edges (${s.crossPackageEdges} cross-package)`,
		...callSiteLines(result).map((l) => `  ${l}`),
		`  ${importsLine(result.imports)}`,
		...[skippedFoldersLine(result.skippedFolders ?? [])].filter((l) => l !== null).map((l) => `  ${l}`),
		`  ${result.extractedFiles} files extracted, ${s.reusedPackages} packages reused, ${(s.wallMs / 1000).toFixed(1)} s`,
		result.problems.length ? `  ${result.problems.length} problems (see above)` : "",
	]
		.filter(Boolean)
		.join("\n");
}
