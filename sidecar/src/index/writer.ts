/**
 * Writes an index file. Everything goes into a temporary file next to the destination inside one
 * transaction, and the finished file is renamed over the destination: a crash or a kill leaves
 * the previous index untouched (at worst a stale `*.tmp-<pid>` file, removed by the next run).
 */
import { closeSync, existsSync, fsyncSync, openSync, readdirSync, renameSync, rmSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import Database from "better-sqlite3";
import { makeDirs } from "../make-dirs.js";
import { defIdPrefix } from "./def-id.js";
import { isGraphqlDocument, isManifestPath } from "./documents.js";
import { type EdgeKind, identifierWords, type Resolution, SCHEMA_SQL } from "./schema.js";
import { type DefFields, type DispatchSiteRecord, keyDefFields } from "./types.js";

export interface WriteDef extends DefFields {
	kind: string;
	parentDefId: string | null;
}

export interface WriteEdge {
	src: string;
	dst: string;
	kind: EdgeKind;
	file: string | null;
	line: number | null;
	resolution: Resolution;
}

export interface IndexContents {
	meta: Record<string, string>;
	packages: { name: string; dir: string; description: string | null; readme: string | null; hash: string }[];
	files: { path: string; packageIndex: number; hash: string; lineCount: number; content: string }[];
	defs: WriteDef[];
	edges: WriteEdge[];
	sites: DispatchSiteRecord[];
	/** Per file path: the site extractor's saved output before `finalize` (table file_sites). */
	rawSites: Map<string, string>;
	/** Per file path: the bodies an incremental run may blank (table file_bodies). */
	bodies?: Map<string, string>;
	/** Per file path: its recorded module resolutions and the layout they hold for (table file_imports). */
	imports?: Map<string, { layout: string; resolutions: string }>;
	unresolved: Map<string, number>;
}

export interface EdgeCounts {
	/** Edges dropped because an end is not a definition of the index. */
	droppedEdges: number;
	crossPackageEdges: number;
	edges: number;
}

export interface WriteResult extends EdgeCounts {
	/** Definitions in files, without the files' `(module)` pseudo-definitions. */
	definitions: number;
}

/** Edge kinds that say "uses" for fan-in/out; an import alone is not a use. */
export const FAN_KINDS =
	"('call','new','jsx','reference','extends','implements','implementation','register','handler','dispatch')";

/** Edge kinds derived from dispatch sites (rebuilt from the sites, never carried over). */
export const TRUNK_EDGE_KINDS = "('register','handler','dispatch','declares')";

export function tempPathFor(out: string): string {
	return `${out}.tmp-${process.pid}`;
}

/**
 * Seed `out`'s temp file ahead of a write (`writeThroughTemp(out, "prepared", …)`), e.g. with a
 * copy of the previous index while other work runs. Returns a function removing it, for a run
 * that fails before the write (a killed run's is removed by the next run).
 */
export function prepareTemp(out: string, start: (tmp: string) => void): () => void {
	makeDirs(dirname(out));
	removeStaleTemps(out);
	const tmp = tempPathFor(out);
	rmSync(tmp, { force: true });
	try {
		start(tmp);
	} catch (err) {
		rmSync(tmp, { force: true });
		throw err;
	}
	return () => rmSync(tmp, { force: true });
}

/** Remove temp files left by killed runs (their process is gone). */
export function removeStaleTemps(out: string): void {
	const dir = dirname(out);
	if (!existsSync(dir)) return;
	const prefix = `${basename(out)}.tmp-`;
	for (const name of readdirSync(dir)) {
		if (!name.startsWith(prefix)) continue;
		const pid = Number(name.slice(prefix.length).split("-")[0]);
		if (pid === process.pid || isAlive(pid)) continue;
		rmSync(join(dir, name), { force: true });
	}
}

function isAlive(pid: number): boolean {
	if (!Number.isInteger(pid) || pid <= 0) return false;
	try {
		process.kill(pid, 0);
		return true;
	} catch (err) {
		return (err as NodeJS.ErrnoException).code === "EPERM";
	}
}

/**
 * Write `contents` to `out` atomically. `finalMeta` adds meta rows that depend on what was
 * written (e.g. the stats), before the file is closed and renamed into place.
 */
export function writeIndex(
	out: string,
	contents: IndexContents,
	finalMeta: (result: WriteResult) => Record<string, string> = () => ({}),
	derive: Derive = () => {},
): WriteResult {
	return writeThroughTemp(
		out,
		() => {},
		(db) => {
			db.exec(SCHEMA_SQL);
			return db.transaction(() => insertAll(db, contents))();
		},
		finalMeta,
		derive,
	);
}

/**
 * Tables derived from the rows just written, built in the temp file before the final meta rows:
 * the indexer passes the outline build (an upper layer's artefact, so the writer does not import it).
 */
export type Derive = (db: Database.Database, changed?: ChangedRows) => void;

/**
 * What a patch changed that derived tables read: the files whose rows (definitions, fan-in, dispatch
 * sites) may differ, and when the previous index was built (files read from disk since, e.g. folder
 * READMEs, may differ too). Absent for a full write, or when the patch added or removed files or
 * changed a package row or the repository root: then every derived row is rebuilt.
 */
export interface ChangedRows {
	files: Set<number>;
	/** The previous index's builtAt, in ms since the epoch. */
	sinceMs: number;
}

/**
 * The atomic write a full write and a patch share: a temp file next to `out` (`start` may seed it,
 * e.g. with a copy of the previous index), filled by `fill`, given its derived tables (`derive`:
 * the outline), the final meta rows and planner statistics, then renamed over `out`. On any failure the temp file is removed and
 * `out` is left as it was.
 */
export function writeThroughTemp(
	out: string,
	start: ((tmp: string) => void) | "prepared",
	fill: (db: Database.Database) => WriteResult,
	finalMeta: (result: WriteResult) => Record<string, string>,
	derive: Derive,
	changed?: () => ChangedRows | undefined,
): WriteResult {
	makeDirs(dirname(out));
	removeStaleTemps(out);
	const tmp = tempPathFor(out);
	// "prepared": the caller seeded the temp file already (`prepareTemp`).
	if (start !== "prepared") rmSync(tmp, { force: true });
	let db: Database.Database | undefined;
	let result: WriteResult;
	try {
		if (start !== "prepared") start(tmp);
		// Opening a missing file would create an empty database and fail later on a missing table.
		else if (!existsSync(tmp))
			throw new Error(`the copy of the previous index prepared at ${tmp} is gone (removed during the run?)`);
		const open = new Database(tmp);
		db = open;
		// The temp file is thrown away on failure, so no journal is needed while writing it.
		open.pragma("journal_mode = OFF");
		open.pragma("synchronous = OFF");
		result = fill(open);
		derive(open, changed?.());
		const meta = open.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)");
		for (const [k, v] of Object.entries(finalMeta(result))) meta.run(k, v);
		// Fresh planner statistics: readers' row order can follow the plan.
		open.exec("ANALYZE");
		open.close();
		// Durable before it gets the final name: with synchronous = OFF nothing was flushed, and a
		// power loss after the rename could otherwise leave an empty or partial file under `out`.
		fsyncPath(tmp);
	} catch (err) {
		if (db?.open) db.close();
		rmSync(tmp, { force: true });
		throw err;
	}
	renameSync(tmp, out);
	// The rename itself lives in the folder: flushed, it survives a power loss too (Windows
	// cannot open a folder for fsync; NTFS journals the rename).
	if (process.platform !== "win32") fsyncPath(dirname(out));
	return result;
}

