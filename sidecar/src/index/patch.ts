/**
 * Incremental write: a copy of the previous index is patched in place and renamed over it, instead
 * of writing every row again. Only the changed, new and deleted files' rows are replaced (file
 * content and its full-text row, definitions and theirs, the edges written in those files); of
 * the dispatch sites and the edges derived from them (joined across the repository by `finalize`)
 * only those that differ from the previous index's are rewritten; fan-in/out of every definition an
 * edge change touched, the unresolved counts and the outline are rebuilt. Same crash safety as `writeIndex`:
 * the copy is a temp file until the final rename.
 */
import { constants, copyFileSync } from "node:fs";
import type Database from "better-sqlite3";
import type { DispatchSiteRecord } from "./types.js";
import {
	type ChangedRows,
	type Derive,
	defInserter,
	dispatchKeyDefs,
	type EdgeCounts,
	FAN_KINDS,
	fileInserter,
	handlerOf,
	type IndexContents,
	insertEdges,
	keyDefId,
	prepareTemp,
	type SiteRow,
	siteInserter,
	siteRows,
	TRUNK_EDGE_KINDS,
	type WriteDef,
	type WriteEdge,
	type WriteResult,
	writeThroughTemp,
} from "./writer.js";

export interface IndexPatch {
	meta: Record<string, string>;
	/** Every package, with the same names and folders in the same order as the previous index. */
	packages: IndexContents["packages"];
	/** Changed and new files. */
	files: IndexContents["files"];
	/** Paths of files that are no longer indexed. */
	removedFiles: string[];
	/** Every definition of `files`. */
	defs: WriteDef[];
	/** The static edges written in `files` (not the trunk edges: those come from `sites`). */
	edges: WriteEdge[];
	/**
	 * Every dispatch site of the repository, after `finalize`; null when they are the previous
	 * index's (finalize had the same input and no definition they name came or went): the site
	 * rows, trunk edges and dispatch keys stay as they are.
	 */
	sites: DispatchSiteRecord[] | null;
	/** Saved extractor output of `files` (see IndexContents.rawSites). */
	rawSites: Map<string, string>;
	/** Bodies an incremental run may blank in `files` (see IndexContents.bodies). */
	bodies?: Map<string, string>;
	/** Recorded module resolutions of `files` (see IndexContents.imports). */
	imports?: Map<string, { layout: string; resolutions: string }>;
	unresolved: Map<string, number>;
}

type DefRef = { id: number; packageId: number | null };

/**
 * Apply `patch` to a copy of the index `previous` and rename the result over `out` (which may be
 * `previous`). `finalMeta` adds meta rows that depend on what the index now holds; `derive` rebuilds
 * the derived tables (the outline).
 */
export function patchIndex(
	previous: string,
	out: string,
	patch: IndexPatch,
	finalMeta: (result: WriteResult) => Record<string, string> = () => ({}),
	derive: Derive = () => {},
	/** The copy was made ahead (`copyForPatch`). */
	copied = false,
): WriteResult {
	let changed: ChangedRows | undefined;
	return writeThroughTemp(
		out,
		copied ? "prepared" : (tmp) => copyPrevious(previous, tmp),
		(db) => {
			// Rows are deleted before the rows referring to them are moved or deleted; the patch as a
			// whole leaves no dangling reference (the tests run foreign_key_check on patched indexes).
			db.pragma("foreign_keys = OFF");
			return db.transaction(() => {
				const applied = applyPatch(db, patch);
				changed = applied.changed;
				return applied.result;
			})();
		},
		finalMeta,
		derive,
		() => changed,
	);
}

/** A copy-on-write clone where the file system has them (APFS, Btrfs, XFS), else a copy. */
function copyPrevious(previous: string, tmp: string): void {
	copyFileSync(previous, tmp, constants.COPYFILE_FICLONE);
}

/**
 * Make the copy `patchIndex(previous, out, …, copied = true)` patches, ahead of it (while the
 * changed files are extracted). Returns a function removing it, for a run that fails before.
 */
