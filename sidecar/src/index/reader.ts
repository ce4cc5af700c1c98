/**
 * Read access to an index file. Opened read-only; every query is a prepared statement, so a
 * reader is cheap to keep open for the life of a service. Nothing here writes. The SQL of its
 * searches and aggregates lives in search-queries.ts and overview-queries.ts; its rows' shapes in
 * row-sql.ts.
 */
import type Database from "better-sqlite3";
import { EdgeTable } from "./edge-table.js";
import { type FileText, fileText, linesOf, textSize } from "./file-text.js";
import type { FtsTable } from "./fts-query.js";
import { type IndexMeta, META_KEYS, metaFromRows } from "./index-meta.js";
import { openIndexDatabase } from "./open-index.js";
import { toSection } from "./outline-rows.js";
import {
	crossPackageEdgeCounts,
	defsUsedAtLeast,
	dispatchKeyPackages,
	familyBases,
	instanceBases,
	packageSizes,
	topDefsPerPackage,
} from "./overview-queries.js";
import { freezeRows, RowCache } from "./row-cache.js";
import {
	DEF_COLUMNS,
	DEF_FROM,
	EDGE_SELECT,
	type RawDef,
	type RawSite,
	SITE_SELECT,
	toDef,
	toSite,
} from "./row-sql.js";
import { searchDefs, searchFiles, searchOutline } from "./search-queries.js";
import type {
	DefRow,
	DispatchSiteRow,
	EdgeRow,
	FileRow,
	MountSiteRow,
	OutlineSectionRow,
	PackageRow,
} from "./types.js";

/** The register and dispatch rows: a mount line (`side = 'mount'`) is read by `mountSites` alone. */
const SIDES = "ds.side IN ('register', 'dispatch')";

/** A module resolution as the indexer records it (TypeScript's resolved module, the fields read here). */
interface ResolvedModule {
	resolvedFileName: string;
	isExternalLibraryImport?: boolean;
}

/** Rows kept per reader: definitions and edge lists, and files (their definitions and sites). */
const ROW_CACHE_LIMIT = 50_000;
/** Edges read in bulk for the CPU of one joined per-row edge query (edge-table.ts; session 47 lat47). */
const EDGES_PER_LOOKUP = 10;
const FILE_CACHE_LIMIT = 10_000;
/**
 * File text kept per reader, by weight rather than count: a big repository's files would otherwise
 * all stay for the life of a service (and each ask worker has its own reader). ~bytes for ASCII text.
 */
const TEXT_CACHE_SIZE = 64 * 1024 * 1024;

export interface ReaderOptions {
	/**
	 * "many" for a reader that answers question after question: the whole edge table is read at the
	 * first edge lookup (lf's eight questions: ~9.5k per-row lookups, table read in question 7 of 8).
	 */
	questions?: "one" | "many";
}

export class IndexReader {
	readonly db: Database.Database;
	readonly path: string;
	private readonly stmts = new Map<string, Database.Statement>();
	// The rows the pipeline looks up again and again, within a question and across questions
	// (index/row-cache.ts). Bounds: a 40k-definition repository keeps every definition it touches.
	private readonly defsById = new RowCache<number, DefRow | undefined>({ entries: ROW_CACHE_LIMIT });
	private readonly defsByDefId = new RowCache<string, DefRow | undefined>({ entries: ROW_CACHE_LIMIT });
	private readonly edgesOut = new RowCache<number, EdgeRow[]>({ entries: ROW_CACHE_LIMIT });
	private readonly edgesIn = new RowCache<number, EdgeRow[]>({ entries: ROW_CACHE_LIMIT });
	private readonly fileDefs = new RowCache<string, DefRow[]>({ entries: FILE_CACHE_LIMIT });
	private readonly fileSites = new RowCache<string, DispatchSiteRow[]>({ entries: FILE_CACHE_LIMIT });
	private readonly texts = new RowCache<string, FileText | undefined>({
		size: TEXT_CACHE_SIZE,
		sizeOf: textSize,
	});
	private readonly imports = new RowCache<string, Map<string, string> | undefined>({
		entries: FILE_CACHE_LIMIT,
	});
	private readonly matchCounts = new RowCache<string, number | null>({ entries: ROW_CACHE_LIMIT });
	/**
	 * Every edge, read once the edge lookups made one by one have cost about what reading the whole
	 * table costs (edge-table.ts): a single question on a large index stays on per-row queries, a
	 * server or a bench answering many reads the table once. Rows are the same either way.
	 */
	private edgeTable: EdgeTable | undefined;
	/**
	 * Every definition by row id, for a reader kept for many questions: read at its first `defById`
	 * (null until then; undefined for a one-question reader, which reads row by row). A question
	 * misses ~300–3,000 definitions its reader has not read yet, one joined query each (~45 µs);
	 * the whole table costs what ~6k of them cost.
	 */
	private defTable: Map<number, DefRow> | null | undefined;
	/**
	 * Values derived from the index alone, kept for the reader's life: the pipeline's (`derived`, by
	 * symbol) and the whole-table aggregates (by their bounds: a few per reader, the pipeline asks fixed ones).
	 */
	private readonly derivedValues = new Map<symbol | string, unknown>();
	private edgeLookups = 0;
	private edgeLookupBudget: number | undefined;
	/** The statement for `sql`, as the query modules take it (search-queries.ts, overview-queries.ts). */
	private readonly query = (sql: string): Database.Statement => this.stmt(sql);

