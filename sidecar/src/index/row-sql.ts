/** The SQL a reader selects definitions, edges and dispatch sites with, and their rows as the pipeline reads them. */
import type Database from "better-sqlite3";
import type { DefRow, DispatchSiteRow } from "./types.js";

/** A prepared statement for SQL text (the reader keeps one per text). */
export type Prepare = (sql: string) => Database.Statement;

export const DEF_COLUMNS = `d.id, d.def_id AS defId, f.path AS file, p.name AS packageName, d.name, d.qualified_name AS qualifiedName,
  d.kind, d.start_line AS startLine, d.end_line AS endLine, d.signature, d.doc, d.description, d.exported, d.parent_id AS parentId,
  d.fan_in AS fanIn, d.fan_out AS fanOut`;
export const DEF_FROM =
	"defs d LEFT JOIN files f ON f.id = d.file_id LEFT JOIN packages p ON p.id = d.package_id";

export const EDGE_SELECT = `SELECT e.src, e.dst, s.def_id AS srcDefId, t.def_id AS dstDefId, e.kind, f.path AS file, e.line, e.resolution
  FROM edges e JOIN defs s ON s.id = e.src JOIN defs t ON t.id = e.dst LEFT JOIN files f ON f.id = e.file_id`;

export const SITE_SELECT = `SELECT ds.id, ds.trunk, ds.side, ds.key, ds.raw_key AS rawKey, ds.expression, f.path AS file, ds.line,
  ed.def_id AS enclosingDefId, hd.def_id AS handlerDefId, ds.resolution, ds.in_scope AS inScope
  FROM dispatch_sites ds JOIN files f ON f.id = ds.file_id
  LEFT JOIN defs ed ON ed.id = ds.enclosing LEFT JOIN defs hd ON hd.id = ds.handler`;

export type RawDef = Omit<DefRow, "exported"> & { exported: number };
export const toDef = (r: RawDef | undefined): DefRow | undefined =>
	r ? { ...r, exported: r.exported === 1 } : undefined;
export type RawSite = Omit<DispatchSiteRow, "inScope"> & { inScope: number };
export const toSite = (r: RawSite): DispatchSiteRow => ({ ...r, inScope: r.inScope === 1 });
