/**
 * Read access to an index file. Opened read-only; every query is a prepared statement, so a
 * reader is cheap to keep open for the life of a service. Nothing here writes.
 */
import { existsSync } from "node:fs";
import Database from "better-sqlite3";
import { codedError } from "../coded-error.js";
import { RowCache } from "./row-cache.js";
import { type EdgeKind, INDEX_FORMAT_VERSION, type IndexStats } from "./schema.js";
import type { DefRow, DispatchSiteRow, EdgeRow, FileRow, OutlineSectionRow, PackageRow } from "./types.js";

export class IndexError extends codedError<"index-missing" | "index-incompatible" | "index-corrupt">(
	"IndexError",
) {}

export interface IndexMeta {
	formatVersion: number;
	toolVersion: string;
	repoRoot: string;
	commit: string | null;
	/** The checkout's git remote without credentials, and the index root's folder inside it (index meta). */
	remoteUrl: string | null;
	subdir: string;
	builtAt: string;
	options: unknown;
	stats: IndexStats | null;
}

const DEF_COLUMNS = `d.id, d.def_id AS defId, f.path AS file, p.name AS packageName, d.name, d.qualified_name AS qualifiedName,
  d.kind, d.start_line AS startLine, d.end_line AS endLine, d.signature, d.doc, d.exported, d.parent_id AS parentId,
  d.fan_in AS fanIn, d.fan_out AS fanOut`;
const DEF_FROM = "defs d LEFT JOIN files f ON f.id = d.file_id LEFT JOIN packages p ON p.id = d.package_id";

const EDGE_SELECT = `SELECT e.src, e.dst, s.def_id AS srcDefId, t.def_id AS dstDefId, e.kind, f.path AS file, e.line, e.resolution
  FROM edges e JOIN defs s ON s.id = e.src JOIN defs t ON t.id = e.dst LEFT JOIN files f ON f.id = e.file_id`;

const SITE_SELECT = `SELECT ds.id, ds.trunk, ds.side, ds.key, ds.raw_key AS rawKey, ds.expression, f.path AS file, ds.line,
  ed.def_id AS enclosingDefId, hd.def_id AS handlerDefId, ds.resolution, ds.in_scope AS inScope
  FROM dispatch_sites ds JOIN files f ON f.id = ds.file_id
  LEFT JOIN defs ed ON ed.id = ds.enclosing LEFT JOIN defs hd ON hd.id = ds.handler`;

type RawDef = Omit<DefRow, "exported"> & { exported: number };
const toDef = (r: RawDef | undefined): DefRow | undefined =>
	r ? { ...r, exported: r.exported === 1 } : undefined;
type RawSite = Omit<DispatchSiteRow, "inScope"> & { inScope: number };
const toSite = (r: RawSite): DispatchSiteRow => ({ ...r, inScope: r.inScope === 1 });

/** Build an FTS5 MATCH expression from free text: words OR-ed, each quoted (no FTS syntax injection). */
export function ftsQuery(words: readonly string[]): string | null {
	const clean = [
		...new Set(words.map((w) => w.toLowerCase().replace(/[^a-z0-9_]/g, "")).filter((w) => w.length > 1)),
	];
	return clean.length ? clean.map((w) => `"${w}"`).join(" OR ") : null;
}

/** The meta keys `meta()` reads. */
const META_KEYS = [
	"formatVersion",
	"toolVersion",
	"repoRoot",
	"commit",
	"remoteUrl",
	"subdir",
	"builtAt",
	"options",
	"stats",
] as const;

/** The full-text tables (index/schema.ts). */
export type FtsTable = "defs_fts" | "files_fts" | "outline_fts";

/** Rows kept per reader: definitions and edge lists, and files (their definitions and sites). */
const ROW_CACHE_LIMIT = 50_000;
const FILE_CACHE_LIMIT = 10_000;
/**
 * File text kept per reader, by weight rather than count: a big repository's files would otherwise
 * all stay for the life of a service (and each ask worker has its own reader). ~bytes for ASCII text.
 */
