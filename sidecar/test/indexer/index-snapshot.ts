/**
 * Everything an index holds that readers can observe, as comparable sorted strings keyed by
 * defIds and paths (never by row ids, which an incremental run numbers differently), plus the
 * consistency checks a patched index must pass.
 */
import Database from "better-sqlite3";

export interface IndexSnapshot {
	packages: string[];
	files: string[];
	defs: string[];
	edges: string[];
	sites: string[];
	defsFts: string[];
	filesFts: string[];
	outline: string[];
	outlineFts: string[];
	unresolved: string[];
	/** What the next incremental run reads (file_bodies), not readers: a patch must leave it as a full run writes it. */
	bodies: string[];
}

function rows(db: Database.Database, sql: string): string[] {
	return (db.prepare(sql).all() as Record<string, unknown>[]).map((r) => Object.values(r).join("|")).sort();
}

export function snapshotIndex(path: string): IndexSnapshot {
	const db = new Database(path, { readonly: true });
	try {
		return {
			packages: rows(db, "SELECT id, name, dir, description, readme, hash FROM packages"),
			files: rows(
				db,
				"SELECT f.path, p.name, f.hash, f.line_count, f.content FROM files f JOIN packages p ON p.id = f.package_id",
			),
			defs: rows(
				db,
				`SELECT d.def_id, f.path, d.package_id, d.name, d.qualified_name, d.kind, d.start_line, d.end_line,
           d.signature, d.doc, d.exported, pd.def_id AS parent, d.fan_in, d.fan_out
         FROM defs d LEFT JOIN files f ON f.id = d.file_id LEFT JOIN defs pd ON pd.id = d.parent_id`,
			),
			edges: rows(
				db,
				`SELECT s.def_id AS s, t.def_id AS t, e.kind, f.path, e.line, e.resolution
         FROM edges e JOIN defs s ON s.id = e.src JOIN defs t ON t.id = e.dst LEFT JOIN files f ON f.id = e.file_id`,
			),
			sites: rows(
				db,
				`SELECT ds.trunk, ds.side, ds.key, ds.raw_key, ds.expression, f.path, ds.line, en.def_id AS enclosing,
           h.def_id AS handler, k.def_id AS keyDef, ds.resolution, ds.in_scope
         FROM dispatch_sites ds JOIN files f ON f.id = ds.file_id LEFT JOIN defs en ON en.id = ds.enclosing
         LEFT JOIN defs h ON h.id = ds.handler LEFT JOIN defs k ON k.id = ds.key_def`,
			),
			defsFts: rows(
				db,
				`SELECT d.def_id, x.name_words, x.path_words, x.signature, x.doc
         FROM defs_fts x LEFT JOIN defs d ON d.id = x.rowid`,
			),
			filesFts: rows(
				db,
				"SELECT f.path, x.path_words, x.body FROM files_fts x LEFT JOIN files f ON f.id = x.rowid",
			),
			outline: rows(
				db,
				"SELECT section_id, kind, title, path, package_id, parent, summary, files, top_symbols, keys FROM outline_sections",
			),
			outlineFts: rows(
				db,
				`SELECT s.section_id, x.title, x.path_words, x.summary, x.symbols, x.keys
         FROM outline_fts x LEFT JOIN outline_sections s ON s.id = x.rowid`,
			),
			unresolved: rows(db, "SELECT reason, count FROM unresolved"),
			bodies: rows(db, "SELECT f.path, b.ranges FROM file_bodies b JOIN files f ON f.id = b.file_id"),
		};
	} finally {
		db.close();
	}
}

/** Problems SQLite finds in the file: dangling references, broken b-trees or full-text indexes. */
export function integrityProblems(path: string): string[] {
	const db = new Database(path);
	try {
		const problems = (db.pragma("foreign_key_check") as Record<string, unknown>[]).map(
			(r) => `foreign key: ${JSON.stringify(r)}`,
		);
		const integrity = db.pragma("integrity_check", { simple: true });
		if (integrity !== "ok") problems.push(`integrity: ${String(integrity)}`);
		for (const table of ["defs_fts", "files_fts", "outline_fts"]) {
			try {
				db.prepare(`INSERT INTO ${table} (${table}) VALUES ('integrity-check')`).run();
			} catch (err) {
				problems.push(`${table}: ${(err as Error).message}`);
			}
		}
		return problems;
	} finally {
		db.close();
	}
}
