/**
 * The previous index, read back for incremental reuse: per file, its hash, definitions, the edges
 * written in it, its call-site counts and its saved site-extractor output. A file whose content
 * hash is unchanged is not re-extracted: the index is patched around it, or (when the packages
 * changed) its rows are carried over by defId into a full write.
 */
import { existsSync } from "node:fs";
import Database from "better-sqlite3";
import { INDEX_FORMAT_VERSION, type IndexStats } from "../index/schema.js";
import { TRUNK_EDGE_KINDS, type WriteDef, type WriteEdge } from "../index/writer.js";
import type { RecordedBodies } from "./bodies.js";
import type { ImportKind } from "./import-kinds.js";
import { type ReferenceQueries, referenceQueries } from "./previous-references.js";

/** Per-file counts kept in meta.fileCounts: call sites by outcome, and in-repo imports. */
export interface FileCounts {
	sites: [resolved: number, external: number, local: number, unresolved: Record<string, number>];
	imports: [inRepo: number, resolved: number];
	/** The imports by kind, [in-repo, resolved] (absent before session 11: relative and workspace ones only, in `imports`). */
	importKinds?: Record<ImportKind, [number, number]>;
	/** Unresolved sites by the import they come from: [count, resolved 0/1] (edges.ts; absent before session 9). */
	modules?: Record<string, [number, 0 | 1]>;
}

/** The previous index a run may reuse (its reference queries: previous-references.ts). */
export interface PreviousIndex extends ReferenceQueries {
	fileHashes: Map<string, string>;
	/** The packages rows (name, dir, description, readme, hash) as JSON, to tell whether any changed. */
	packagesKey: string;
	/** The packages' names and folders in id order, as JSON: an index can be patched when they are the same. */
	packageIdentity: string;
	stats: IndexStats | null;
	fileCounts: Record<string, FileCounts>;
	/** Stat signature of each file when it was read (see `statSignature`), from meta.fileStats. */
	fileStats: Map<string, string>;
	/** Paths of the files that may declare globals (meta.globalFiles), null in an index from before it. */
	globalFiles: Set<string> | null;
	defsOf(path: string): WriteDef[];
	edgesOf(path: string): WriteEdge[];
	/** The site extractor's saved output for a file (null when it had no sites). */
	savedSitesOf(path: string): string | null;
	/** Every file's saved output, by path (read once; `savedSitesOf` then answers from it). */
	allSavedSites(): Map<string, string>;
	/**
	 * Ahead of `sitesName` for definitions of these files (a definition's id begins with its file's
	 * path): the saved texts naming each path, picked out of all of them now (while waiting).
	 */
	narrowSitesName(paths: string[]): number;
	/** The bodies recorded for a file (bodies.ts), with the hash of the content they are of. */
	bodiesOf(path: string): RecordedBodies | undefined;
	/** A file's recorded module resolutions (resolve.ts) and the layout they hold for. */
	importsOf(path: string): { layout: string; resolutions: string } | undefined;
	/** The indexed folder (meta.repoRoot). */
	repoRoot: string | null;
	/**
	 * Whether a dispatch site or a trunk edge (what `finalize` made) refers to one of these
	 * definitions, or a file's saved sites name one (a site whose handler was no definition then).
	 */
	sitesName(defIds: string[]): boolean;
	close(): void;
}

/** The names and folders of packages in order, as compared by `PreviousIndex.packageIdentity`. */
export function packageIdentity(packages: { name: string; dir: string }[]): string {
	return JSON.stringify(packages.map((p) => [p.name, p.dir]));
}

/**
 * The previous index's database and meta when it was built by this format/tool version with the
 * same options, else null. `meta` holds only `keys` when given (the large JSON rows not read).
 */
function openMatching(
	out: string,
	toolVersion: string,
	optionsJson: string,
	keys?: string[],
): { db: Database.Database; meta: Map<string, string> } | null {
	if (!existsSync(out)) return null;
	let db: Database.Database | undefined;
	try {
		db = new Database(out, { readonly: true, fileMustExist: true });
		const rows = (
			keys
				? db
						.prepare(`SELECT key, value FROM meta WHERE key IN (${keys.map(() => "?").join(", ")})`)
						.all(...keys)
				: db.prepare("SELECT key, value FROM meta").all()
		) as { key: string; value: string }[];
		const meta = new Map(rows.map((r) => [r.key, r.value]));
		const hasSavedSites =
			(db
				.prepare(
					"SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name IN ('file_sites', 'file_bodies', 'file_imports')",
				)
				.pluck()
				.get() as number) === 3;
		const hasCounts = keys
			? db.prepare("SELECT 1 FROM meta WHERE key = 'fileCounts'").get()
			: meta.has("fileCounts");
		if (
			Number(meta.get("formatVersion")) !== INDEX_FORMAT_VERSION ||
			meta.get("toolVersion") !== toolVersion ||
			meta.get("options") !== optionsJson ||
			!hasSavedSites ||
			!hasCounts
		) {
			db.close();
			return null;
		}
		return { db, meta };
	} catch {
		db?.close();
		return null;
	}
}

