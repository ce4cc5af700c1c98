/**
 * Incremental write: a copy of the previous index is patched in place and renamed over it, instead
 * of writing every row again. Only the changed, new and deleted files' rows are replaced (file
 * content and its full-text row, definitions and theirs, the edges written in those files); the
 * dispatch sites and the edges derived from them, fan-in/out of every definition an edge change
 * touched, the unresolved counts and the outline are rebuilt. Same crash safety as `writeIndex`:
 * the copy is a temp file until the final rename.
 */
import { copyFileSync } from "node:fs";
import type Database from "better-sqlite3";
import type { DispatchSiteRecord } from "./types.js";
import {
	type Derive,
	defInserter,
	dispatchKeyDefs,
	FAN_KINDS,
	fileInserter,
	type IndexContents,
	insertEdges,
	insertSites,
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
	/** Every dispatch site of the repository, after `finalize`. */
	sites: DispatchSiteRecord[];
	/** Saved extractor output of `files` (see IndexContents.rawSites). */
	rawSites: Map<string, string>;
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
): WriteResult {
	return writeThroughTemp(
		out,
		(tmp) => copyFileSync(previous, tmp),
		(db) => {
			// Rows are deleted before the rows referring to them are moved or deleted; the patch as a
			// whole leaves no dangling reference (the tests run foreign_key_check on patched indexes).
			db.pragma("foreign_keys = OFF");
			return db.transaction(() => applyPatch(db, patch))();
		},
		finalMeta,
		derive,
	);
}

