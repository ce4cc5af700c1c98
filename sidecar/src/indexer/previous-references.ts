/**
 * The queries `filesReferringToRemovedDefs` (dependents.ts) makes of a previous index, in a module
 * of their own: the incremental thread runs them over its own connection without loading the rest
 * of previous.ts (the index writer).
 */
import type Database from "better-sqlite3";

/** The previous index's reads about references (part of previous.ts `PreviousIndex`). */
export interface ReferenceQueries {
	/** defIds of a file's definitions. */
	defIdsOf(path: string): string[];
	/** Paths of the files that refer to any of these definitions (an edge or a site handler written there). */
	filesReferring(defIds: string[]): string[];
	/** A file's text as the previous index read it (null when it had no such file). */
	contentOf(path: string): string | null;
}

/** Over `db`, an index file opened by the caller. */
export function referenceQueries(db: Database.Database): ReferenceQueries {
	const defIds = db.prepare(
		"SELECT d.def_id AS defId FROM defs d JOIN files f ON f.id = d.file_id WHERE f.path = ?",
	);
	const referring = db.prepare(
		`SELECT f.path FROM defs d JOIN edges e ON e.dst = d.id JOIN files f ON f.id = e.file_id WHERE d.def_id = ?
     UNION SELECT f.path FROM defs d JOIN dispatch_sites s ON s.handler = d.id JOIN files f ON f.id = s.file_id
     WHERE d.def_id = ?`,
	);
	const content = db.prepare("SELECT content FROM files WHERE path = ?").pluck();
	return {
		contentOf: (path) => (content.get(path) as string | undefined) ?? null,
		defIdsOf: (path) => (defIds.all(path) as { defId: string }[]).map((r) => r.defId),
		filesReferring(ids) {
			const paths = new Set<string>();
			for (const id of ids) for (const r of referring.all(id, id) as { path: string }[]) paths.add(r.path);
			return [...paths];
		},
	};
}
