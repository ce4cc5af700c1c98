/** Free text as a full-text query, and the full-text tables it is asked of (index/schema.ts). */

/** Build an FTS5 MATCH expression from free text: words OR-ed, each quoted (no FTS syntax injection). */
export function ftsQuery(words: readonly string[]): string | null {
	const clean = [
		...new Set(words.map((w) => w.toLowerCase().replace(/[^a-z0-9_]/g, "")).filter((w) => w.length > 1)),
	];
	return clean.length ? clean.map((w) => `"${w}"`).join(" OR ") : null;
}

/** The full-text tables (index/schema.ts). */
export type FtsTable = "defs_fts" | "files_fts" | "outline_fts";