export function copyForPatch(previous: string, out: string): () => void {
	return prepareTemp(out, (tmp) => copyPrevious(previous, tmp));
}

function applyPatch(
	db: Database.Database,
	p: IndexPatch,
): { result: WriteResult; changed: ChangedRows | undefined } {
	// What the derived tables (the outline) must look at again: read before the rows are replaced.
	const metaValue = (key: string) =>
		(db.prepare("SELECT value FROM meta WHERE key = ?").pluck().get(key) as string | undefined) ?? null;
	const builtAt = metaValue("builtAt");
	const sinceMs = builtAt ? Date.parse(builtAt) : Number.NaN;
	const sameRoot = metaValue("repoRoot") === p.meta.repoRoot;
	const totals = edgeTotals(db, metaValue("stats"));
	const oldPackages = new Map(
		(db.prepare("SELECT id, name, dir, description, readme FROM packages").all() as { id: number }[]).map(
			(r) => [r.id, JSON.stringify(r)],
		),
	);
	const meta = db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)");
	for (const [k, v] of Object.entries(p.meta)) meta.run(k, v);
	const pkg = db.prepare(
		"UPDATE packages SET name = ?, dir = ?, description = ?, readme = ?, hash = ? WHERE id = ?",
	);
	let packagesChanged = false;
	p.packages.forEach((row, i) => {
		pkg.run(row.name, row.dir, row.description, row.readme, row.hash, i + 1);
		// Not the hash: it follows the package's files, which `changed.files` covers.
		const now = { id: i + 1, name: row.name, dir: row.dir, description: row.description, readme: row.readme };
		if (oldPackages.get(i + 1) !== JSON.stringify(now)) packagesChanged = true;
	});

	const fileIds = new Map(
		(db.prepare("SELECT path, id, package_id AS packageId FROM files").all() as FileRef[]).map((f) => [
			f.path,
			f,
		]),
	);
	const defIds = defLookup(db);
	const oldFileIds = new Set(fileIds.keys());
	let nextFileId = maxId(db, "files") + 1;
	let nextDefId = maxId(db, "defs") + 1;
	/** Definitions whose fan-in/out may change: the ends of every edge removed or added. */
	const touched = new Set<number>();
	const collectEnds = (rows: { src: number; dst: number }[]) => {
		for (const r of rows) {
			touched.add(r.src);
			touched.add(r.dst);
		}
	};

	// 1. The dispatch sites and trunk edges as they were, by defIds and paths (before definitions
	// are renumbered): after `finalize`, most of them come out the same, and only what differs is
	// rewritten (step 6).
	const oldSites = p.sites
		? (db
				.prepare(
					`SELECT ds.id, ds.trunk, ds.side, ds.key, ds.raw_key, ds.expression, f.path, ds.line, en.def_id, h.def_id,
         k.def_id, ds.resolution, ds.in_scope
       FROM dispatch_sites ds JOIN files f ON f.id = ds.file_id LEFT JOIN defs en ON en.id = ds.enclosing
       LEFT JOIN defs h ON h.id = ds.handler LEFT JOIN defs k ON k.id = ds.key_def ORDER BY ds.id`,
				)
				.raw()
				.all() as unknown[][])
		: [];
	const oldTrunkEdges = p.sites
		? (db
				.prepare(
					`SELECT e.rowid, s.def_id, t.def_id, e.kind, f.path, e.line, e.resolution
       FROM edges e JOIN defs s ON s.id = e.src JOIN defs t ON t.id = e.dst LEFT JOIN files f ON f.id = e.file_id
       WHERE e.kind IN ${TRUNK_EDGE_KINDS}`,
				)
				.raw()
				.all() as [number, string, string, string, string | null, number | null, string][])
		: [];

	// 2. Old rows of changed and removed files: static edges written there, definitions, saved sites.
	const edgesWrittenIn = db.prepare(
		`SELECT src, dst FROM edges WHERE file_id = ? AND kind NOT IN ${TRUNK_EDGE_KINDS}`,
	);
	const deleteEdgesWrittenIn = db.prepare(
		`DELETE FROM edges WHERE file_id = ? AND kind NOT IN ${TRUNK_EDGE_KINDS}`,
	);
	const defsOfFile = db.prepare(
		"SELECT id, def_id AS defId, package_id AS packageId FROM defs WHERE file_id = ?",
	);
	const deleteDefFts = db.prepare("DELETE FROM defs_fts WHERE rowid = ?");
	const deleteDefsOfFile = db.prepare("DELETE FROM defs WHERE file_id = ?");
	const deleteFileSites = db.prepare("DELETE FROM file_sites WHERE file_id = ?");
	const deleteFileBodies = db.prepare("DELETE FROM file_bodies WHERE file_id = ?");
	const deleteFileImports = db.prepare("DELETE FROM file_imports WHERE file_id = ?");
	const oldDefs: { id: number; defId: string }[] = [];
	const replacedFiles = [...p.files.map((f) => f.path), ...p.removedFiles].flatMap((path) => {
		const f = fileIds.get(path);
		return f ? [f] : [];
	});
	// Their definitions' packages: edges are counted out by their ends' packages after those rows are gone.
	for (const f of replacedFiles)
		for (const d of defsOfFile.all(f.id) as { id: number; packageId: number | null }[])
			totals.oldPackage.set(d.id, d.packageId);
	for (const f of replacedFiles) {
		const written = edgesWrittenIn.all(f.id) as EdgeEnds[];
		collectEnds(written);
		totals.remove(written);
		deleteEdgesWrittenIn.run(f.id);
		for (const d of defsOfFile.all(f.id) as { id: number; defId: string }[]) {
			oldDefs.push(d);
			deleteDefFts.run(d.id);
			defIds.delete(d.defId);
		}
		deleteDefsOfFile.run(f.id);
		deleteFileSites.run(f.id);
		deleteFileBodies.run(f.id);
		deleteFileImports.run(f.id);
	}

	// 3. File rows: removed, changed (same id), new (next id).
	const deleteFile = db.prepare("DELETE FROM files WHERE id = ?");
	const deleteFileFts = db.prepare("DELETE FROM files_fts WHERE rowid = ?");
	for (const path of p.removedFiles) {
		const f = fileIds.get(path);
		if (!f) continue;
		deleteFile.run(f.id);
		deleteFileFts.run(f.id);
		fileIds.delete(path);
	}
	const insertFile = fileInserter(db);
	for (const file of p.files) {
		const old = fileIds.get(file.path);
		if (old) {
			deleteFile.run(old.id);
			deleteFileFts.run(old.id);
		}
		const id = old?.id ?? nextFileId++;
		insertFile(id, file);
		fileIds.set(file.path, { path: file.path, id, packageId: file.packageIndex + 1 });
	}

	// 4. The changed files' definitions, with new ids in extraction order (as a full write numbers
	// them). Edges and sites from unchanged files follow a definition that kept its defId; edges
	// into a definition that is gone are dropped, as a full run would not make them.
	const newDefIds = new Set<number>();
	for (const d of p.defs) {
		const f = d.file === null ? undefined : fileIds.get(d.file);
		const id = nextDefId++;
		defIds.set(d.defId, { id, packageId: f?.packageId ?? null });
		newDefIds.add(id);
	}
	const insertDef = defInserter(db);
	// A member's parent is in its own file, so among the changed files' definitions.
	const kinds = new Map(p.defs.map((d) => [d.defId, d.kind]));
	for (const d of p.defs) {
		const ref = defIds.get(d.defId) as DefRef;
		const parent = d.parentDefId ? (defIds.get(d.parentDefId)?.id ?? null) : null;
		const parentKind = d.parentDefId ? kinds.get(d.parentDefId) : undefined;
		insertDef(ref.id, d, d.file === null ? undefined : fileIds.get(d.file), parent, parentKind);
	}
	const moveSrc = db.prepare("UPDATE edges SET src = ? WHERE src = ?");
	const moveDst = db.prepare("UPDATE edges SET dst = ? WHERE dst = ?");
	const moveSites = ["enclosing", "handler", "key_def"].map((column) =>
		db.prepare(`UPDATE dispatch_sites SET ${column} = ? WHERE ${column} = ?`),
	);
	const edgesFrom = db.prepare("SELECT src, dst FROM edges WHERE src = ?");
	const edgesTo = db.prepare("SELECT src, dst FROM edges WHERE dst = ?");
	const deleteFrom = db.prepare("DELETE FROM edges WHERE src = ?");
	const deleteTo = db.prepare("DELETE FROM edges WHERE dst = ?");
	for (const old of oldDefs) {
		const now = defIds.get(old.defId);
		if (now && newDefIds.has(now.id)) {
			moveSrc.run(now.id, old.id);
			moveDst.run(now.id, old.id);
			for (const move of moveSites) move.run(now.id, old.id);
			continue;
		}
		const from = edgesFrom.all(old.id) as EdgeEnds[];
		collectEnds(from);
		totals.remove(from);
		deleteFrom.run(old.id);
		const to = edgesTo.all(old.id) as EdgeEnds[];
		collectEnds(to);
		totals.remove(to);
		deleteTo.run(old.id);
	}
	for (const id of newDefIds) touched.add(id);

	// 5. Dispatch-key pseudo-definitions: keep those still bound, drop the rest, add new ones.
	const keyDefs = p.sites ? dispatchKeyDefs(p.sites) : [];
	const wanted = new Set(keyDefs.map((d) => d.defId));
	const deleteDef = db.prepare("DELETE FROM defs WHERE id = ?");
	const oldKeyDefs = p.sites
		? (db.prepare("SELECT id, def_id AS defId FROM defs WHERE kind = 'dispatch-key'").all() as {
				id: number;
				defId: string;
			}[])
		: [];
	for (const k of oldKeyDefs) {
		if (wanted.has(k.defId)) {
			defIds.set(k.defId, { id: k.id, packageId: null });
			continue;
		}
		deleteDef.run(k.id);
		deleteDefFts.run(k.id);
		defIds.delete(k.defId);
	}
	for (const k of keyDefs) {
		if (defIds.get(k.defId)) continue;
		const id = nextDefId++;
		defIds.set(k.defId, { id, packageId: null });
		insertDef(id, k, undefined, null);
		touched.add(id);
	}

	// 6. The sites where they differ from the old ones, the trunk edges that differ (deleted by
	// rowid before any edge is inserted: a new row may take a freed rowid), new static edges;
	// saved extractor output.
	const defOf = (defId: string) => defIds.get(defId);
	const fileIdOf = (path: string) => fileIds.get(path)?.id;
	let siteFiles: string[] | null = [];
	let droppedTrunkEdges = 0;
	if (p.sites) {
		const { rows, edges: siteEdges } = siteRows(p.sites, fileIdOf, (defId) => defIds.get(defId)?.id);
		siteFiles = replaceSites(db, oldSites, rows, p.sites, fileIdOf, defOf);
		const trunk = replaceTrunkEdges(db, oldTrunkEdges, siteEdges, defOf, fileIdOf, totals);
		for (const id of trunk.ends) touched.add(id);
		droppedTrunkEdges = trunk.dropped;
	}
	const written = insertEdges(db, p.edges, defOf, fileIdOf);
	totals.add(written);
	for (const e of p.edges) {
		const s = defIds.get(e.src);
		const d = defIds.get(e.dst);
		if (s && d) {
			touched.add(s.id);
			touched.add(d.id);
		}
	}
	const fileSites = db.prepare("INSERT INTO file_sites (file_id, sites) VALUES (?, ?)");
	for (const [path, saved] of p.rawSites) {
		const id = fileIds.get(path)?.id;
		if (id !== undefined) fileSites.run(id, saved);
	}
	const fileBodies = db.prepare("INSERT INTO file_bodies (file_id, ranges) VALUES (?, ?)");
	for (const [path, ranges] of p.bodies ?? []) {
		const id = fileIds.get(path)?.id;
		if (id !== undefined) fileBodies.run(id, ranges);
	}
	const fileImports = db.prepare("INSERT INTO file_imports (file_id, layout, resolutions) VALUES (?, ?, ?)");
	for (const [path, r] of p.imports ?? []) {
		const id = fileIds.get(path)?.id;
		if (id !== undefined) fileImports.run(id, r.layout, r.resolutions);
	}

	// 7. Fan-in/out of the touched definitions; unresolved counts.
	const fan = db.prepare(`UPDATE defs SET
    fan_in = (SELECT count(DISTINCT src) FROM edges WHERE dst = defs.id AND kind IN ${FAN_KINDS}),
    fan_out = (SELECT count(DISTINCT dst) FROM edges WHERE src = defs.id AND kind IN ${FAN_KINDS})
    WHERE id = ?`);
	for (const id of touched) fan.run(id);
	// Files whose outline inputs may differ: changed files (definitions, module doc), files of a
	// definition whose fan-in/out was recomputed, files whose dispatch sites were rewritten.
	const fileOfDef = db.prepare("SELECT file_id FROM defs WHERE id = ?").pluck();
	const changedFiles = new Set<number>();
	for (const f of p.files) {
		const id = fileIds.get(f.path)?.id;
		if (id !== undefined) changedFiles.add(id);
	}
	for (const id of touched) {
		const file = fileOfDef.get(id) as number | null | undefined;
		if (file != null) changedFiles.add(file);
	}
	for (const path of siteFiles ?? []) {
		const id = fileIds.get(path)?.id;
		if (id !== undefined) changedFiles.add(id);
	}
	const added = p.files.some((f) => !oldFileIds.has(f.path));
	const changed =
		siteFiles === null ||
		added ||
		p.removedFiles.length > 0 ||
		packagesChanged ||
		!sameRoot ||
		Number.isNaN(sinceMs)
			? undefined
			: { files: changedFiles, sinceMs };
	db.exec("DELETE FROM unresolved");
	const unresolved = db.prepare("INSERT INTO unresolved (reason, count) VALUES (?, ?)");
	for (const [reason, count] of p.unresolved) unresolved.run(reason, count);

	const { edges, cross } = totals.now();
	const definitions = db
		.prepare("SELECT count(*) AS n FROM defs WHERE file_id IS NOT NULL AND kind != 'module'")
		.get() as { n: number };
	return {
		result: {
			droppedEdges: written.droppedEdges + droppedTrunkEdges,
			crossPackageEdges: cross,
			edges,
			definitions: definitions.n,
		},
		changed,
	};
}