function applyPatch(db: Database.Database, p: IndexPatch): WriteResult {
	const meta = db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)");
	for (const [k, v] of Object.entries(p.meta)) meta.run(k, v);
	const pkg = db.prepare(
		"UPDATE packages SET name = ?, dir = ?, description = ?, readme = ?, hash = ? WHERE id = ?",
	);
	p.packages.forEach((row, i) => {
		pkg.run(row.name, row.dir, row.description, row.readme, row.hash, i + 1);
	});

	const fileIds = new Map(
		(db.prepare("SELECT path, id, package_id AS packageId FROM files").all() as FileRef[]).map((f) => [
			f.path,
			f,
		]),
	);
	const defIds = new Map(
		(
			db.prepare("SELECT def_id AS defId, id, package_id AS packageId FROM defs").all() as (DefRef & {
				defId: string;
			})[]
		).map((d) => [d.defId, { id: d.id, packageId: d.packageId }]),
	);
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

	// 1. Trunk edges and sites are rebuilt from `sites`, whose joins span the whole repository.
	collectEnds(db.prepare(`SELECT src, dst FROM edges WHERE kind IN ${TRUNK_EDGE_KINDS}`).all() as EdgeEnds[]);
	db.exec(`DELETE FROM edges WHERE kind IN ${TRUNK_EDGE_KINDS}; DELETE FROM dispatch_sites;`);

	// 2. Old rows of changed and removed files: edges written there, definitions, saved sites.
	const edgesWrittenIn = db.prepare("SELECT src, dst FROM edges WHERE file_id = ?");
	const deleteEdgesWrittenIn = db.prepare("DELETE FROM edges WHERE file_id = ?");
	const defsOfFile = db.prepare("SELECT id, def_id AS defId FROM defs WHERE file_id = ?");
	const deleteDefFts = db.prepare("DELETE FROM defs_fts WHERE rowid = ?");
	const deleteDefsOfFile = db.prepare("DELETE FROM defs WHERE file_id = ?");
	const deleteFileSites = db.prepare("DELETE FROM file_sites WHERE file_id = ?");
	const oldDefs: { id: number; defId: string }[] = [];
	for (const path of [...p.files.map((f) => f.path), ...p.removedFiles]) {
		const f = fileIds.get(path);
		if (!f) continue;
		collectEnds(edgesWrittenIn.all(f.id) as EdgeEnds[]);
		deleteEdgesWrittenIn.run(f.id);
		for (const d of defsOfFile.all(f.id) as { id: number; defId: string }[]) {
			oldDefs.push(d);
			deleteDefFts.run(d.id);
			defIds.delete(d.defId);
		}
		deleteDefsOfFile.run(f.id);
		deleteFileSites.run(f.id);
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
	// them). Edges from unchanged files follow a definition that kept its defId; those into a
	// definition that is gone are dropped, as a full run would not make them.
	const newDefIds = new Set<number>();
	for (const d of p.defs) {
		const f = d.file === null ? undefined : fileIds.get(d.file);
		const id = nextDefId++;
		defIds.set(d.defId, { id, packageId: f?.packageId ?? null });
		newDefIds.add(id);
	}
	const insertDef = defInserter(db);
	for (const d of p.defs) {
		const ref = defIds.get(d.defId) as DefRef;
		const parent = d.parentDefId ? (defIds.get(d.parentDefId)?.id ?? null) : null;
		insertDef(ref.id, d, d.file === null ? undefined : fileIds.get(d.file), parent);
	}
	const moveSrc = db.prepare("UPDATE edges SET src = ? WHERE src = ?");
	const moveDst = db.prepare("UPDATE edges SET dst = ? WHERE dst = ?");
	const edgesFrom = db.prepare("SELECT src, dst FROM edges WHERE src = ?");
	const edgesTo = db.prepare("SELECT src, dst FROM edges WHERE dst = ?");
	const deleteFrom = db.prepare("DELETE FROM edges WHERE src = ?");
	const deleteTo = db.prepare("DELETE FROM edges WHERE dst = ?");
	for (const old of oldDefs) {
		const now = defIds.get(old.defId);
		if (now && newDefIds.has(now.id)) {
			moveSrc.run(now.id, old.id);
			moveDst.run(now.id, old.id);
			continue;
		}
		collectEnds(edgesFrom.all(old.id) as EdgeEnds[]);
		collectEnds(edgesTo.all(old.id) as EdgeEnds[]);
		deleteFrom.run(old.id);
		deleteTo.run(old.id);
	}
	for (const id of newDefIds) touched.add(id);

	// 5. Dispatch-key pseudo-definitions: keep those still bound, drop the rest, add new ones.
	const keyDefs = dispatchKeyDefs(p.sites);
	const wanted = new Set(keyDefs.map((d) => d.defId));
	const deleteDef = db.prepare("DELETE FROM defs WHERE id = ?");
	for (const k of db.prepare("SELECT id, def_id AS defId FROM defs WHERE kind = 'dispatch-key'").all() as {
		id: number;
		defId: string;
	}[]) {
		if (wanted.has(k.defId)) continue;
		deleteDef.run(k.id);
		deleteDefFts.run(k.id);
		defIds.delete(k.defId);
	}
	for (const k of keyDefs) {
		if (defIds.has(k.defId)) continue;
		const id = nextDefId++;
		defIds.set(k.defId, { id, packageId: null });
		insertDef(id, k, undefined, null);
		touched.add(id);
	}

	// 6. New static edges, sites and their edges, saved extractor output.
	const defOf = (defId: string) => defIds.get(defId);
	const fileIdOf = (path: string) => fileIds.get(path)?.id;
	const siteEdges = insertSites(db, p.sites, fileIdOf, (defId) => defIds.get(defId)?.id);
	const written = insertEdges(db, [...p.edges, ...siteEdges], defOf, fileIdOf);
	for (const e of [...p.edges, ...siteEdges]) {
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

	// 7. Fan-in/out of the touched definitions; unresolved counts.
	const fan = db.prepare(`UPDATE defs SET
    fan_in = (SELECT count(DISTINCT src) FROM edges WHERE dst = defs.id AND kind IN ${FAN_KINDS}),
    fan_out = (SELECT count(DISTINCT dst) FROM edges WHERE src = defs.id AND kind IN ${FAN_KINDS})
    WHERE id = ?`);
	for (const id of touched) fan.run(id);
	db.exec("DELETE FROM unresolved");
	const unresolved = db.prepare("INSERT INTO unresolved (reason, count) VALUES (?, ?)");
	for (const [reason, count] of p.unresolved) unresolved.run(reason, count);

	const totals = db
		.prepare(
			`SELECT count(*) AS edges,
         coalesce(sum(s.package_id IS NOT NULL AND t.package_id IS NOT NULL AND s.package_id != t.package_id), 0) AS cross
       FROM edges e JOIN defs s ON s.id = e.src JOIN defs t ON t.id = e.dst`,
		)
		.get() as { edges: number; cross: number };
	const definitions = db
		.prepare("SELECT count(*) AS n FROM defs WHERE file_id IS NOT NULL AND kind != 'module'")
		.get() as { n: number };
	return {
		droppedEdges: written.droppedEdges,
		crossPackageEdges: totals.cross,
		edges: totals.edges,
		definitions: definitions.n,
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
