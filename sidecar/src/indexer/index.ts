/**
 * `indexRepository`: the static half of the index (definitions and type-resolved edges) plus
 * the string-dispatch sites found by an optional site extractor, written to one SQLite file.
 *
 * Stages: discover packages → collect files → load previous index (reuse unchanged files) →
 * one program over the changed files and what they import (each import resolved with its own
 * package's options) → definitions → edges and dispatch sites → write (temp file + rename).
 */
import { execFileSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import Database from "better-sqlite3";
import { ts } from "ts-morph";
import { INDEX_FORMAT_VERSION, type IndexStats } from "../index/schema.js";
import type { DispatchSiteRecord, SiteContext, SiteExtractor } from "../index/types.js";
import { type WriteDef, type WriteEdge, writeIndex } from "../index/writer.js";
import { VERSION } from "../version.js";
import { type CollectedFile, collectFiles, sha1 } from "./collect.js";
import { type DefRecord, extractDefs, moduleDefId } from "./defs.js";
import {
	createSiteCounts,
	defOfDeclaration,
	type EdgeContext,
	extractEdges,
	type ImportCounts,
	implementationEdges,
	type SiteCounts,
	type Target,
} from "./edges.js";
import { openPrevious } from "./previous.js";
import { createIndexProgram, PROGRAM_OPTIONS, wrapSourceFile } from "./program.js";
import { createModuleResolver } from "./resolve.js";
import { discoverPackages } from "./workspace.js";

export interface IndexProgress {
	phase: "collect" | "parse" | "extract" | "write";
	done: number;
	total: number;
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
	/** In-repo static imports (relative or workspace) and how many resolved to a file. */
	imports: { inRepo: number; resolved: number; share: number; unresolvedSample: string[] };
	unresolvedByReason: Record<string, number>;
	problems: IndexProblem[];
	/** Things left out on purpose or expected without node_modules (large files, uninstalled `extends`). */
	notes: IndexProblem[];
	/** Files re-extracted this run (all files on a full run). */
	extractedFiles: number;
	/** Milliseconds per stage: collect, load, program, defs, edges, reuse, write. */
	timings: Record<string, number>;
}

/** Bad input that stops indexing before anything is written (not a directory, nothing to index). */
export class IndexInputError extends Error {
	constructor(message: string) {
		super(message);
		this.name = "IndexInputError";
	}
}

interface FileCounts {
	sites: [resolved: number, external: number, local: number, unresolved: Record<string, number>];
	imports: [inRepo: number, resolved: number];
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

export async function indexRepository(options: IndexOptions): Promise<IndexResult> {
	const started = Date.now();
	const repoRoot = resolve(options.repo);
	if (!existsSync(repoRoot) || !statSync(repoRoot).isDirectory()) {
		throw new IndexInputError(`${options.repo} is not a directory`);
	}
	const out = resolve(options.out ?? join(repoRoot, ".codeask", "index.db"));
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

	// 1. Packages and files
	progress({ phase: "collect", done: 0, total: 1 });
	const packages = discoverPackages(repoRoot);
	const collectOptions = { includeTests: options.includeTests ?? false, exclude: options.exclude ?? [] };
	const collected = collectFiles(repoRoot, packages, collectOptions);
	const notes: IndexProblem[] = [];
	for (const s of collected.skipped)
		(s.reason.startsWith("cannot") ? problems : notes).push({ file: s.path, reason: s.reason });
	if (collected.files.length === 0) {
		throw new IndexInputError(`no TypeScript or JavaScript source files found in ${options.repo}`);
	}
	progress({ phase: "collect", done: 1, total: 1 });
	lap("collect");

	// 2. Reuse: files whose content hash is unchanged since the previous index with the same options
	const optionsJson = JSON.stringify({
		...collectOptions,
		trunks: options.trunkConfig === undefined ? null : sha1(JSON.stringify(options.trunkConfig)),
	});
	const previous = options.full ? null : openPrevious(out, VERSION, optionsJson);
	const previousCounts: Record<string, FileCounts> = previous ? readPreviousCounts(out) : {};
	const reusable = (f: CollectedFile) =>
		previous !== null && previous.fileHashes.get(f.path) === f.hash && previousCounts[f.path] !== undefined;
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
		previous.fileHashes.size === collected.files.length &&
		previous.packagesKey === packagesKey
	) {
		// Nothing changed since the previous index: it is already this index; leave the file alone.
		previous.close();
		const totals = sumCounts(previousCounts);
		return {
			out,
			stats: { ...previous.stats, wallMs: Date.now() - started, reusedPackages },
			imports: {
				inRepo: totals.importsInRepo,
				resolved: totals.importsResolved,
				share: totals.importsInRepo ? round(totals.importsResolved / totals.importsInRepo) : 1,
				unresolvedSample: [],
			},
			unresolvedByReason: totals.unresolvedByReason,
			problems,
			notes,
			extractedFiles: 0,
			timings,
		};
	}

	// 3. One program over the changed files; imports pull in what they need (sources parsed once)
	const resolver = createModuleResolver(repoRoot, packages, PROGRAM_OPTIONS);
	for (const p of resolver.problems) {
		// An `extends` into a package that is not installed is expected without node_modules.
		(p.missingExtends ? notes : problems).push({ file: relative(p.file), reason: p.reason });
	}
	progress({ phase: "parse", done: 0, total: changed.length });
	const contents = new Map(collected.files.map((f) => [f.abs, f.content]));
	// Nothing changed: no program at all (the declaration files only matter to changed files).
	const { program, checker } = createIndexProgram(
		changed.length ? [...changed.map((f) => f.abs), ...collected.declarationFiles] : [],
		contents,
		resolver,
	);
	lap("program");
	progress({ phase: "parse", done: changed.length, total: changed.length });

	// 4. Definitions of every indexed file the program holds (needed to resolve edges into them)
	const indexedPath = new Map(collected.files.map((f) => [f.abs, f.path]));
	const defOfNode = new Map<ts.Node, string>();
	const defsByPath = new Map<string, DefRecord[]>();
	for (const sf of program.getSourceFiles()) {
		const path = indexedPath.get(sf.fileName);
		if (!path) continue;
		const { defs, nodes } = extractDefs(sf, path);
		defsByPath.set(path, defs);
		for (const [n, id] of nodes) defOfNode.set(n, id);
	}

	lap("defs");
	// 5. Edges and dispatch sites of changed files
	const ctx: EdgeContext = {
		checker,
		defOfNode,
		indexedPath,
		isWorkspaceImport: (m) => resolver.isWorkspaceImport(m),
		resolveModule: (m, from) => resolver.resolve(m, from)?.resolvedFileName,
		symbolCache: new Map<ts.Symbol, Target>(),
	};
	const edges: WriteEdge[] = [];
	const sites: DispatchSiteRecord[] = [];
	const counts: Record<string, FileCounts> = {};
	const unresolvedImportSample: string[] = [];
	const extractor = options.siteExtractor;
	changed.forEach((f, i) => {
		const sf = program.getSourceFile(f.abs);
		if (!sf) {
			problems.push({ file: f.path, reason: "not loaded into the program" });
			return;
		}
		const parseErrors = (sf as unknown as { parseDiagnostics?: ts.Diagnostic[] }).parseDiagnostics ?? [];
		if (parseErrors[0]) {
			const d = parseErrors[0];
			const line = d.start === undefined ? 0 : sf.getLineAndCharacterOfPosition(d.start).line + 1;
			problems.push({
				file: f.path,
				reason: `does not parse (line ${line}: ${ts.flattenDiagnosticMessageText(d.messageText, " ")}); indexed what could be read`,
			});
		}
		const siteCounts: SiteCounts = createSiteCounts();
		const importCounts: ImportCounts = { inRepo: 0, resolved: 0, unresolvedSpecifiers: [] };
		try {
			for (const e of extractEdges(ctx, sf, f.path, siteCounts, importCounts)) {
				edges.push({ ...e, file: f.path, resolution: "checker" });
			}
			for (const e of implementationEdges(ctx, sf)) edges.push({ ...e, file: f.path, resolution: "checker" });
			if (extractor) {
				sites.push(...extractor.extractFile(wrapSourceFile(sf, checker), siteContext(repoRoot, f.path, ctx)));
			}
		} catch (err) {
			problems.push({ file: f.path, reason: `extraction failed: ${(err as Error).message}` });
		}
		counts[f.path] = {
			sites: [
				siteCounts.resolved,
				siteCounts.external,
				siteCounts.local,
				Object.fromEntries(siteCounts.unresolved),
			],
			imports: [importCounts.inRepo, importCounts.resolved],
		};
		unresolvedImportSample.push(...importCounts.unresolvedSpecifiers.slice(0, 5));
		if (i % 50 === 0 || i === changed.length - 1)
			progress({ phase: "extract", done: i + 1, total: changed.length });
	});

	lap("edges");
	// 6. Carry over unchanged files from the previous index
	const defs: WriteDef[] = [];
	for (const f of collected.files) {
		if (reusable(f) && previous) {
			defs.push(...previous.defsOf(f.path));
			edges.push(...previous.edgesOf(f.path));
			sites.push(...previous.sitesOf(f.path));
			counts[f.path] = previousCounts[f.path] as FileCounts;
		} else {
			for (const d of defsByPath.get(f.path) ?? []) defs.push({ ...d, file: f.path });
		}
	}
	previous?.close();
	const finalSites = extractor?.finalize ? extractor.finalize(sites) : sites;

	// 7. Stats and write
	const { resolvedSites, externalRefs, unresolvedByReason, importsInRepo, importsResolved } =
		sumCounts(counts);
	const unresolvedRefs = Object.values(unresolvedByReason).reduce((a, b) => a + b, 0);
	lap("reuse");
	progress({ phase: "write", done: 0, total: 1 });
	let stats: IndexStats | undefined;
	writeIndex(
		out,
		{
			meta: {
				formatVersion: String(INDEX_FORMAT_VERSION),
				toolVersion: VERSION,
				repoRoot,
				commit: options.commit || gitCommit(repoRoot),
				builtAt: new Date().toISOString(),
				options: optionsJson,
				trunkConfig: JSON.stringify(options.trunkConfig ?? null),
				fileCounts: JSON.stringify(counts),
			},
			packages: packageRows,
			files: collected.files,
			defs,
			edges,
			sites: finalSites,
			unresolved: new Map(Object.entries(unresolvedByReason)),
		},
		(written) => {
			const siteTotal = resolvedSites + externalRefs + unresolvedRefs;
			stats = {
				packages: packages.filter((_, i) => (filesByPackage[i]?.length ?? 0) > 0).length,
				files: collected.files.length,
				definitions: defs.filter((d) => d.kind !== "module").length,
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
				imports: JSON.stringify({ inRepo: importsInRepo, resolved: importsResolved }),
			};
		},
	);
	progress({ phase: "write", done: 1, total: 1 });
	lap("write");
	const finalStats = { ...(stats as IndexStats), wallMs: Date.now() - started };
	return {
		out,
		stats: finalStats,
		imports: {
			inRepo: importsInRepo,
			resolved: importsResolved,
			share: importsInRepo ? round(importsResolved / importsInRepo) : 1,
			unresolvedSample: unresolvedImportSample.slice(0, 20),
		},
		unresolvedByReason,
		problems,
		notes,
		extractedFiles: changed.length,
		timings,
	};
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
	for (const c of Object.values(counts)) {
		resolvedSites += c.sites[0];
		externalRefs += c.sites[1];
		for (const [r, n] of Object.entries(c.sites[3])) unresolvedByReason[r] = (unresolvedByReason[r] ?? 0) + n;
		importsInRepo += c.imports[0];
		importsResolved += c.imports[1];
	}
	return { resolvedSites, externalRefs, unresolvedByReason, importsInRepo, importsResolved };
}

function readPreviousCounts(out: string): Record<string, FileCounts> {
	// Read separately from openPrevious: the counts are one JSON value.
	try {
		const db = new Database(out, { readonly: true });
		const row = db.prepare("SELECT value FROM meta WHERE key = 'fileCounts'").get() as
			| { value: string }
			| undefined;
		db.close();
		return row ? (JSON.parse(row.value) as Record<string, FileCounts>) : {};
	} catch {
		return {};
	}
}

/** The SiteContext a site extractor gets for one file. */
function siteContext(repoRoot: string, filePath: string, ctx: EdgeContext): SiteContext {
	const moduleId = moduleDefId(filePath);
	return {
		repoRoot,
		filePath,
		defIdOf: (declaration) => defOfDeclaration(ctx, declaration.compilerNode) ?? null,
		enclosingDefId(node) {
			for (let n: ts.Node | undefined = node.compilerNode; n; n = n.parent) {
				if (ts.isSourceFile(n)) return moduleId;
				const id = ctx.defOfNode.get(n);
				if (id) return id;
			}
			return moduleId;
		},
	};
}
