/**
 * The previous index, read back for incremental reuse: per file, its hash, definitions,
 * the edges written in it and its dispatch sites. A file whose content hash is unchanged is
 * not re-extracted; its rows are carried over by defId.
 */
import { existsSync } from "node:fs";
import Database from "better-sqlite3";
import { INDEX_FORMAT_VERSION, type IndexStats } from "../index/schema.js";
import type { DispatchSiteRecord } from "../index/types.js";
import type { WriteDef, WriteEdge } from "../index/writer.js";

export interface PreviousIndex {
	fileHashes: Map<string, string>;
	/** The packages rows (name, dir, description, readme, hash) as JSON, to tell whether any changed. */
	packagesKey: string;
	stats: IndexStats | null;
	defsOf(path: string): WriteDef[];
	edgesOf(path: string): WriteEdge[];
	sitesOf(path: string): DispatchSiteRecord[];
	close(): void;
}

/** Open the previous index when it was built by this format/tool version with the same options. */
export function openPrevious(out: string, toolVersion: string, optionsJson: string): PreviousIndex | null {
	if (!existsSync(out)) return null;
	let db: Database.Database;
	try {
		db = new Database(out, { readonly: true, fileMustExist: true });
		const meta = new Map(
			(db.prepare("SELECT key, value FROM meta").all() as { key: string; value: string }[]).map((r) => [
				r.key,
				r.value,
			]),
		);
		if (
			Number(meta.get("formatVersion")) !== INDEX_FORMAT_VERSION ||
			meta.get("toolVersion") !== toolVersion ||
			meta.get("options") !== optionsJson
		) {
			db.close();
			return null;
		}
	} catch {
		return null;
	}
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
				sites: Map<string, DispatchSiteRecord[]>;
		  }
		| undefined;
	const load = () => {
		rows ??= readRows(db);
		return rows;
	};
	const packagesKey = JSON.stringify(
		db.prepare("SELECT name, dir, description, readme, hash FROM packages ORDER BY id").all(),
	);
	const statsRow = db.prepare("SELECT value FROM meta WHERE key = 'stats'").get() as
		| { value: string }
		| undefined;
	return {
		fileHashes,
		packagesKey,
		stats: statsRow ? (JSON.parse(statsRow.value) as IndexStats) : null,
		defsOf: (path) => load().defs.get(path) ?? [],
		edgesOf: (path) => load().edges.get(path) ?? [],
		sitesOf: (path) => load().sites.get(path) ?? [],
		close: () => db.close(),
	};
}

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
	sites: Map<string, DispatchSiteRecord[]>;
} {
	const defs = groupBy(
		(
			db
				.prepare(
					`SELECT d.def_id AS defId, f.path AS file, d.name, d.qualified_name AS qualifiedName, d.kind, d.start_line AS startLine,
         d.end_line AS endLine, d.signature, d.doc, d.exported, p.def_id AS parentDefId
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
       WHERE e.kind NOT IN ('register', 'handler', 'dispatch')`,
			)
			.all() as (WriteEdge & { file: string })[],
	);
	const sites = groupBy(
		(
			db
				.prepare(
					`SELECT ds.trunk, ds.side, ds.key, ds.raw_key AS rawKey, ds.expression, f.path AS file, ds.line,
         ed.def_id AS enclosingDefId, hd.def_id AS handlerDefId, ds.resolution, ds.in_scope AS inScope
       FROM dispatch_sites ds JOIN files f ON f.id = ds.file_id
       LEFT JOIN defs ed ON ed.id = ds.enclosing LEFT JOIN defs hd ON hd.id = ds.handler ORDER BY ds.id`,
				)
				.all() as (Omit<DispatchSiteRecord, "inScope"> & { inScope: number; expression: string | null })[]
		).map((s) => ({ ...s, expression: s.expression ?? "", inScope: s.inScope === 1 })),
	);
	return { defs, edges, sites };
}