/**
 * Make dispatch_sites hold `rows`, numbered 1… in order as a full write numbers them, rewriting
 * only the rows between the longest common head and tail of the old and new lists (compared by
 * defIds and paths; the rows of one changed file are usually all that differ).
 */
function replaceSites(
	db: Database.Database,
	old: unknown[][],
	rows: SiteRow[],
	sites: DispatchSiteRecord[],
	fileIdOf: (path: string) => number | undefined,
	defOf: (defId: string) => DefRef | undefined,
): string[] | null {
	const text = (values: unknown[]) => JSON.stringify(values);
	const oldText = old.map((r) => text(r.slice(1)));
	// The new rows by defIds and paths, as the old ones were read (a defId that is no longer there reads null).
	const newText: string[] = [];
	for (const s of sites) {
		if (fileIdOf(s.file) === undefined || s.side === "declare") continue;
		const ref = (defId: string | null | undefined) => (defId && defOf(defId) ? defId : null);
		newText.push(
			text([
				s.trunk,
				s.side,
				s.key,
				s.rawKey ?? null,
				s.expression ?? null,
				s.file,
				s.line,
				ref(s.enclosingDefId),
				handlerOf(s, (id) => !!defOf(id)),
				ref(s.key === null ? null : keyDefId(s)),
				s.resolution,
				s.inScope ? 1 : 0,
			]),
		);
	}
	const insert = siteInserter(db);
	const numbered = old.every((r, i) => r[0] === i + 1);
	let head = 0;
	if (numbered) {
		while (head < oldText.length && head < newText.length && oldText[head] === newText[head]) head++;
	}
	let tail = 0;
	if (numbered) {
		while (
			tail < oldText.length - head &&
			tail < newText.length - head &&
			oldText[oldText.length - 1 - tail] === newText[newText.length - 1 - tail]
		)
			tail++;
	}
	if (!numbered) db.exec("DELETE FROM dispatch_sites");
	else {
		db.prepare("DELETE FROM dispatch_sites WHERE id > ? AND id <= ?").run(head, oldText.length - tail);
		const shift = newText.length - oldText.length;
		if (shift !== 0 && tail > 0) {
			// Through negative ids, so no row takes an id another still holds.
			db.prepare("UPDATE dispatch_sites SET id = -id WHERE id > ?").run(oldText.length - tail);
			db.prepare("UPDATE dispatch_sites SET id = ? - id WHERE id < 0").run(shift);
		}
	}
	for (let i = head; i < rows.length - tail; i++) insert(i + 1, rows[i] as SiteRow);
	if (!numbered) return null;
	// The files of the rows rewritten (old and new): ids shifted by the same amount keep their order.
	const paths = new Set<string>();
	for (let i = head; i < old.length - tail; i++) paths.add((old[i] as unknown[])[6] as string);
	for (let i = head; i < newText.length - tail; i++) paths.add(JSON.parse(newText[i] as string)[5]);
	return [...paths];
}

