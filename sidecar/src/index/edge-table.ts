/**
 * Every edge of an open index in memory, by source and by destination. One question's stages ask
 * for the edges of thousands of definitions (seed, skeleton, material, citations): one indexed
 * query each, three joins per row, cost ~45 µs of CPU apiece, ~30% of a question's time in
 * queries on the larger sets (benchmarks/answers.md, session 47 — lat47). Reading the table once,
 * without joins, costs what ~2,000 of those queries cost (a 130k-edge index: ~0.1 s), and an index
 * file never changes while it is open (row-cache.ts).
 *
 * Rows are those of `EDGE_SELECT … WHERE e.src = ?` (or `e.dst`), field for field and in the same
 * order (the edge's rowid: the order SQLite reads them through edges_src / edges_dst): an edge whose
 * end is not a definition is left out, as the inner joins leave it; a file that is not a row is null,
 * as the left join gives it.
 */
import type Database from "better-sqlite3";
import type { EdgeKind, Resolution } from "./schema.js";
import type { EdgeRow } from "./types.js";

/** Positions of the edges of one definition (into the column arrays), in rowid order. */
type Positions = number[];

export class EdgeTable {
	private constructor(
		private readonly src: Int32Array,
		private readonly dst: Int32Array,
		private readonly kind: readonly string[],
		private readonly file: readonly (string | null)[],
		private readonly line: readonly (number | null)[],
		private readonly resolution: readonly string[],
		private readonly defIds: ReadonlyMap<number, string>,
		private readonly bySrc: ReadonlyMap<number, Positions>,
		private readonly byDst: ReadonlyMap<number, Positions>,
	) {}

	/** Read every edge of `db` (with the definitions' ids and the files' paths the rows name). */
	static load(db: Database.Database): EdgeTable {
		const defIds = new Map<number, string>();
		for (const [id, defId] of db.prepare("SELECT id, def_id FROM defs").raw().all() as [number, string][])
			defIds.set(id, defId);
		const paths = new Map<number, string>();
		for (const [id, path] of db.prepare("SELECT id, path FROM files").raw().all() as [number, string][])
			paths.set(id, path);
		const rows = db
			.prepare("SELECT src, dst, kind, file_id, line, resolution FROM edges ORDER BY rowid")
			.raw()
			.all() as [number, number, string, number | null, number | null, string][];
		const kept = rows.filter(([s, d]) => defIds.has(s) && defIds.has(d));
		const n = kept.length;
		const src = new Int32Array(n);
		const dst = new Int32Array(n);
		const kind: string[] = new Array(n);
		const file: (string | null)[] = new Array(n);
		const line: (number | null)[] = new Array(n);
		const resolution: string[] = new Array(n);
		const bySrc = new Map<number, Positions>();
		const byDst = new Map<number, Positions>();
		const push = (m: Map<number, Positions>, id: number, i: number) => {
			const list = m.get(id);
			if (list) list.push(i);
			else m.set(id, [i]);
		};
		kept.forEach(([s, d, k, f, l, r], i) => {
			src[i] = s;
			dst[i] = d;
			kind[i] = k;
			file[i] = f === null ? null : (paths.get(f) ?? null);
			line[i] = l;
			resolution[i] = r;
			push(bySrc, s, i);
			push(byDst, d, i);
		});
		return new EdgeTable(src, dst, kind, file, line, resolution, defIds, bySrc, byDst);
	}

	/** Edges out of a definition, a new array of new rows. */
	from(defRowId: number): EdgeRow[] {
		return this.rows(this.bySrc.get(defRowId));
	}

	/** Edges into a definition, a new array of new rows. */
	to(defRowId: number): EdgeRow[] {
		return this.rows(this.byDst.get(defRowId));
	}

	/** How many edges are held. */
	get size(): number {
		return this.src.length;
	}

	private rows(positions: Positions | undefined): EdgeRow[] {
		if (!positions) return [];
		return positions.map((i) => {
			const s = this.src[i] as number;
			const d = this.dst[i] as number;
			// The keys in EDGE_SELECT's column order: a row serialised reads the same either way.
			return {
				src: s,
				dst: d,
				srcDefId: this.defIds.get(s) as string,
				dstDefId: this.defIds.get(d) as string,
				kind: this.kind[i] as EdgeKind,
				file: this.file[i] as string | null,
				line: this.line[i] as number | null,
				resolution: this.resolution[i] as Resolution,
			};
		});
	}
}
