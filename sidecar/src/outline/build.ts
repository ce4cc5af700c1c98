/**
 * The outline (knowledge layer), generated at index time from the index itself: one section per
 * package and one per "feature folder". A feature folder is chosen by the data, not by name: a
 * folder with enough source files below it, not deeper than a limit below its package, and not a
 * pure pass-through (a folder whose only content is one sub-folder adds nothing over that child).
 *
 * Each section carries a title, its files (most-used first), top symbols by fan-in, a summary
 * built from package description / README / doc comments, and the dispatch keys registered or
 * dispatched in it. The same text goes into `outline_fts` so routing can search it.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import type Database from "better-sqlite3";
import { splitReceiverKey } from "../bus-key.js";
import { firstSentence } from "../index/doc-comment.js";
import { isManifestPath } from "../index/documents.js";
import { identifierWords } from "../index/schema.js";
import type { ChangedRows } from "../index/writer.js";

/** Parameters of section selection; defaults suit repositories from a few files to ~10k files. */
export interface OutlineOptions {
	/** A folder becomes a section when at least this many indexed files live below it. */
	minFolderFiles: number;
	/** Folders deeper than this many segments below their package root get no section of their own. */
	maxFolderDepth: number;
	/** Files listed per section (most-used first). */
	maxFiles: number;
	/** Top symbols listed per section. */
	maxSymbols: number;
	/** Symbol names fed into the section's search text (more than are listed). */
	maxSearchSymbols: number;
	/** Dispatch keys listed per section. */
	maxKeys: number;
	/** Characters of summary text per section. */
	maxSummaryChars: number;
}

export const DEFAULT_OUTLINE_OPTIONS: OutlineOptions = {
	minFolderFiles: 2,
	maxFolderDepth: 8,
	maxFiles: 60,
	maxSymbols: 15,
	maxSearchSymbols: 80,
	maxKeys: 60,
	maxSummaryChars: 1200,
};

interface PackageInfo {
	id: number;
	name: string;
	dir: string;
	description: string | null;
	readme: string | null;
}

interface FileInfo {
	id: number;
	path: string;
	packageId: number;
	/** Sum of fan-in over the file's definitions: how much the rest of the code leans on it. */
	weight: number;
	/** Doc comment of the file's module pseudo-definition, if any. */
	moduleDoc: string | null;
}

interface SymbolInfo {
	defId: string;
	name: string;
	fileId: number;
	fanIn: number;
	doc: string | null;
	exported: boolean;
}

interface KeyInfo {
	trunk: string;
	key: string;
	side: "register" | "dispatch";
	fileId: number;
}

interface SectionDraft {
	sectionId: string;
	kind: "package" | "folder";
	title: string;
	path: string;
	packageId: number;
	parent: string | null;
	files: FileInfo[];
}

/** Kinds worth naming in an outline (modules and dispatch keys are listed elsewhere). */
const SYMBOL_KINDS = new Set(["function", "method", "class", "interface", "type", "variable", "enum"]);

/**
 * Rebuild `outline_sections` and `outline_fts` from the tables already written to `db`. With
 * `changed` (a patch that kept every file path and package row), only the sections holding a changed
 * file or whose folder README changed since are rewritten, in place: the others' inputs are the
 * same, so their rows are what a full build writes.
 */