/**
 * Make the trunk edges those `siteEdges` imply (one per source, target and kind, the first
 * reference winning, as `insertEdges` writes them): delete the old ones that are not among them,
 * insert the new ones that were not there. Returns the ends of both that are still definitions.
 */
function replaceTrunkEdges(
	db: Database.Database,
	old: [
		rowid: number,
		src: string,
		dst: string,
		kind: string,
		file: string | null,
		line: number | null,
		resolution: string,
	][],
	siteEdges: WriteEdge[],
	defOf: (defId: string) => DefRef | undefined,
	fileIdOf: (path: string) => number | undefined,
	totals: EdgeTotals,
): { ends: number[]; dropped: number } {
	const wanted = new Map<string, WriteEdge>();
	let dropped = 0;
	for (const e of siteEdges) {
		const s = defOf(e.src);
		const d = defOf(e.dst);
		if (!s || !d || s.id === d.id) {
			dropped++;
			continue;
		}
		const key = JSON.stringify([e.src, e.dst, e.kind]);
		if (!wanted.has(key)) wanted.set(key, e);
	}
	const ends: number[] = [];
	const deleteEdge = db.prepare("DELETE FROM edges WHERE rowid = ?");
	for (const [rowid, src, dst, kind, file, line, resolution] of old) {
		const key = JSON.stringify([src, dst, kind]);
		const now = wanted.get(key);
		if (now && now.file === file && now.line === line && now.resolution === resolution) {
			wanted.delete(key);
			continue;
		}
		// An end that is gone (a changed file's definition, a key no longer bound) needs no fan-in/out.
		for (const end of [defOf(src), defOf(dst)]) if (end) ends.push(end.id);
		// Already gone with a removed definition, or counted out now by its ends' packages (a
		// dispatch key's is none).
		if (deleteEdge.run(rowid).changes > 0)
			totals.removeOne(defOf(src)?.packageId ?? null, defOf(dst)?.packageId ?? null);
	}
	const added = [...wanted.values()];
	totals.add(insertEdges(db, added, defOf, fileIdOf));
	for (const e of added) ends.push((defOf(e.src) as DefRef).id, (defOf(e.dst) as DefRef).id);
	return { ends, dropped };
}