/** fsync a file or a folder (opened read-only: enough for both on Linux and macOS). */
function fsyncPath(path: string): void {
	const fd = openSync(path, "r");
	try {
		fsyncSync(fd);
	} finally {
		closeSync(fd);
	}
}

function insertAll(db: Database.Database, c: IndexContents): WriteResult {
	const meta = db.prepare("INSERT INTO meta (key, value) VALUES (?, ?)");
	for (const [k, v] of Object.entries(c.meta)) meta.run(k, v);

	const pkg = db.prepare(
		"INSERT INTO packages (id, name, dir, description, readme, hash) VALUES (?, ?, ?, ?, ?, ?)",
	);
	c.packages.forEach((p, i) => {
		pkg.run(i + 1, p.name, p.dir, p.description, p.readme, p.hash);
	});

	const fileIds = new Map<string, { id: number; packageId: number }>();
	const insertFile = fileInserter(db);
	c.files.forEach((f, i) => {
		fileIds.set(f.path, { id: i + 1, packageId: f.packageIndex + 1 });
		insertFile(i + 1, f);
	});

	const defs = [...c.defs, ...dispatchKeyDefs(c.sites)];
	const defIds = new Map<string, { id: number; packageId: number | null }>();
	defs.forEach((d, i) => {
		const f = d.file === null ? undefined : fileIds.get(d.file);
		defIds.set(d.defId, { id: i + 1, packageId: f?.packageId ?? null });
	});
	const insertDef = defInserter(db);
	const kinds = new Map(defs.map((d) => [d.defId, d.kind]));
	defs.forEach((d, i) => {
		const parent = d.parentDefId ? (defIds.get(d.parentDefId)?.id ?? null) : null;
		const parentKind = d.parentDefId ? kinds.get(d.parentDefId) : undefined;
		insertDef(i + 1, d, d.file === null ? undefined : fileIds.get(d.file), parent, parentKind);
	});

	const edges: WriteEdge[] = [
		...c.edges,
		...insertSites(
			db,
			c.sites,
			(path) => fileIds.get(path)?.id,
			(defId) => defIds.get(defId)?.id,
		),
	];
	const fileSites = db.prepare("INSERT INTO file_sites (file_id, sites) VALUES (?, ?)");
	for (const [path, saved] of c.rawSites) {
		const f = fileIds.get(path);
		if (f) fileSites.run(f.id, saved);
	}
	const fileBodies = db.prepare("INSERT INTO file_bodies (file_id, ranges) VALUES (?, ?)");
	for (const [path, ranges] of c.bodies ?? []) {
		const f = fileIds.get(path);
		if (f) fileBodies.run(f.id, ranges);
	}
	const fileImports = db.prepare("INSERT INTO file_imports (file_id, layout, resolutions) VALUES (?, ?, ?)");
	for (const [path, r] of c.imports ?? []) {
		const f = fileIds.get(path);
		if (f) fileImports.run(f.id, r.layout, r.resolutions);
	}

	const written = insertEdges(
		db,
		edges,
		(defId) => defIds.get(defId),
		(path) => fileIds.get(path)?.id,
	);

	db.exec(`UPDATE defs SET
    fan_in = (SELECT count(DISTINCT src) FROM edges WHERE dst = defs.id AND kind IN ${FAN_KINDS}),
    fan_out = (SELECT count(DISTINCT dst) FROM edges WHERE src = defs.id AND kind IN ${FAN_KINDS})`);

	const unresolved = db.prepare("INSERT INTO unresolved (reason, count) VALUES (?, ?)");
	for (const [reason, count] of c.unresolved) unresolved.run(reason, count);
	return { ...written, definitions: c.defs.filter((d) => d.file !== null && d.kind !== "module").length };
}