export function buildOutline(
	db: Database.Database,
	options: Partial<OutlineOptions> = {},
	changed?: ChangedRows,
): void {
	const opts = { ...DEFAULT_OUTLINE_OPTIONS, ...options };
	const packages = db
		.prepare("SELECT id, name, dir, description, readme FROM packages")
		.all() as PackageInfo[];
	// Sections are the code's: a manifest would count as one of its folder's files (indexer/manifests.ts).
	const files = (
		db
			.prepare(
				`SELECT f.id, f.path, f.package_id AS packageId,
         COALESCE((SELECT sum(d.fan_in) FROM defs d WHERE d.file_id = f.id), 0) AS weight,
         (SELECT d.doc FROM defs d WHERE d.file_id = f.id AND d.kind = 'module') AS moduleDoc
       FROM files f`,
			)
			.all() as FileInfo[]
	).filter((f) => !isManifestPath(f.path));
	// Only the kinds listed (a third of the rows are modules and properties: not read into JS at all).
	const symbols = (
		db
			.prepare(
				`SELECT def_id AS defId, name, file_id AS fileId, fan_in AS fanIn, doc, exported
         FROM defs WHERE file_id IS NOT NULL AND kind IN (${[...SYMBOL_KINDS].map((k) => `'${k}'`).join(", ")})`,
			)
			.all() as (Omit<SymbolInfo, "exported"> & { exported: number })[]
	).map((s) => ({ ...s, exported: s.exported === 1 }));
	const keys = db
		// In site order: without ORDER BY the order would follow the query plan (the planner statistics).
		.prepare(
			`SELECT trunk, key, side, file_id AS fileId FROM dispatch_sites WHERE key IS NOT NULL AND side IN ('register', 'dispatch')
       GROUP BY trunk, key, side, file_id ORDER BY min(id)`,
		)
		.all() as KeyInfo[];
	const repoRoot =
		(db.prepare("SELECT value FROM meta WHERE key = 'repoRoot'").get() as { value: string } | undefined)
			?.value ?? null;

	const drafts = chooseSections(packages, files, opts);
	const symbolsByFile = groupBy(symbols, (s) => s.fileId);
	const keysByFile = groupBy(keys, (k) => k.fileId);
	const packageById = new Map(packages.map((p) => [p.id, p]));

	const insertSection = db.prepare(
		`INSERT INTO outline_sections (section_id, kind, title, path, package_id, parent, summary, files, top_symbols, keys)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
	);
	const insertFts = db.prepare(
		"INSERT INTO outline_fts (rowid, title, path_words, summary, symbols, keys) VALUES (?, ?, ?, ?, ?, ?)",
	);

	// In place: the same sections in the same order (ids 1… as a full build numbers them).
	const existing = changed
		? (db.prepare("SELECT id, section_id FROM outline_sections ORDER BY id").raw().all() as [
				number,
				string,
			][])
		: [];
	const inPlace =
		changed !== undefined &&
		existing.length === drafts.length &&
		existing.every(([id, sectionId], i) => id === i + 1 && sectionId === drafts[i]?.sectionId);
	const stale = (draft: SectionDraft) =>
		!changed ||
		draft.files.some((f) => changed.files.has(f.id)) ||
		(draft.kind === "folder" &&
			repoRoot !== null &&
			readmeChangedSince(repoRoot, draft.path, changed.sinceMs));
	const updateSection = db.prepare(
		`UPDATE outline_sections SET kind = ?, title = ?, path = ?, package_id = ?, parent = ?, summary = ?, files = ?,
       top_symbols = ?, keys = ? WHERE id = ?`,
	);
	const deleteFts = db.prepare("DELETE FROM outline_fts WHERE rowid = ?");

	db.transaction(() => {
		if (!inPlace) {
			db.prepare("DELETE FROM outline_fts").run();
			db.prepare("DELETE FROM outline_sections").run();
		}
		for (const [i, draft] of drafts.entries()) {
			if (inPlace && !stale(draft)) continue;
			const sectionFiles = [...draft.files].sort(
				(a, b) => b.weight - a.weight || a.path.localeCompare(b.path),
			);
			const sectionSymbols = sectionFiles
				.flatMap((f) => symbolsByFile.get(f.id) ?? [])
				.sort((a, b) => b.fanIn - a.fanIn || Number(b.exported) - Number(a.exported));
			const sectionKeys = dedupeKeys(sectionFiles.flatMap((f) => keysByFile.get(f.id) ?? []));
			const pkg = packageById.get(draft.packageId);
			const summary = summarize(draft, pkg, sectionFiles, sectionSymbols, repoRoot, opts.maxSummaryChars);
			const listedKeys = sectionKeys.slice(0, opts.maxKeys);
			const row = [
				draft.kind,
				draft.title,
				draft.path,
				draft.packageId,
				draft.parent,
				summary,
				JSON.stringify(sectionFiles.slice(0, opts.maxFiles).map((f) => f.path)),
				JSON.stringify(sectionSymbols.slice(0, opts.maxSymbols).map((s) => s.defId)),
				JSON.stringify(listedKeys),
			];
			let rowid: number | bigint;
			if (inPlace) {
				rowid = i + 1;
				updateSection.run(...row, rowid);
				deleteFts.run(rowid);
			} else rowid = insertSection.run(draft.sectionId, ...row).lastInsertRowid;
			insertFts.run(
				rowid,
				identifierWords(draft.title),
				identifierWords(draft.path),
				summary,
				sectionSymbols
					.slice(0, opts.maxSearchSymbols)
					.map((s) => identifierWords(s.name))
					.join(" "),
				listedKeys.map((k) => identifierWords(bareKey(k.key))).join(" "),
			);
		}
	})();
}

/** One section per package, plus feature folders chosen by file counts and depth. */
export function chooseSections(
	packages: readonly PackageInfo[],
	files: readonly FileInfo[],
	opts: OutlineOptions,
): SectionDraft[] {
	const drafts: SectionDraft[] = [];
	const filesByPackage = groupBy(files, (f) => f.packageId);
	// Longest package dir first, so a folder is attributed to its innermost package.
	const packageDirs = new Set(packages.map((p) => p.dir));

	// Two packages may share a name (a root folder named like the app beside a nested package.json of that
	// name); section ids are unique, so a repeated name is told apart by its folder.
	const usedPkgIds = new Set<string>();
	for (const pkg of packages) {
		const pkgFiles = filesByPackage.get(pkg.id) ?? [];
		if (pkgFiles.length === 0) continue;
		let pkgSectionId = `pkg:${pkg.name}`;
		if (usedPkgIds.has(pkgSectionId)) pkgSectionId = `pkg:${pkg.name}@${pkg.dir || "."}`;
		usedPkgIds.add(pkgSectionId);
		drafts.push({
			sectionId: pkgSectionId,
			kind: "package",
			title: pkg.name,
			path: pkg.dir,
			packageId: pkg.id,
			parent: null,
			files: pkgFiles,
		});

		// Every folder strictly below the package root that holds files of this package.
		const below = new Map<string, FileInfo[]>();
		const childFolders = new Map<string, Set<string>>();
		const directFiles = new Map<string, number>();
		for (const f of pkgFiles) {
			const rel = pkg.dir ? f.path.slice(pkg.dir.length + 1) : f.path;
			const segs = rel.split("/").slice(0, -1);
			let prev = pkg.dir;
			for (let i = 0; i < segs.length; i++) {
				const folder = pkg.dir
					? `${pkg.dir}/${segs.slice(0, i + 1).join("/")}`
					: segs.slice(0, i + 1).join("/");
				if (packageDirs.has(folder)) break; // a nested package owns the rest
				const list = below.get(folder);
				if (list) list.push(f);
				else below.set(folder, [f]);
				const kids = childFolders.get(prev);
				if (kids) kids.add(folder);
				else childFolders.set(prev, new Set([folder]));
				if (i === segs.length - 1) directFiles.set(folder, (directFiles.get(folder) ?? 0) + 1);
				prev = folder;
			}
		}

		const chosen = new Set<string>();
		for (const [folder, list] of below) {
			const depth = (pkg.dir ? folder.slice(pkg.dir.length + 1) : folder).split("/").length;
			if (list.length < opts.minFolderFiles || depth > opts.maxFolderDepth) continue;
			// Pass-through folder: no files of its own and a single sub-folder holding everything.
			const kids = childFolders.get(folder);
			if (!directFiles.has(folder) && kids?.size === 1) continue;
			// Same files as the package itself: the package section already says it.
			if (list.length === pkgFiles.length) continue;
			chosen.add(folder);
		}
		for (const folder of [...chosen].sort()) {
			drafts.push({
				sectionId: `dir:${folder}`,
				kind: "folder",
				title: folderTitle(folder, pkg),
				path: folder,
				packageId: pkg.id,
				parent: nearestChosenAncestor(folder, chosen, pkg.dir) ?? pkgSectionId,
				files: below.get(folder) ?? [],
			});
		}
	}
	return drafts;
}

/**
 * A folder's title: its own name prefixed by the nearest ancestor names that say more than a
 * layer name would ("push / server" rather than "server"), and the package it belongs to.
 */
function folderTitle(folder: string, pkg: PackageInfo): string {
	const rel = pkg.dir ? folder.slice(pkg.dir.length + 1) : folder;
	const segs = rel.split("/");
	const tail = segs.slice(-3).join(" / ");
	return `${tail} (${pkg.name})`;
}

function nearestChosenAncestor(folder: string, chosen: Set<string>, stopAt: string): string | null {
	let cur = folder;
	while (cur.includes("/")) {
		cur = cur.slice(0, cur.lastIndexOf("/"));
		if (cur === stopAt || cur.length < stopAt.length) return null;
		if (chosen.has(cur)) return `dir:${cur}`;
	}
	return null;
}

/** Section summary: package description and README, a folder README, then doc comments. */
function summarize(
	draft: SectionDraft,
	pkg: PackageInfo | undefined,
	files: readonly FileInfo[],
	symbols: readonly SymbolInfo[],
	repoRoot: string | null,
	maxChars: number,
): string {
	const parts: string[] = [];
	if (draft.kind === "package" && pkg) {
		if (pkg.description) parts.push(pkg.description.trim());
		if (pkg.readme) parts.push(pkg.readme.trim());
	} else if (repoRoot) {
		const readme = readFolderReadme(repoRoot, draft.path);
		if (readme) parts.push(readme);
	}
	for (const f of files) {
		if (f.moduleDoc) parts.push(firstSentence(f.moduleDoc, 200));
		if (parts.join(" ").length > maxChars / 2) break;
	}
	for (const s of symbols) {
		if (s.doc) parts.push(`${s.name}: ${firstSentence(s.doc, 200)}`);
		if (parts.join(" ").length > maxChars) break;
	}
	const text = [...new Set(parts.filter(Boolean))].join("\n");
	return text.length > maxChars ? `${text.slice(0, maxChars - 1)}…` : text;
}

/** Whether the README `readFolderReadme` reads (or its folder's listing) changed at or after `sinceMs`. */
function readmeChangedSince(repoRoot: string, folder: string, sinceMs: number): boolean {
	for (const path of [join(repoRoot, folder), ...README_NAMES.map((name) => join(repoRoot, folder, name))]) {
		const st = statSync(path, { throwIfNoEntry: false });
		if (st && Math.max(st.mtimeMs, st.ctimeMs) >= sinceMs) return true;
	}
	return false;
}

const README_NAMES = ["README.md", "readme.md", "README"];

function readFolderReadme(repoRoot: string, folder: string): string | null {
	for (const name of README_NAMES) {
		const p = join(repoRoot, folder, name);
		try {
			if (existsSync(p)) return readmeExcerpt(readFileSync(p, "utf8"));
		} catch {
			// An unreadable README is not worth failing the index for.
		}
	}
	return null;
}

/** The first prose paragraphs of a README, without badges, HTML and headings. */
export function readmeExcerpt(markdown: string, maxChars = 600): string {
	const paras = markdown
		.replace(/<[^>]+>/g, " ")
		.split(/\n\s*\n/)
		.map((p) => p.trim())
		.filter(
			(p) => p && !p.startsWith("#") && !p.startsWith("[![") && !p.startsWith("```") && !p.startsWith("!["),
		);
	const text = paras.slice(0, 3).join("\n");
	return text.length > maxChars ? `${text.slice(0, maxChars - 1)}…` : text;
}

/**
 * A key without the receiver label a split key carries (`ready⟨SettingsCache⟩` → `ready`, bus-key.ts).
 * The label names the receiver's class or channel, not what the section provides: searched, it made every
 * section listening to one emitter's `ready` a hit for that class's words (the settings' `SettingsCache`).
 */
function bareKey(key: string): string {
	return splitReceiverKey(key)?.key ?? key;
}

function dedupeKeys(
	keys: readonly KeyInfo[],
): { trunk: string; key: string; side: "register" | "dispatch" }[] {
	const seen = new Set<string>();
	const out: { trunk: string; key: string; side: "register" | "dispatch" }[] = [];
	// Registered keys first: they say what the section provides.
	for (const k of [...keys].sort((a, b) => (a.side === b.side ? 0 : a.side === "register" ? -1 : 1))) {
		const id = `${k.trunk}\u0000${k.key}\u0000${k.side}`;
		if (seen.has(id)) continue;
		seen.add(id);
		out.push({ trunk: k.trunk, key: k.key, side: k.side });
	}
	return out;
}

function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
	const map = new Map<K, T[]>();
	for (const item of items) {
		const k = key(item);
		const list = map.get(k);
		if (list) list.push(item);
		else map.set(k, [item]);
	}
	return map;
}
