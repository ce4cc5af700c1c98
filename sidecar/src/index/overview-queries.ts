/**
 * The reader's aggregates for the overview, graph queries and export: package sizes, edges across
 * packages, the keys each package binds, each package's most used definitions, and the families (the
 * bases many classes extend, the classes many constants create).
 */
import { DEF_COLUMNS, DEF_FROM, type Prepare, type RawDef, toDef } from "./row-sql.js";
import type { EdgeKind } from "./schema.js";
import type { DefRow } from "./types.js";

/** Size of every package: files, source lines, definitions (pseudo-nodes excluded). */
export function packageSizes(
	stmt: Prepare,
): { packageName: string; dir: string; files: number; lines: number; definitions: number }[] {
	return stmt(
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
export function crossPackageEdgeCounts(
	stmt: Prepare,
): { from: string; to: string; kind: EdgeKind; count: number }[] {
	return stmt(
		`SELECT sp.name AS "from", tp.name AS "to", e.kind, count(*) AS count
       FROM edges e JOIN defs s ON s.id = e.src JOIN defs t ON t.id = e.dst
       JOIN packages sp ON sp.id = s.package_id JOIN packages tp ON tp.id = t.package_id
       WHERE s.package_id != t.package_id GROUP BY sp.name, tp.name, e.kind ORDER BY count DESC`,
	).all() as { from: string; to: string; kind: EdgeKind; count: number }[];
}

/** Bound dispatch sites counted per (trunk, side, key, package of the site's file). */
export function dispatchKeyPackages(stmt: Prepare): {
	trunk: string;
	side: "register" | "dispatch";
	key: string;
	packageName: string;
	sites: number;
}[] {
	return stmt(
		`SELECT ds.trunk, ds.side, ds.key, p.name AS packageName, count(*) AS sites
       FROM dispatch_sites ds JOIN files f ON f.id = ds.file_id JOIN packages p ON p.id = f.package_id
       WHERE ds.key IS NOT NULL AND ds.side IN ('register', 'dispatch') GROUP BY ds.trunk, ds.side, ds.key, p.name ORDER BY ds.trunk, ds.key`,
	).all() as {
		trunk: string;
		side: "register" | "dispatch";
		key: string;
		packageName: string;
		sites: number;
	}[];
}

/** The `limit` most depended-on definitions (by fan-in) of every package; pseudo-nodes excluded. */
export function topDefsPerPackage(stmt: Prepare, limit: number): DefRow[] {
	return (
		stmt(
			`SELECT ${DEF_COLUMNS} FROM ${DEF_FROM} JOIN (
           SELECT id, row_number() OVER (PARTITION BY package_id ORDER BY fan_in DESC, def_id) AS rank
           FROM defs WHERE package_id IS NOT NULL AND kind NOT IN ('module', 'dispatch-key') AND fan_in > 0
         ) ranked ON ranked.id = d.id WHERE ranked.rank <= ? ORDER BY p.name, d.fan_in DESC`,
		).all(limit) as RawDef[]
	).map((r) => toDef(r) as DefRow);
}

/** Definitions that at least `minFanIn` others depend on (in files; pseudo-nodes and modules excluded), most used first. */
export function defsUsedAtLeast(stmt: Prepare, minFanIn: number): DefRow[] {
	return (
		stmt(
			`SELECT ${DEF_COLUMNS} FROM ${DEF_FROM} WHERE d.fan_in >= ? AND d.file_id IS NOT NULL AND d.kind <> 'module' ORDER BY d.fan_in DESC, d.def_id`,
		).all(minFanIn) as RawDef[]
	).map((r) => toDef(r) as DefRow);
}

/**
 * Classes and interfaces that at least `minMembers` definitions extend or implement (a family: the
 * services, the models, the bridges), with their member count, largest families first.
 */
export function familyBases(stmt: Prepare, minMembers: number): { def: DefRow; members: number }[] {
	return (
		stmt(
			`SELECT ${DEF_COLUMNS}, fam.members AS members FROM ${DEF_FROM} JOIN (
           SELECT dst, count(DISTINCT src) AS members FROM edges WHERE kind IN ('extends', 'implements') GROUP BY dst
         ) fam ON fam.dst = d.id WHERE fam.members >= ? AND d.kind IN ('class', 'interface') ORDER BY fam.members DESC, d.def_id`,
		).all(minMembers) as (RawDef & { members: number })[]
	).map(({ members, ...r }) => ({ def: toDef(r) as DefRow, members }));
}

/**
 * Classes at least `minMembers` exported constants create with `new` (`export const x = new Handler({ … })`):
 * families of instances rather than subclasses, most members first. With `exportedOnly` false, any
 * constant counts (`const Forge = new OAuthLogin('forge', config)`, kept in its module).
 */
export function instanceBases(
	stmt: Prepare,
	minMembers: number,
	exportedOnly = true,
): { def: DefRow; members: number }[] {
	return (
		stmt(
			`SELECT ${DEF_COLUMNS}, fam.members AS members FROM ${DEF_FROM} JOIN (
           SELECT e.dst, count(DISTINCT e.src) AS members FROM edges e JOIN defs s ON s.id = e.src
           WHERE e.kind = 'new' AND s.kind = 'variable' AND (s.exported = 1 OR ? = 0) GROUP BY e.dst
         ) fam ON fam.dst = d.id WHERE fam.members >= ? AND d.kind = 'class' ORDER BY fam.members DESC, d.def_id`,
		).all(exportedOnly ? 1 : 0, minMembers) as (RawDef & { members: number })[]
	).map(({ members, ...r }) => ({ def: toDef(r) as DefRow, members }));
}