	private constructor(path: string, db: Database.Database) {
		this.path = path;
		this.db = db;
	}

	/**
	 * Open an index file; throws IndexError with a clear message when missing or of another format.
	 * A reader kept for many questions (a bench, a service) says so: it reads the whole edge table at
	 * its first edge lookup, where a one-question reader first spends the table's cost row by row.
	 */
	static open(path: string, options: ReaderOptions = {}): IndexReader {
		const reader = new IndexReader(path, openIndexDatabase(path));
		if (options.questions === "many") {
			reader.edgeLookupBudget = 0;
			reader.defTable = null;
		}
		return reader;
	}

	close(): void {
		this.db.close();
	}

	private stmt(sql: string): Database.Statement {
		let s = this.stmts.get(sql);
		if (!s) {
			s = this.db.prepare(sql);
			this.stmts.set(sql, s);
		}
		return s;
	}

	/**
	 * `make()`, computed once per reader under `key`: a structure every question derives from the
	 * index alone (the files of each folder, say). Safe to keep for the reader's life for the reason
	 * its rows are (row-cache.ts: an open index file never changes).
	 */
	derived<T>(key: symbol, make: () => T): T {
		return this.kept(key, make);
	}

	private kept<T>(key: symbol | string, make: () => T): T {
		if (!this.derivedValues.has(key)) this.derivedValues.set(key, make());
		return this.derivedValues.get(key) as T;
	}

	meta(): IndexMeta {
		// Only the keys read here: others hold megabytes (per-file counts for re-indexing).
		const rows = this.stmt(
			`SELECT key, value FROM meta WHERE key IN (${META_KEYS.map((k) => `'${k}'`).join(", ")})`,
		).all() as { key: string; value: string }[];
		return metaFromRows(rows, this.path);
	}

	metaValue(key: string): string | null {
		const r = this.stmt("SELECT value FROM meta WHERE key = ?").get(key) as { value: string } | undefined;
		return r?.value ?? null;
	}

	counts(): { packages: number; files: number; definitions: number; edges: number } {
		const one = (sql: string) => (this.stmt(sql).get() as { n: number }).n;
		return {
			packages: one("SELECT count(*) AS n FROM packages"),
			files: one("SELECT count(*) AS n FROM files"),
			definitions: one("SELECT count(*) AS n FROM defs WHERE kind NOT IN ('module', 'dispatch-key')"),
			edges: one("SELECT count(*) AS n FROM edges"),
		};
	}

	/**
	 * The modules a file imports, as the indexer resolved them (table file_imports): per module name
	 * as written, the repository file it resolves to, "outside" when it resolves to a package's or the
	 * runtime's file, "unresolved" when it resolved to nothing. Undefined when none were recorded.
	 */
	moduleResolutions(path: string): Map<string, string> | undefined {
		return this.imports.get(path, (p) => {
			const row = this.stmt(
				"SELECT i.resolutions FROM file_imports i JOIN files f ON f.id = i.file_id WHERE f.path = ?",
			).get(p) as { resolutions: string } | undefined;
			if (!row) return undefined;
			const out = new Map<string, string>();
			for (const [spec, r] of JSON.parse(row.resolutions) as [string, ResolvedModule | null][]) {
				if (!r) out.set(spec, "unresolved");
				else if (r.isExternalLibraryImport || r.resolvedFileName.includes("/node_modules/"))
					out.set(spec, "outside");
				else out.set(spec, this.repoPath(r.resolvedFileName) ?? "outside");
			}
			return out;
		});
	}

