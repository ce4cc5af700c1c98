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

	it("is read once per reader, at the first edge lookup, and its rows stay frozen", () => {
		const load = vi.spyOn(EdgeTable, "load");
		const reader = IndexReader.open(path);
		const id = (db.prepare("SELECT src FROM edges LIMIT 1").get() as { src: number }).src;
		expect(load).not.toHaveBeenCalled();
		const first = reader.edgesFrom(id);
		for (const e of first) expect(reader.edgesTo(e.dst)).toEqual(byQuery(db, "dst", e.dst));
		expect(load).toHaveBeenCalledTimes(1);
		load.mockRestore();
		expect(first).toEqual(byQuery(db, "src", id));
		expect(reader.edgesFrom(id)).toBe(first);
		expect(Object.isFrozen(first)).toBe(true);
		expect(() => (first as unknown[]).push({})).toThrow(TypeError);
		reader.close();
	});
});
