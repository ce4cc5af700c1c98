import { copyFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { EdgeTable } from "../../src/index/edge-table.js";
import { IndexReader } from "../../src/index/reader.js";
import { EDGE_SELECT } from "../../src/index/row-sql.js";
import { fixtureWithTrunksPath } from "../graph/fixture-with-trunks.js";

/** The rows the reader read with one query per definition before the table: what the table must give. */
const byQuery = (db: Database.Database, column: "src" | "dst", id: number) =>
	db.prepare(`${EDGE_SELECT} WHERE e.${column} = ?`).all(id);

describe("EdgeTable", () => {
	let path: string;
	let db: Database.Database;
	beforeAll(async () => {
		path = await fixtureWithTrunksPath();
		db = new Database(path, { readonly: true });
	});
	afterAll(() => db.close());

	it("gives every definition's edges as the joined query does: same rows, fields and order", () => {
		const table = EdgeTable.load(db);
		const ids = (db.prepare("SELECT id FROM defs").all() as { id: number }[]).map((r) => r.id);
		let rows = 0;
		for (const id of ids) {
			// Serialised, so the key order counts too (a row written into a trace reads the same).
			expect(JSON.stringify(table.from(id)), `from ${id}`).toBe(JSON.stringify(byQuery(db, "src", id)));
			expect(JSON.stringify(table.to(id)), `to ${id}`).toBe(JSON.stringify(byQuery(db, "dst", id)));
			rows += table.from(id).length;
		}
		expect(rows).toBe(table.size);
		expect(table.size).toBeGreaterThan(10);
		expect(table.from(-1)).toEqual([]);
		expect(table.to(-1)).toEqual([]);
	});

	it("leaves out an edge to a missing definition and names a missing file null, as the joins do", () => {
		const copy = join(mkdtempSync(join(tmpdir(), "codeask-edge-table-")), "index.db");
		copyFileSync(path, copy);
		const rw = new Database(copy);
		// (an index written by a bug or an older version: the rows the joins would drop)
		rw.pragma("foreign_keys = OFF");
		const edge = rw
			.prepare("SELECT rowid AS r, src, dst FROM edges WHERE file_id IS NOT NULL LIMIT 2")
			.all() as {
			r: number;
			src: number;
			dst: number;
		}[];
		const [gone, fileless] = edge as [(typeof edge)[0], (typeof edge)[0]];
		rw.prepare("UPDATE edges SET dst = 99999999 WHERE rowid = ?").run(gone.r);
		rw.prepare("UPDATE edges SET file_id = 99999999 WHERE rowid = ?").run(fileless.r);
		const table = EdgeTable.load(rw);
		for (const id of [gone.src, gone.dst, fileless.src, fileless.dst]) {
			expect(JSON.stringify(table.from(id))).toBe(JSON.stringify(byQuery(rw, "src", id)));
			expect(JSON.stringify(table.to(id))).toBe(JSON.stringify(byQuery(rw, "dst", id)));
		}
		expect(table.to(99999999)).toEqual([]);
		expect(table.from(fileless.src).some((e) => e.dst === fileless.dst && e.file === null)).toBe(true);
		rw.close();
	});

	it("is read once per reader, after per-row lookups have cost what reading it costs, with the same frozen rows", () => {
		const load = vi.spyOn(EdgeTable, "load");
		const reader = IndexReader.open(path);
		const edges = (db.prepare("SELECT count(*) AS n FROM edges").get() as { n: number }).n;
		const ids = (db.prepare("SELECT id FROM defs ORDER BY id").all() as { id: number }[]).map((r) => r.id);
		// One lookup per ten edges is made row by row (the reader's EDGES_PER_LOOKUP); the next reads the table.
		const budget = Math.ceil(edges / 10);
		expect(ids.length).toBeGreaterThan(budget);
		const rowByRow = ids.slice(0, budget).map((id) => reader.edgesFrom(id));
		expect(load).not.toHaveBeenCalled();
		const id = ids[budget] as number;
		const first = reader.edgesTo(id);
		expect(load).toHaveBeenCalledTimes(1);
		for (const other of ids.slice(budget + 1)) reader.edgesFrom(other);
		expect(load).toHaveBeenCalledTimes(1);
		load.mockRestore();
		expect(rowByRow).toEqual(ids.slice(0, budget).map((d) => byQuery(db, "src", d)));
		expect(first).toEqual(byQuery(db, "dst", id));
		expect(reader.edgesTo(id)).toBe(first);
		expect(Object.isFrozen(first)).toBe(true);
		expect(() => (first as unknown[]).push({})).toThrow(TypeError);
		reader.close();
	});

	it("is read at the first lookup by a reader kept for many questions, which reads every definition at once too", () => {
		const load = vi.spyOn(EdgeTable, "load");
		const many = IndexReader.open(path, { questions: "many" });
		const one = IndexReader.open(path);
		const ids = (db.prepare("SELECT id FROM defs ORDER BY id").all() as { id: number }[]).map((r) => r.id);
		const first = ids[0] as number;
		expect(many.edgesFrom(first)).toEqual(byQuery(db, "src", first));
		expect(load).toHaveBeenCalledTimes(1);
		load.mockRestore();
		for (const id of ids) {
			expect(JSON.stringify(many.edgesTo(id)), `to ${id}`).toBe(JSON.stringify(byQuery(db, "dst", id)));
			// Serialised: the same fields in the same order as the one-row query's.
			expect(JSON.stringify(many.defById(id)), `def ${id}`).toBe(JSON.stringify(one.defById(id)));
			expect(Object.isFrozen(many.defById(id))).toBe(true);
		}
		expect(many.defById(-1)).toBeUndefined();
		expect(many.defById(99999999)).toBeUndefined();
		many.close();
		one.close();
	});
});
