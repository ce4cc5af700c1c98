/** The reader's full-text searches (BM25, best first): definitions, whole files, outline sections. */
import { ftsQuery } from "./fts-query.js";
import { toSection } from "./outline-rows.js";
import { DEF_COLUMNS, DEF_FROM, type Prepare, type RawDef, toDef } from "./row-sql.js";
import type { DefRow, OutlineSectionRow } from "./types.js";

/**
 * Full-text search over definitions (names split into words, path words, signature, doc), best first.
 * With `pathWord`, only definitions whose path holds that word (a folder the question names: "client").
 */
export function searchDefs(
	stmt: Prepare,
	words: readonly string[],
	limit = 50,
	pathWord?: string,
): { def: DefRow; score: number }[] {
	const any = ftsQuery(words);
	const folder = pathWord ? ftsQuery([pathWord]) : null;
	if (!any || (pathWord && !folder)) return [];
	const q = folder ? `(${any}) AND path_words : ${folder}` : any;
	// Ranked first, read after: ranked with all their columns, every match's signature and doc went
	// through the sort (a common word matches ~10k definitions). The ranking query is the one that
	// read the rows with it (same joins, order and limit), so the hits and their order are the same.
	const hits = stmt(
		`SELECT d.id, bm25(defs_fts, 4.0, 1.0, 1.0, 0.5) AS score FROM defs_fts JOIN defs d ON d.id = defs_fts.rowid
       WHERE defs_fts MATCH ? ORDER BY score LIMIT ?`,
	).all(q, limit) as { id: number; score: number }[];
	if (hits.length === 0) return [];
	const rows = stmt(
		`SELECT ${DEF_COLUMNS} FROM ${DEF_FROM} WHERE d.id IN (SELECT value FROM json_each(?))`,
	).all(JSON.stringify(hits.map((h) => h.id))) as RawDef[];
	const byId = new Map(rows.map((r) => [r.id, r]));
	return hits.map((h) => ({ def: toDef(byId.get(h.id)) as DefRow, score: -h.score }));
}

/** BM25 ranking of whole files by words (path words weighted above body), best first. */
export function searchFiles(
	stmt: Prepare,
	words: readonly string[],
	limit = 50,
): { path: string; score: number }[] {
	const q = ftsQuery(words);
	if (!q) return [];
	const rows = stmt(
		`SELECT f.path, bm25(files_fts, 2.0, 1.0) AS score FROM files_fts JOIN files f ON f.id = files_fts.rowid
       WHERE files_fts MATCH ? ORDER BY score LIMIT ?`,
	).all(q, limit) as { path: string; score: number }[];
	return rows.map((r) => ({ path: r.path, score: -r.score }));
}

export function searchOutline(
	stmt: Prepare,
	path: string,
	words: readonly string[],
	limit = 30,
): { section: OutlineSectionRow; score: number }[] {
	const q = ftsQuery(words);
	if (!q) return [];
	const rows = stmt(
		`SELECT s.*, bm25(outline_fts, 3.0, 2.0, 1.0, 1.0, 1.0) AS score FROM outline_fts JOIN outline_sections s ON s.id = outline_fts.rowid
       WHERE outline_fts MATCH ? ORDER BY score LIMIT ?`,
	).all(q, limit) as (Record<string, unknown> & { score: number })[];
	return rows.map((r) => ({ section: toSection(r, path), score: -r.score }));
}