	/** The indexed file an absolute path names (its longest tail that is an indexed path), if any. */
	private repoPath(absolute: string): string | undefined {
		const parts = absolute.split("/").filter(Boolean);
		const has = this.stmt("SELECT 1 AS one FROM files WHERE path = ?");
		for (let i = 0; i < parts.length; i++) {
			const tail = parts.slice(i).join("/");
			if (has.get(tail)) return tail;
		}
		return undefined;
	}

	packages(): PackageRow[] {
		return this.stmt(
			"SELECT id, name, dir, description, readme FROM packages ORDER BY dir",
		).all() as PackageRow[];
	}

	files(): FileRow[] {
		return this.stmt(
			"SELECT f.id, f.path, p.name AS packageName, f.line_count AS lineCount FROM files f JOIN packages p ON p.id = f.package_id ORDER BY f.path",
		).all() as FileRow[];
	}

	file(path: string): FileRow | undefined {
		return this.stmt(
			"SELECT f.id, f.path, p.name AS packageName, f.line_count AS lineCount FROM files f JOIN packages p ON p.id = f.package_id WHERE f.path = ?",
		).get(path) as FileRow | undefined;
	}

	/** Full text of a file as indexed, or undefined when the file is not in the index. */
	fileContent(path: string): string | undefined {
		return this.fileText(path)?.text;
	}

	/** Lines startLine..endLine (1-based, inclusive) of an indexed file, clamped to the file. */
	fileLines(path: string, startLine: number, endLine: number): string[] | undefined {
		const file = this.fileText(path);
		return file === undefined ? undefined : linesOf(file, startLine, endLine);
	}

	private fileText(path: string): FileText | undefined {
		return this.texts.get(path, (p) => {
			const r = this.stmt("SELECT content FROM files WHERE path = ?").get(p) as
				| { content: string }
				| undefined;
			return r === undefined ? undefined : fileText(r.content);
		});
	}

	def(defId: string): DefRow | undefined {
		return this.defsByDefId.get(defId, (k) =>
			toDef(this.stmt(`SELECT ${DEF_COLUMNS} FROM ${DEF_FROM} WHERE d.def_id = ?`).get(k) as RawDef),
		);
	}

	defById(id: number): DefRow | undefined {
		if (this.defTable !== undefined) {
			this.defTable ??= this.allDefs();
			return this.defTable.get(id);
		}
		return this.defsById.get(id, (k) =>
			toDef(this.stmt(`SELECT ${DEF_COLUMNS} FROM ${DEF_FROM} WHERE d.id = ?`).get(k) as RawDef),
		);
	}

	/** Every definition by row id, each row as `defById`'s query reads it (frozen, as the row caches keep them). */
	private allDefs(): Map<number, DefRow> {
		const out = new Map<number, DefRow>();
		for (const r of this.stmt(`SELECT ${DEF_COLUMNS} FROM ${DEF_FROM}`).all() as RawDef[]) {
			const def = toDef(r) as DefRow;
			out.set(def.id, Object.freeze(def));
		}
		return out;
	}

	defsInFile(path: string): DefRow[] {
		return this.fileDefs.get(path, (p) =>
			(
				this.stmt(`SELECT ${DEF_COLUMNS} FROM ${DEF_FROM} WHERE f.path = ? ORDER BY d.start_line`).all(
					p,
				) as RawDef[]
			).map((r) => toDef(r) as DefRow),
		);
	}

	/** Definitions whose last name segment is `name` (case-sensitive), most-used first. */
	defsByName(name: string, limit = 50): DefRow[] {
		return (
			this.stmt(`SELECT ${DEF_COLUMNS} FROM ${DEF_FROM} WHERE d.name = ? ORDER BY d.fan_in DESC LIMIT ?`).all(
				name,
				limit,
			) as RawDef[]
		).map((r) => toDef(r) as DefRow);
	}