/**
 * Insert edges whose ends are both definitions (others are dropped), one per (source, target,
 * kind): the first reference wins.
 */
export function insertEdges(
	db: Database.Database,
	edges: WriteEdge[],
	defOf: (defId: string) => { id: number; packageId: number | null } | undefined,
	fileId: (path: string) => number | undefined,
): EdgeCounts {
	const edge = db.prepare(
		"INSERT INTO edges (src, dst, kind, file_id, line, resolution) VALUES (?, ?, ?, ?, ?, ?)",
	);
	const result: EdgeCounts = { droppedEdges: 0, crossPackageEdges: 0, edges: 0 };
	const seen = new Set<string>();
	for (const e of edges) {
		const s = defOf(e.src);
		const d = defOf(e.dst);
		if (!s || !d || s.id === d.id) {
			result.droppedEdges++;
			continue;
		}
		const key = `${s.id}:${d.id}:${e.kind}`;
		if (seen.has(key)) continue;
		seen.add(key);
		edge.run(s.id, d.id, e.kind, e.file === null ? null : (fileId(e.file) ?? null), e.line, e.resolution);
		result.edges++;
		if (s.packageId !== null && d.packageId !== null && s.packageId !== d.packageId)
			result.crossPackageEdges++;
	}
	return result;
}