const TEXT_CACHE_SIZE = 64 * 1024 * 1024;

/** A file's text with where each line starts: lines are cut from the one string, not kept twice. */
interface FileText {
	text: string;
	lineStarts: Uint32Array;
}

function fileText(text: string): FileText {
	const starts = [0];
	for (let at = text.indexOf("\n"); at !== -1; at = text.indexOf("\n", at + 1)) starts.push(at + 1);
	return { text, lineStarts: Uint32Array.from(starts) };
}

/** Text length plus 4 bytes a line: one-byte (ASCII/Latin-1) strings take a byte a character. */
const textSize = (t: FileText): number => t.text.length + t.lineStarts.byteLength;

/** An index into a list of `count` as Array.prototype.slice reads it (negative from the end, clamped). */
function sliceIndex(at: number, count: number): number {
	const n = Math.trunc(at) || 0;
	return n < 0 ? Math.max(count + n, 0) : Math.min(n, count);
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
	private readonly matchCounts = new RowCache<string, number | null>({ entries: ROW_CACHE_LIMIT });

	private constructor(path: string, db: Database.Database) {
		this.path = path;
		this.db = db;
	}

	/** Open an index file; throws IndexError with a clear message when missing or of another format. */
	static open(path: string): IndexReader {
		if (!existsSync(path)) {
			throw new IndexError("index-missing", `no index at ${path}: run \`codeask index <repo>\` first`);
		}
		let db: Database.Database | undefined;
		try {
			db = new Database(path, { readonly: true, fileMustExist: true });
			const row = db.prepare("SELECT value FROM meta WHERE key = 'formatVersion'").get() as
				| { value: string }
				| undefined;
			const version = Number(row?.value);
			if (version !== INDEX_FORMAT_VERSION) {
				throw new IndexError(
					"index-incompatible",
					`index ${path} has format version ${row?.value ?? "unknown"}, this CodeAsk reads ${INDEX_FORMAT_VERSION}: re-run \`codeask index\``,
				);
			}
		} catch (err) {
			// Closed on every failure path: a handle left to the garbage collector is a leaked descriptor.
			db?.close();
			if (err instanceof IndexError) throw err;
			throw new IndexError("index-corrupt", `cannot read index ${path}: ${(err as Error).message}`);
		}
		return new IndexReader(path, db);
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

	meta(): IndexMeta {
		// Only the keys read here: others hold megabytes (per-file counts for re-indexing).
		const rows = this.stmt(
			`SELECT key, value FROM meta WHERE key IN (${META_KEYS.map((k) => `'${k}'`).join(", ")})`,
		).all() as { key: string; value: string }[];
		const m = new Map(rows.map((r) => [r.key, r.value]));
		const json = <T>(k: string): T | null => {
			const v = m.get(k);
			return v ? storedJson<T>(v, `meta ${k}`, this.path) : null;
		};
		return {
			formatVersion: Number(m.get("formatVersion")),
			toolVersion: m.get("toolVersion") ?? "",
			repoRoot: m.get("repoRoot") ?? "",
			commit: m.get("commit") || null,
			remoteUrl: m.get("remoteUrl") || null,
			subdir: m.get("subdir") ?? "",
			builtAt: m.get("builtAt") ?? "",
			options: json<IndexMeta["options"]>("options"),
			stats: json<IndexStats>("stats"),
		};
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
		if (file === undefined) return undefined;
		const { text, lineStarts } = file;
		const count = lineStarts.length;
		// The lines `split("\n").slice(max(0, startLine - 1), min(count, endLine))` would give.
		const from = sliceIndex(Math.max(0, startLine - 1), count);
		const to = sliceIndex(Math.min(count, endLine), count);
		const lines: string[] = [];
		for (let i = from; i < to; i++) {
			lines.push(text.slice(lineStarts[i], i + 1 < count ? (lineStarts[i + 1] as number) - 1 : text.length));
		}
		return lines;
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
		return this.defsById.get(id, (k) =>
			toDef(this.stmt(`SELECT ${DEF_COLUMNS} FROM ${DEF_FROM} WHERE d.id = ?`).get(k) as RawDef),
		);
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
		return this.edgesOut.get(
			defRowId,
			(k) => this.stmt(`${EDGE_SELECT} WHERE e.src = ?`).all(k) as EdgeRow[],
		);
	}

	/** Edges into a definition (who calls, references, registers, …). */
	edgesTo(defRowId: number): EdgeRow[] {
		return this.edgesIn.get(defRowId, (k) => this.stmt(`${EDGE_SELECT} WHERE e.dst = ?`).all(k) as EdgeRow[]);
	}

	/**
	 * Full-text search over definitions (names split into words, path words, signature, doc), best first.
	 * With `pathWord`, only definitions whose path holds that word (a folder the question names: "client").
	 */
	searchDefs(words: readonly string[], limit = 50, pathWord?: string): { def: DefRow; score: number }[] {
		const any = ftsQuery(words);
		const folder = pathWord ? ftsQuery([pathWord]) : null;
		if (!any || (pathWord && !folder)) return [];
		const q = folder ? `(${any}) AND path_words : ${folder}` : any;
		const rows = this.stmt(
			`SELECT ${DEF_COLUMNS}, bm25(defs_fts, 4.0, 1.0, 1.0, 0.5) AS score FROM defs_fts JOIN defs d ON d.id = defs_fts.rowid LEFT JOIN files f ON f.id = d.file_id LEFT JOIN packages p ON p.id = d.package_id
       WHERE defs_fts MATCH ? ORDER BY score LIMIT ?`,
		).all(q, limit) as (RawDef & { score: number })[];
		return rows.map(({ score, ...r }) => ({ def: toDef(r) as DefRow, score: -score }));
	}

	/** BM25 ranking of whole files by words (path words weighted above body), best first. */
	searchFiles(words: readonly string[], limit = 50): { path: string; score: number }[] {
		const q = ftsQuery(words);
		if (!q) return [];
		const rows = this.stmt(
			`SELECT f.path, bm25(files_fts, 2.0, 1.0) AS score FROM files_fts JOIN files f ON f.id = files_fts.rowid
       WHERE files_fts MATCH ? ORDER BY score LIMIT ?`,
		).all(q, limit) as { path: string; score: number }[];
		return rows.map((r) => ({ path: r.path, score: -r.score }));
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
		const q = ftsQuery(words);
		if (!q) return [];
		const rows = this.stmt(
			`SELECT s.*, bm25(outline_fts, 3.0, 2.0, 1.0, 1.0, 1.0) AS score FROM outline_fts JOIN outline_sections s ON s.id = outline_fts.rowid
       WHERE outline_fts MATCH ? ORDER BY score LIMIT ?`,
		).all(q, limit) as (Record<string, unknown> & { score: number })[];
		return rows.map((r) => ({ section: toSection(r, this.path), score: -r.score }));
	}

	/** Every register and dispatch site of a key (or of all keys of a trunk when key is omitted). */
	dispatchSites(trunk: string, key?: string): DispatchSiteRow[] {
		const rows = (
			key === undefined
				? this.stmt(`${SITE_SELECT} WHERE ds.trunk = ? ORDER BY ds.key, ds.side`).all(trunk)
				: this.stmt(`${SITE_SELECT} WHERE ds.trunk = ? AND ds.key = ? ORDER BY ds.side`).all(trunk, key)
		) as RawSite[];
		return rows.map(toSite);
	}

	dispatchSitesInFile(path: string): DispatchSiteRow[] {
		return this.fileSites.get(path, (p) =>
			(this.stmt(`${SITE_SELECT} WHERE f.path = ? ORDER BY ds.line`).all(p) as RawSite[]).map(toSite),
		);
	}

	trunkNames(): string[] {
		return (
			this.stmt("SELECT DISTINCT trunk FROM dispatch_sites ORDER BY trunk").all() as { trunk: string }[]
		).map((r) => r.trunk);
	}

	// --- Aggregates and scans for the overview, graph queries and export (added by the overview part) ---

	/** Definitions whose qualified name is exactly `qualifiedName` (e.g. `PushClass.send`), most-used first. */
	defsByQualifiedName(qualifiedName: string, limit = 50): DefRow[] {
		return (
			this.stmt(
				`SELECT ${DEF_COLUMNS} FROM ${DEF_FROM} WHERE d.qualified_name = ? ORDER BY d.fan_in DESC LIMIT ?`,
			).all(qualifiedName, limit) as RawDef[]
		).map((r) => toDef(r) as DefRow);
	}

	/** Size of every package: files, source lines, definitions (pseudo-nodes excluded). */
	packageSizes(): { packageName: string; dir: string; files: number; lines: number; definitions: number }[] {
		return this.stmt(
			`SELECT p.name AS packageName, p.dir, coalesce(f.files, 0) AS files, coalesce(f.lines, 0) AS lines,
         coalesce(d.definitions, 0) AS definitions
       FROM packages p
       LEFT JOIN (SELECT package_id, count(*) AS files, sum(line_count) AS lines FROM files GROUP BY package_id) f
         ON f.package_id = p.id
       LEFT JOIN (SELECT package_id, count(*) AS definitions FROM defs
                  WHERE kind NOT IN ('module', 'dispatch-key') GROUP BY package_id) d ON d.package_id = p.id
       ORDER BY p.dir`,
		).all() as { packageName: string; dir: string; files: number; lines: number; definitions: number }[];
	}

	/** Edges whose two ends sit in different packages, counted per (source package, target package, kind). */
	crossPackageEdgeCounts(): { from: string; to: string; kind: EdgeKind; count: number }[] {
		return this.stmt(
			`SELECT sp.name AS "from", tp.name AS "to", e.kind, count(*) AS count
       FROM edges e JOIN defs s ON s.id = e.src JOIN defs t ON t.id = e.dst
       JOIN packages sp ON sp.id = s.package_id JOIN packages tp ON tp.id = t.package_id
       WHERE s.package_id != t.package_id GROUP BY sp.name, tp.name, e.kind ORDER BY count DESC`,
		).all() as { from: string; to: string; kind: EdgeKind; count: number }[];
	}

	/** Bound dispatch sites counted per (trunk, side, key, package of the site's file). */
	dispatchKeyPackages(): {
		trunk: string;
		side: "register" | "dispatch";
		key: string;
		packageName: string;
		sites: number;
	}[] {
		return this.stmt(
			`SELECT ds.trunk, ds.side, ds.key, p.name AS packageName, count(*) AS sites
       FROM dispatch_sites ds JOIN files f ON f.id = ds.file_id JOIN packages p ON p.id = f.package_id
       WHERE ds.key IS NOT NULL GROUP BY ds.trunk, ds.side, ds.key, p.name ORDER BY ds.trunk, ds.key`,
		).all() as {
			trunk: string;
			side: "register" | "dispatch";
			key: string;
			packageName: string;
			sites: number;
		}[];
	}

	/** The `limit` most depended-on definitions (by fan-in) of every package; pseudo-nodes excluded. */
	topDefsPerPackage(limit: number): DefRow[] {
		return (
			this.stmt(
				`SELECT ${DEF_COLUMNS} FROM ${DEF_FROM} JOIN (
           SELECT id, row_number() OVER (PARTITION BY package_id ORDER BY fan_in DESC, def_id) AS rank
           FROM defs WHERE package_id IS NOT NULL AND kind NOT IN ('module', 'dispatch-key') AND fan_in > 0
         ) ranked ON ranked.id = d.id WHERE ranked.rank <= ? ORDER BY p.name, d.fan_in DESC`,
			).all(limit) as RawDef[]
		).map((r) => toDef(r) as DefRow);
	}

	/** Definitions that at least `minFanIn` others depend on (in files; pseudo-nodes and modules excluded), most used first. */
	defsUsedAtLeast(minFanIn: number): DefRow[] {
		return (
			this.stmt(
				`SELECT ${DEF_COLUMNS} FROM ${DEF_FROM} WHERE d.fan_in >= ? AND d.file_id IS NOT NULL AND d.kind <> 'module' ORDER BY d.fan_in DESC, d.def_id`,
			).all(minFanIn) as RawDef[]
		).map((r) => toDef(r) as DefRow);
	}

	/**
	 * Classes and interfaces that at least `minMembers` definitions extend or implement (a family: the
	 * services, the models, the bridges), with their member count, largest families first.
	 */
	familyBases(minMembers: number): { def: DefRow; members: number }[] {
		return (
			this.stmt(
				`SELECT ${DEF_COLUMNS}, fam.members AS members FROM ${DEF_FROM} JOIN (
           SELECT dst, count(DISTINCT src) AS members FROM edges WHERE kind IN ('extends', 'implements') GROUP BY dst
         ) fam ON fam.dst = d.id WHERE fam.members >= ? AND d.kind IN ('class', 'interface') ORDER BY fam.members DESC, d.def_id`,
			).all(minMembers) as (RawDef & { members: number })[]
		).map(({ members, ...r }) => ({ def: toDef(r) as DefRow, members }));
	}

	/**
	 * Classes at least `minMembers` exported constants create with `new` (`export const x = new Handler({ … })`):
	 * families of instances rather than subclasses, most members first. With `exportedOnly` false, any
	 * constant counts (`const Gitlab = new CustomOAuth('gitlab', config)`, kept in its module).
	 */
	instanceBases(minMembers: number, exportedOnly = true): { def: DefRow; members: number }[] {
		return (
			this.stmt(
				`SELECT ${DEF_COLUMNS}, fam.members AS members FROM ${DEF_FROM} JOIN (
           SELECT e.dst, count(DISTINCT e.src) AS members FROM edges e JOIN defs s ON s.id = e.src
           WHERE e.kind = 'new' AND s.kind = 'variable' AND (s.exported = 1 OR ? = 0) GROUP BY e.dst
         ) fam ON fam.dst = d.id WHERE fam.members >= ? AND d.kind = 'class' ORDER BY fam.members DESC, d.def_id`,
			).all(exportedOnly ? 1 : 0, minMembers) as (RawDef & { members: number })[]
		).map(({ members, ...r }) => ({ def: toDef(r) as DefRow, members }));
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

/**
 * A JSON value stored in the index. Damage inside a row (a page that still reads, with garbled text)
 * is a damaged index, told as such, not an error in code.
 */
function storedJson<T>(text: string, what: string, path: string): T {
	try {
		return JSON.parse(text) as T;
	} catch (err) {
		throw new IndexError(
			"index-corrupt",
			`cannot read index ${path}: its ${what} is not valid JSON (${(err as Error).message})`,
		);
	}
}

function toSection(r: Record<string, unknown>, path: string): OutlineSectionRow {
	const json = <T>(column: string) =>
		storedJson<T>(r[column] as string, `outline section ${String(r.section_id)} (${column})`, path);
	return {
		id: r.id as number,
		sectionId: r.section_id as string,
		kind: r.kind as "package" | "folder",
		title: r.title as string,
		path: r.path as string,
		packageName: null,
		parent: (r.parent as string | null) ?? null,
		summary: r.summary as string,
		files: json<OutlineSectionRow["files"]>("files"),
		topSymbols: json<OutlineSectionRow["topSymbols"]>("top_symbols"),
		keys: json<OutlineSectionRow["keys"]>("keys"),
	};
}