	/** Innermost definition (not the module) in `path` whose range contains `line`. */
	defAt(path: string, line: number): DefRow | undefined {
		return toDef(
			this.stmt(
				`SELECT ${DEF_COLUMNS} FROM ${DEF_FROM} WHERE f.path = ? AND d.kind != 'module' AND d.start_line <= ? AND d.end_line >= ?
         ORDER BY (d.end_line - d.start_line) ASC LIMIT 1`,
			).get(path, line, line) as RawDef,
		);
	}

	/** Edges out of a definition (what it calls, references, dispatches, …). */
	edgesFrom(defRowId: number): EdgeRow[] {
		return this.edgesOut.get(defRowId, (k) => {
			const table = this.wholeEdgeTable();
			return table ? table.from(k) : (this.stmt(`${EDGE_SELECT} WHERE e.src = ?`).all(k) as EdgeRow[]);
		});
	}

	/** Edges into a definition (who calls, references, registers, …). */
	edgesTo(defRowId: number): EdgeRow[] {
		return this.edgesIn.get(defRowId, (k) => {
			const table = this.wholeEdgeTable();
			return table ? table.to(k) : (this.stmt(`${EDGE_SELECT} WHERE e.dst = ?`).all(k) as EdgeRow[]);
		});
	}

	/**
	 * The whole edge table once per-row lookups have spent its reading cost (~1 query per 10 edges),
	 * else undefined; at once for a reader opened for many questions.
	 */
	private wholeEdgeTable(): EdgeTable | undefined {
		if (this.edgeTable) return this.edgeTable;
		this.edgeLookupBudget ??= Math.ceil(
			(this.db.prepare("SELECT count(*) AS n FROM edges").get() as { n: number }).n / EDGES_PER_LOOKUP,
		);
		if (++this.edgeLookups <= this.edgeLookupBudget) return undefined;
		this.edgeTable = EdgeTable.load(this.db);
		return this.edgeTable;
	}

	/**
	 * Full-text search over definitions (names split into words, path words, signature, doc), best first.
	 * With `pathWord`, only definitions whose path holds that word (a folder the question names: "client").
	 */
	searchDefs(words: readonly string[], limit = 50, pathWord?: string): { def: DefRow; score: number }[] {
		return searchDefs(this.query, words, limit, pathWord);
	}

	/** BM25 ranking of whole files by words (path words weighted above body), best first. */
	searchFiles(words: readonly string[], limit = 50): { path: string; score: number }[] {
		return searchFiles(this.query, words, limit);
	}

	/**
	 * How many rows of a full-text table hold `word` (one plain word, quoted: no FTS syntax), or null
	 * when FTS cannot read it. The question's words are counted by several stages and questions.
	 */
	ftsMatchCount(table: FtsTable, word: string): number | null {
		return this.matchCounts.get(`${table} ${word}`, () => {
			try {
				return (
					this.stmt(`SELECT count(*) AS n FROM ${table} WHERE ${table} MATCH ?`).get(`"${word}"`) as {
						n: number;
					}
				).n;
			} catch {
				return null;
			}
		});
	}

	/**
	 * How many classes and interfaces hold `word` (one plain word) in their own names: whether a noun
	 * names one kind of thing here or a role many unrelated ones share ("service", "provider").
	 */
	typesNamedCount(word: string): number {
		return (
			this.matchCounts.get(`types ${word}`, () => {
				try {
					return (
						this.stmt(
							`SELECT count(*) AS n FROM defs_fts JOIN defs d ON d.id = defs_fts.rowid
               WHERE defs_fts MATCH ? AND d.kind IN ('class', 'interface')`,
						).get(`name_words : "${word.replaceAll('"', "")}"`) as { n: number }
					).n;
				} catch {
					return null;
				}
			}) ?? 0
		);
	}