/**
 * Inserts a file row and its full-text row. A manifest has none (documents.ts), nor has a GraphQL document: its selection sets repeat
 * the schema's field names (`id`, `name`, `team`) in every operation, and hundreds of them shifted the
 * word statistics and took search places from the code. Its operations are found by name (their
 * definitions) and through their trunk keys.
 */
export function fileInserter(db: Database.Database): (id: number, f: IndexContents["files"][number]) => void {
	const file = db.prepare(
		"INSERT INTO files (id, path, package_id, hash, line_count, content) VALUES (?, ?, ?, ?, ?, ?)",
	);
	const fts = db.prepare("INSERT INTO files_fts (rowid, path_words, body) VALUES (?, ?, ?)");
	return (id, f) => {
		file.run(id, f.path, f.packageIndex + 1, f.hash, f.lineCount, f.content);
		if (!isGraphqlDocument(f.path) && !isManifestPath(f.path))
			fts.run(id, identifierWords(f.path), f.content);
	};
}

/**
 * Inserts a definition row (in the given file, with the given parent row) and its full-text row (none
 * for a manifest, nor for a member of a type alias: `parentKind`).
 */
export function defInserter(
	db: Database.Database,
): (
	id: number,
	d: WriteDef,
	file: { id: number; packageId: number } | undefined,
	parentId: number | null,
	parentKind?: string,
) => void {
	const def = db.prepare(
		`INSERT INTO defs (id, def_id, file_id, package_id, name, qualified_name, kind, start_line, end_line, signature, doc, description, exported, parent_id)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
	);
	const fts = db.prepare(
		"INSERT INTO defs_fts (rowid, name_words, path_words, signature, doc) VALUES (?, ?, ?, ?, ?)",
	);
	return (id, d, file, parentId, parentKind) => {
		def.run(
			id,
			d.defId,
			file?.id ?? null,
			file?.packageId ?? null,
			d.name,
			d.qualifiedName,
			d.kind,
			d.startLine,
			d.endLine,
			d.signature,
			d.doc,
			d.description,
			d.exported ? 1 : 0,
			parentId,
		);
		// A manifest and its sections have no full-text row (nor has its file, fileInserter): 607 of them
		// on Rocket.Chat shifted the word statistics every question is ranked by (6 of 58 dev answers
		// moved). They are reached by defId, name (`defsByName`) and edges until a question-side gate
		// decides when a question is about them (benchmarks/index.md, session 14).
		if (d.kind === "manifest") return;
		// Nor has a typed map's member in a type alias (`NoteRoutes(/v1/notes.create)`, indexer/defs.ts):
		// Rocket.Chat's 734 repeat its endpoints' and events' words, and shifted the statistics every question
		// is ranked by (material moved in 3 of 34 dev questions). Reached by the key (its name), its map and
		// the `declares` edge into the key. An interface's keyed members kept theirs (they were indexed before).
		if (parentKind === "type") return;
		// A GraphQL document's operation is searched by its name only (see fileInserter).
		const words = !d.file || !isGraphqlDocument(d.file);
		fts.run(
			id,
			identifierWords(d.qualifiedName),
			d.file ? identifierWords(d.file) : "",
			words ? (d.signature ?? "") : "",
			words ? (d.doc ?? "") : "",
		);
	};
}

/** The dispatch-key pseudo-definitions of bound sites, one per (trunk, key), in site order. */
export function dispatchKeyDefs(sites: DispatchSiteRecord[]): WriteDef[] {
	const defs = new Map<string, WriteDef>();
	for (const s of sites) {
		if (s.key === null) continue;
		const defId = keyDefId(s);
		if (defs.has(defId)) continue;
		defs.set(defId, { ...keyDefFields(defId, s.key, `${s.trunk}#${s.key}`), parentDefId: null });
	}
	return [...defs.values()];
}