/**
 * The index's edge count and cross-package edge count, kept as the patch deletes and inserts edges
 * (from the previous index's stats; counting 125k edges joined to their definitions again cost
 * ~0.06 s of a one-file run). Without those stats, counted at the end as a full write would.
 */
interface EdgeTotals {
	/** Packages of the definitions the patch deletes, read before their rows go. */
	oldPackage: Map<number, number | null>;
	/** Edges about to be deleted, counted out by their ends' packages. */
	remove(rows: EdgeEnds[]): void;
	removeOne(srcPackage: number | null, dstPackage: number | null): void;
	add(inserted: EdgeCounts): void;
	now(): { edges: number; cross: number };
}

function edgeTotals(db: Database.Database, stats: string | null): EdgeTotals {
	let known: { edges: number; crossPackageEdges: number } | null = null;
	try {
		const parsed = stats ? (JSON.parse(stats) as { edges?: unknown; crossPackageEdges?: unknown }) : null;
		if (parsed && typeof parsed.edges === "number" && typeof parsed.crossPackageEdges === "number")
			known = { edges: parsed.edges, crossPackageEdges: parsed.crossPackageEdges };
	} catch {
		known = null;
	}
	let edges = known?.edges ?? 0;
	let cross = known?.crossPackageEdges ?? 0;
	const oldPackage = new Map<number, number | null>();
	const packageOfDef = db.prepare("SELECT package_id FROM defs WHERE id = ?").pluck();
	const packageOf = (id: number): number | null =>
		oldPackage.has(id)
			? (oldPackage.get(id) ?? null)
			: ((packageOfDef.get(id) as number | null | undefined) ?? null);
	const isCross = (a: number | null, b: number | null) => a !== null && b !== null && a !== b;
	return {
		oldPackage,
		remove(rows) {
			for (const r of rows) {
				edges--;
				if (isCross(packageOf(r.src), packageOf(r.dst))) cross--;
			}
		},
		removeOne(a, b) {
			edges--;
			if (isCross(a, b)) cross--;
		},
		add(inserted) {
			edges += inserted.edges;
			cross += inserted.crossPackageEdges;
		},
		now() {
			if (known) return { edges, cross };
			return db
				.prepare(
					`SELECT count(*) AS edges,
         coalesce(sum(s.package_id IS NOT NULL AND t.package_id IS NOT NULL AND s.package_id != t.package_id), 0) AS cross
       FROM edges e JOIN defs s ON s.id = e.src JOIN defs t ON t.id = e.dst`,
				)
				.get() as { edges: number; cross: number };
		},
	};
}

/**
 * Definitions by defId, read from the index as they are asked for (a patch touches few of them),
 * and kept in step with the rows the patch inserts and deletes.
 */
function defLookup(db: Database.Database) {
	const byDefId = db.prepare("SELECT id, package_id AS packageId FROM defs WHERE def_id = ?");
	const known = new Map<string, DefRef | null>();
	return {
		get(defId: string): DefRef | undefined {
			let ref = known.get(defId);
			if (ref === undefined) {
				ref = (byDefId.get(defId) as DefRef | undefined) ?? null;
				known.set(defId, ref);
			}
			return ref ?? undefined;
		},
		set(defId: string, ref: DefRef) {
			known.set(defId, ref);
		},
		delete(defId: string) {
			known.set(defId, null);
		},
	};
}

interface FileRef {
	path: string;
	id: number;
	packageId: number;
}
type EdgeEnds = { src: number; dst: number };

function maxId(db: Database.Database, table: "files" | "defs"): number {
	return (db.prepare(`SELECT coalesce(max(id), 0) AS id FROM ${table}`).get() as { id: number }).id;
}