/**
 * Whether `openPrevious` would open the index, without reading what it reads (every file's hash,
 * the per-file counts and stats): the CLI asks before it starts the run.
 */
export function previousMatches(out: string, toolVersion: string, optionsJson: string): boolean {
	const opened = openMatching(out, toolVersion, optionsJson, ["formatVersion", "toolVersion", "options"]);
	opened?.db.close();
	return opened !== null;
}

/** Open the previous index when it was built by this format/tool version with the same options. */
export function openPrevious(out: string, toolVersion: string, optionsJson: string): PreviousIndex | null {
	const opened = openMatching(out, toolVersion, optionsJson);
	if (!opened) return null;
	const { db, meta } = opened;
	const fileHashes = new Map(
		(db.prepare("SELECT path, hash FROM files").all() as { path: string; hash: string }[]).map((r) => [
			r.path,
			r.hash,
		]),
	);
	// Bulk reads grouped by file (per-file queries would scan the edge table once per file),
	// made on first use: a run where nothing changed never needs them.
	let rows:
		| {
				defs: Map<string, WriteDef[]>;
				edges: Map<string, WriteEdge[]>;
		  }
		| undefined;
	const load = () => {
		rows ??= readRows(db);
		return rows;
	};
	let savedSites: Map<string, string> | undefined;
	/** Saved texts naming a path (`narrowSitesName`). */
	const naming = new Map<string, string[]>();
	const loadSavedSites = () => {
		savedSites ??= new Map(
			(
				db.prepare("SELECT f.path, s.sites FROM file_sites s JOIN files f ON f.id = s.file_id").all() as {
					path: string;
					sites: string;
				}[]
			).map((r) => [r.path, r.sites]),
		);
		return savedSites;
	};
	const savedSitesRow = db
		.prepare("SELECT s.sites FROM file_sites s JOIN files f ON f.id = s.file_id WHERE f.path = ?")
		.pluck();
	let bodies: Map<string, RecordedBodies> | undefined;
	const loadBodies = () => {
		bodies ??= new Map(
			(
				db
					.prepare("SELECT f.path, f.hash, b.ranges FROM file_bodies b JOIN files f ON f.id = b.file_id")
					.all() as { path: string; hash: string; ranges: string }[]
			).map((r) => [r.path, { hash: r.hash, ranges: r.ranges }]),
		);
		return bodies;
	};
	let imports: Map<string, { layout: string; resolutions: string }> | undefined;
	const loadImports = () => {
		imports ??= new Map(
			(
				db
					.prepare(
						"SELECT f.path, i.layout, i.resolutions FROM file_imports i JOIN files f ON f.id = i.file_id",
					)
					.all() as { path: string; layout: string; resolutions: string }[]
			).map((r) => [r.path, { layout: r.layout, resolutions: r.resolutions }]),
		);
		return imports;
	};
	const packages = db
		.prepare("SELECT name, dir, description, readme, hash FROM packages ORDER BY id")
		.all() as {
		name: string;
		dir: string;
	}[];
	const stats = meta.get("stats");
	return {
		fileHashes,
		packagesKey: JSON.stringify(packages),
		packageIdentity: packageIdentity(packages),
		stats: stats ? (JSON.parse(stats) as IndexStats) : null,
		fileCounts: JSON.parse(meta.get("fileCounts") ?? "{}") as Record<string, FileCounts>,
		fileStats: new Map(Object.entries(JSON.parse(meta.get("fileStats") ?? "{}") as Record<string, string>)),
		globalFiles: meta.has("globalFiles")
			? new Set(JSON.parse(meta.get("globalFiles") ?? "[]") as string[])
			: null,
		defsOf: (path) => load().defs.get(path) ?? [],
		edgesOf: (path) => load().edges.get(path) ?? [],
		// One file's (a changed file's, before and after the second thread's result) without reading
		// every file's (15 MB on Rocket.Chat) unless they were read for the join.
		savedSitesOf: (path) =>
			savedSites ? (savedSites.get(path) ?? null) : ((savedSitesRow.get(path) as string | undefined) ?? null),
		allSavedSites: loadSavedSites,
		narrowSitesName(paths) {
			// Each path is a pass over every text (15 MB on Rocket.Chat): for a few changed files only;
			// with more, `sitesName` searches every text, as without this.
			if (paths.length > NARROW_MAX_PATHS) return 0;
			const all = [...loadSavedSites().values()];
			let kept = 0;
			for (const path of paths) {
				if (!naming.has(path))
					naming.set(
						path,
						all.filter((text) => text.includes(path)),
					);
				kept += naming.get(path)?.length ?? 0;
			}
			return kept;
		},
		bodiesOf: (path) => loadBodies().get(path),
		importsOf: (path) => loadImports().get(path),
		...referenceQueries(db),
		repoRoot: meta.get("repoRoot") ?? null,
		sitesName(defIds) {
			const referred = db.prepare(
				`SELECT 1 FROM defs d WHERE d.def_id = ? AND (
           EXISTS (SELECT 1 FROM dispatch_sites s WHERE s.handler = d.id OR s.enclosing = d.id OR s.key_def = d.id)
           OR EXISTS (SELECT 1 FROM edges e WHERE (e.src = d.id OR e.dst = d.id) AND e.kind IN ${TRUNK_EDGE_KINDS}))`,
			);
			if (defIds.some((id) => referred.get(id) !== undefined)) return true;
			// The bare id, not its JSON quoting: inside a record's rawKey an id is stored encoded twice
			// (`\"…\"`), so a quoted search would miss it. A bare match inside a longer id only errs
			// toward running finalize. In the texts when they were read (`allSavedSites`), else searched
			// by SQLite, one pass over them per 100 ids, without reading them into strings here.
			if (savedSites) {
				const all = [...savedSites.values()];
				// An id's text holds its path: only the texts naming that path, when they were picked out.
				const textsOf = (id: string) => naming.get(id.slice(0, id.indexOf("#"))) ?? all;
				return defIds.some((id) => textsOf(id).some((text) => text.includes(id)));
			}
			for (let i = 0; i < defIds.length; i += 100) {
				const ids = defIds.slice(i, i + 100);
				const named = db
					.prepare(
						`SELECT 1 FROM file_sites WHERE ${ids.map(() => "instr(sites, ?) > 0").join(" OR ")} LIMIT 1`,
					)
					.get(...ids);
				if (named !== undefined) return true;
			}
			return false;
		},
		close: () => db.close(),
	};
}