/** The defId of a bound site's dispatch-key pseudo-definition. */
export function keyDefId(s: DispatchSiteRecord): string {
	return `trunk:${s.trunk}#${s.key}`;
}

/** A dispatch_sites row: its columns in table order, after `id`. */
export type SiteRow = [
	trunk: string,
	side: string,
	key: string | null,
	rawKey: string | null,
	expression: string | null,
	fileId: number,
	line: number,
	enclosing: number | null,
	handler: number | null,
	keyDef: number | null,
	resolution: string,
	inScope: number,
];

/**
 * The dispatch_sites rows of `sites` in order (sites of files without an id are skipped) and the
 * edges they imply: register (enclosing → key), handler (key → handler), dispatch (enclosing → key),
 * declares (a typed map's member → the key it declares: a `declare` record, which is no row).
 */
export function siteRows(
	sites: DispatchSiteRecord[],
	fileId: (path: string) => number | undefined,
	defId: (defId: string) => number | undefined,
): { rows: SiteRow[]; edges: WriteEdge[] } {
	const rows: SiteRow[] = [];
	const edges: WriteEdge[] = [];
	for (const s of sites) {
		const f = fileId(s.file);
		if (f === undefined) continue;
		const keyId = s.key === null ? null : keyDefId(s);
		const handler = handlerOf(s, (id) => defId(id) !== undefined);
		if (s.side === "declare") {
			if (keyId && s.enclosingDefId)
				edges.push({
					src: s.enclosingDefId,
					dst: keyId,
					kind: "declares",
					file: s.file,
					line: s.line,
					resolution: s.resolution,
				});
			continue;
		}
		rows.push([
			s.trunk,
			s.side,
			s.key,
			s.rawKey ?? null,
			s.expression ?? null,
			f,
			s.line,
			s.enclosingDefId ? (defId(s.enclosingDefId) ?? null) : null,
			handler === null ? null : (defId(handler) ?? null),
			keyId ? (defId(keyId) ?? null) : null,
			s.resolution,
			s.inScope ? 1 : 0,
		]);
		if (!keyId) continue;
		const at = { file: s.file, line: s.line, resolution: s.resolution };
		if (s.side === "register") {
			if (s.enclosingDefId) edges.push({ src: s.enclosingDefId, dst: keyId, kind: "register", ...at });
			if (s.handlerDefId) edges.push({ src: keyId, dst: s.handlerDefId, kind: "handler", ...at });
		} else if (s.side === "dispatch" && s.enclosingDefId) {
			edges.push({ src: s.enclosingDefId, dst: keyId, kind: "dispatch", ...at });
		}
	}
	return { rows, edges };
}

/**
 * The handler column's definition: a register site's handler, or a mount line's router — the module
 * of the router's file when the router is no definition of the index (`const router =
 * express.Router()` in a script), where its routes are registered.
 */
export function handlerOf(s: DispatchSiteRecord, has: (defId: string) => boolean): string | null {
	const h = s.handlerDefId;
	if (!h) return null;
	if (has(h)) return h;
	const file = s.side === "mount" ? defIdPrefix(h) : null;
	return file && has(`${file}#(module)`) ? `${file}#(module)` : null;
}

/** Inserts dispatch_sites rows with the given ids. */
export function siteInserter(db: Database.Database): (id: number, row: SiteRow) => void {
	const site = db.prepare(
		`INSERT INTO dispatch_sites (id, trunk, side, key, raw_key, expression, file_id, line, enclosing, handler, key_def, resolution, in_scope)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
	);
	return (id, row) => {
		site.run(id, ...row);
	};
}

/** Insert the dispatch sites, numbered 1… in order, and return the edges they imply (see `siteRows`). */
export function insertSites(
	db: Database.Database,
	sites: DispatchSiteRecord[],
	fileId: (path: string) => number | undefined,
	defId: (defId: string) => number | undefined,
): WriteEdge[] {
	const { rows, edges } = siteRows(sites, fileId, defId);
	const insert = siteInserter(db);
	rows.forEach((row, i) => {
		insert(i + 1, row);
	});
	return edges;
}
