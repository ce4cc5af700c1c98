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

export class EdgeTable {
	private constructor(
		private readonly src: Int32Array,
		private readonly dst: Int32Array,
		private readonly kind: readonly string[],
		private readonly file: readonly (string | null)[],
		private readonly line: readonly (number | null)[],
		private readonly resolution: readonly string[],
		/** Definition ids by row id (undefined where no definition has that id). */
		private readonly defIds: readonly (string | undefined)[],
		private readonly bySrc: Buckets,
		private readonly byDst: Buckets,
	) {}

	/** Read every edge of `db` (with the definitions' ids and the files' paths the rows name). */
	static load(db: Database.Database): EdgeTable {
		// Row ids are small dense integers: arrays by id, not maps (a load is ~100k edges, ~40k definitions).
		const defIds = byId(db.prepare("SELECT id, def_id FROM defs").raw().all() as [number, string][]);
		const paths = byId(db.prepare("SELECT id, path FROM files").raw().all() as [number, string][]);
		const rows = db
			.prepare("SELECT src, dst, kind, file_id, line, resolution FROM edges ORDER BY rowid")
			.raw()
			.all() as [number, number, string, number | null, number | null, string][];
		const isDef = (id: number) => id >= 0 && defIds[id] !== undefined;
		let n = 0;
		for (const [s, d] of rows) if (isDef(s) && isDef(d)) n++;
		const src = new Int32Array(n);
		const dst = new Int32Array(n);
		const kind: string[] = new Array(n);
		const file: (string | null)[] = new Array(n);
		const line: (number | null)[] = new Array(n);
		const resolution: string[] = new Array(n);
		let i = 0;
		for (const [s, d, k, f, l, r] of rows) {
			if (!isDef(s) || !isDef(d)) continue;
			src[i] = s;
			dst[i] = d;
			kind[i] = k;
			file[i] = f === null || f < 0 ? null : (paths[f] ?? null);
			line[i] = l;
			resolution[i] = r;
			i++;
		}
		return new EdgeTable(
			src,
			dst,
			kind,
			file,
			line,
			resolution,
			defIds,
			buckets(src, defIds.length),
			buckets(dst, defIds.length),
		);
	}

	/** Edges out of a definition, a new array of new rows. */
	from(defRowId: number): EdgeRow[] {
		return this.rows(this.bySrc, defRowId);
	}

	/** Edges into a definition, a new array of new rows. */
	to(defRowId: number): EdgeRow[] {
		return this.rows(this.byDst, defRowId);
	}

	/** How many edges are held. */
	get size(): number {
		return this.src.length;
	}

	private rows(b: Buckets, id: number): EdgeRow[] {
		if (!(id >= 0 && id + 1 < b.start.length)) return [];
		const out: EdgeRow[] = [];
		for (let at = b.start[id] as number; at < (b.start[id + 1] as number); at++) {
			const i = b.positions[at] as number;
			const s = this.src[i] as number;
			const d = this.dst[i] as number;
			// The keys in EDGE_SELECT's column order: a row serialised reads the same either way.
			out.push({
				src: s,
				dst: d,
				srcDefId: this.defIds[s] as string,
				dstDefId: this.defIds[d] as string,
				kind: this.kind[i] as EdgeKind,
				file: this.file[i] as string | null,
				line: this.line[i] as number | null,
				resolution: this.resolution[i] as Resolution,
			});
		}
		return out;
	}
}

/**
 * Each definition's edges as positions into the column arrays, in rowid order: definition `id`'s are
 * `positions[start[id]] … positions[start[id + 1] - 1]` (a counting sort by id, stable).
 */
interface Buckets {
	start: Int32Array;
	positions: Int32Array;
}

function buckets(ids: Int32Array, idCount: number): Buckets {
	const start = new Int32Array(idCount + 1);
	for (const id of ids) (start[id + 1] as number)++;
	for (let k = 1; k <= idCount; k++) start[k] = (start[k] as number) + (start[k - 1] as number);
	const next = start.slice(0, idCount);
	const positions = new Int32Array(ids.length);
	ids.forEach((id, i) => {
		positions[(next[id] as number)++] = i;
	});
	return { start, positions };
}

/** Values by row id (an array as long as the largest id + 1, undefined where no row has that id). */
function byId<V>(rows: readonly [number, V][]): (V | undefined)[] {
	let max = -1;
	for (const [id] of rows) if (id > max) max = id;
	const out: (V | undefined)[] = new Array(max + 1).fill(undefined);
	for (const [id, v] of rows) if (id >= 0) out[id] = v;
	return out;
}