/** Changed files up to which `narrowSitesName` picks out the texts naming them (one pass over all texts each). */
const NARROW_MAX_PATHS = 4;

function groupBy<T extends { file: string | null }>(rows: T[]): Map<string, T[]> {
	const out = new Map<string, T[]>();
	for (const r of rows) {
		if (r.file === null) continue;
		const list = out.get(r.file);
		if (list) list.push(r);
		else out.set(r.file, [r]);
	}
	return out;
}

function readRows(db: Database.Database): {
	defs: Map<string, WriteDef[]>;
	edges: Map<string, WriteEdge[]>;
} {
	const defs = groupBy(
		(
			db
				.prepare(
					`SELECT d.def_id AS defId, f.path AS file, d.name, d.qualified_name AS qualifiedName, d.kind, d.start_line AS startLine,
         d.end_line AS endLine, d.signature, d.doc, d.description, d.exported, p.def_id AS parentDefId
       FROM defs d JOIN files f ON f.id = d.file_id LEFT JOIN defs p ON p.id = d.parent_id ORDER BY d.id`,
				)
				.all() as (Omit<WriteDef, "exported"> & { exported: number; file: string })[]
		).map((d) => ({ ...d, exported: d.exported === 1 })),
	);
	// Only edges the static pass wrote: register/handler/dispatch edges are rebuilt from the sites.
	const edges = groupBy(
		db
			.prepare(
				`SELECT s.def_id AS src, t.def_id AS dst, e.kind, f.path AS file, e.line, e.resolution
       FROM edges e JOIN files f ON f.id = e.file_id JOIN defs s ON s.id = e.src JOIN defs t ON t.id = e.dst
       WHERE e.kind NOT IN ${TRUNK_EDGE_KINDS}`,
			)
			.all() as (WriteEdge & { file: string })[],
	);
	return { defs, edges };
}