	/** Rows of a full-text table. */
	ftsRowCount(table: FtsTable): number {
		// (a count of an FTS5 table reads all of it: ~50 ms on a 40k-definition index)
		return this.matchCounts.get(
			table,
			() => (this.stmt(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n,
		) as number;
	}

	outlineSections(): OutlineSectionRow[] {
		return (this.stmt("SELECT * FROM outline_sections ORDER BY path").all() as Record<string, unknown>[]).map(
			(r) => toSection(r, this.path),
		);
	}

	searchOutline(words: readonly string[], limit = 30): { section: OutlineSectionRow; score: number }[] {
		return searchOutline(this.query, this.path, words, limit);
	}

	/** Every register and dispatch site of a key (or of all keys of a trunk when key is omitted). */
	dispatchSites(trunk: string, key?: string): DispatchSiteRow[] {
		const rows = (
			key === undefined
				? this.stmt(`${SITE_SELECT} WHERE ds.trunk = ? AND ${SIDES} ORDER BY ds.key, ds.side`).all(trunk)
				: this.stmt(`${SITE_SELECT} WHERE ds.trunk = ? AND ds.key = ? AND ${SIDES} ORDER BY ds.side`).all(
						trunk,
						key,
					)
		) as RawSite[];
		return rows.map(toSite);
	}

	dispatchSitesInFile(path: string): DispatchSiteRow[] {
		return this.fileSites.get(path, (p) =>
			(this.stmt(`${SITE_SELECT} WHERE f.path = ? AND ${SIDES} ORDER BY ds.line`).all(p) as RawSite[]).map(
				toSite,
			),
		);
	}

	/** The mount lines a key was composed through (`app.use('/x', sub)` above `sub.get('/y')`), outermost first. */
	mountSites(trunk: string, key: string): MountSiteRow[] {
		return (
			this.stmt(`${SITE_SELECT} WHERE ds.trunk = ? AND ds.key = ? AND ds.side = 'mount' ORDER BY ds.id`).all(
				trunk,
				key,
			) as RawSite[]
		).map((r) => toSite(r) as unknown as MountSiteRow);
	}

	trunkNames(): string[] {
		return (
			this.stmt("SELECT DISTINCT trunk FROM dispatch_sites ORDER BY trunk").all() as { trunk: string }[]
		).map((r) => r.trunk);
	}

	// --- Aggregates and scans for the overview, graph queries and export (their SQL: overview-queries.ts) ---

	/** Definitions whose qualified name is exactly `qualifiedName` (e.g. `PushSender.send`), most-used first. */
	defsByQualifiedName(qualifiedName: string, limit = 50): DefRow[] {
		return (
			this.stmt(
				`SELECT ${DEF_COLUMNS} FROM ${DEF_FROM} WHERE d.qualified_name = ? ORDER BY d.fan_in DESC LIMIT ?`,
			).all(qualifiedName, limit) as RawDef[]
		).map((r) => toDef(r) as DefRow);
	}

	packageSizes() {
		return packageSizes(this.query);
	}

	crossPackageEdgeCounts() {
		return crossPackageEdgeCounts(this.query);
	}

	dispatchKeyPackages() {
		return dispatchKeyPackages(this.query);
	}

	topDefsPerPackage(limit: number): DefRow[] {
		return topDefsPerPackage(this.query, limit);
	}

	// The three below aggregate whole tables and every question's pattern and convention stages ask
	// them with the same bounds: kept per reader like `derived` values, their rows frozen (row-cache.ts).
	defsUsedAtLeast(minFanIn: number): readonly DefRow[] {
		return this.kept(`used ${minFanIn}`, () => freezeRows(defsUsedAtLeast(this.query, minFanIn)));
	}

	familyBases(minMembers: number): readonly { def: DefRow; members: number }[] {
		return this.kept(`family ${minMembers}`, () => freezeRows(familyBases(this.query, minMembers)));
	}

	instanceBases(minMembers: number, exportedOnly = true): readonly { def: DefRow; members: number }[] {
		return this.kept(`instance ${minMembers} ${exportedOnly}`, () =>
			freezeRows(instanceBases(this.query, minMembers, exportedOnly)),
		);
	}

	/** Every definition (pseudo-nodes included), streamed: for exports of large indexes. */
	*iterateDefs(): IterableIterator<DefRow> {
		const s = this.db.prepare(`SELECT ${DEF_COLUMNS} FROM ${DEF_FROM} ORDER BY d.id`);
		for (const r of s.iterate() as IterableIterator<RawDef>) yield toDef(r) as DefRow;
	}

	/** Every edge, streamed: for exports of large indexes. */
	*iterateEdges(): IterableIterator<EdgeRow> {
		yield* this.db.prepare(`${EDGE_SELECT} ORDER BY e.rowid`).iterate() as IterableIterator<EdgeRow>;
	}

	unresolved(): { reason: string; count: number }[] {
		return this.stmt("SELECT reason, count FROM unresolved ORDER BY count DESC").all() as {
			reason: string;
			count: number;
		}[];
	}
}
