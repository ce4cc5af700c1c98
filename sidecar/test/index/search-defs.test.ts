import { copyFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { beforeAll, describe, expect, it } from "vitest";
import { ftsQuery } from "../../src/index/fts-query.js";
import { IndexReader } from "../../src/index/reader.js";
import { DEF_COLUMNS, type RawDef, toDef } from "../../src/index/row-sql.js";
import { fixtureIndexPath } from "../support/fixture-index.js";

/** The one query that ranked and read the hits together before: what searchDefs must give. */
function oneQuery(db: Database.Database, words: string[], limit: number, pathWord?: string) {
	const any = ftsQuery(words);
	const folder = pathWord ? ftsQuery([pathWord]) : null;
	if (!any || (pathWord && !folder)) return [];
	const q = folder ? `(${any}) AND path_words : ${folder}` : any;
	const rows = db
		.prepare(
			`SELECT ${DEF_COLUMNS}, bm25(defs_fts, 4.0, 1.0, 1.0, 0.5) AS score FROM defs_fts JOIN defs d ON d.id = defs_fts.rowid LEFT JOIN files f ON f.id = d.file_id LEFT JOIN packages p ON p.id = d.package_id
       WHERE defs_fts MATCH ? ORDER BY score LIMIT ?`,
		)
		.all(q, limit) as (RawDef & { score: number })[];
	return rows.map(({ score, ...r }) => ({ def: toDef(r), score: -score }));
}

const SEARCHES: [string[], number, string?][] = [
	[["message"], 50],
	[["message"], 3],
	[["send", "message", "notification"], 100],
	[["push", "notification"], 2],
	[["room", "user", "message"], 5, "server"],
	[["nothingmatchesthis"], 10],
];

describe("searchDefs", () => {
	let copy: string;
	beforeAll(async () => {
		// A copy with ties (definitions whose words are the same, so BM25 scores them equal) and a
		// full-text row whose definition is gone: the ranking must keep both as the one query did.
		copy = join(mkdtempSync(join(tmpdir(), "codeask-search-defs-")), "index.db");
		copyFileSync(await fixtureIndexPath(), copy);
		const rw = new Database(copy);
		rw.pragma("foreign_keys = OFF");
		const base = rw.prepare("SELECT * FROM defs WHERE file_id IS NOT NULL LIMIT 1").get() as Record<
			string,
			unknown
		>;
		const next = (rw.prepare("SELECT max(id) AS m FROM defs").get() as { m: number }).m + 1;
		for (let i = 0; i < 6; i++) {
			const id = next + i;
			rw.prepare(
				`INSERT INTO defs (id, def_id, file_id, package_id, name, qualified_name, kind, start_line, end_line, signature, doc, exported, fan_in, fan_out)
         VALUES (?, ?, ?, ?, 'relayMessage', 'relayMessage', 'function', 1, 2, 'relayMessage(message)', NULL, 0, 0, 0)`,
			).run(id, `tie#${i}`, base.file_id, base.package_id);
			// The last one: a full-text row left behind by its definition.
			rw.prepare(
				"INSERT INTO defs_fts (rowid, name_words, path_words, signature, doc) VALUES (?, 'relay message', 'tie', 'relayMessage(message)', '')",
			).run(i === 5 ? id + 1000 : id);
		}
		rw.close();
	});

	it("gives the rows, fields and order of the query that ranked and read them together", () => {
		const reader = IndexReader.open(copy);
		const db = new Database(copy, { readonly: true });
		let rows = 0;
		for (const [words, limit, pathWord] of [...SEARCHES, [["relay", "message"], 3] as [string[], number]]) {
			const want = oneQuery(db, words, limit, pathWord);
			// Serialised, so the key order counts too (a row written into a trace reads the same).
			expect(JSON.stringify(reader.searchDefs(words, limit, pathWord)), words.join(" ")).toBe(
				JSON.stringify(want),
			);
			rows += want.length;
		}
		expect(rows).toBeGreaterThan(20);
		// The tied definitions come in the one query's order, and the orphan row is left out.
		const ties = reader.searchDefs(["relay"], 10).map((h) => h.def.defId);
		expect(ties).toEqual(oneQuery(db, ["relay"], 10).map((h) => h.def?.defId));
		expect(ties.filter((d) => d.startsWith("tie#"))).toEqual(["tie#0", "tie#1", "tie#2", "tie#3", "tie#4"]);
		db.close();
		reader.close();
	});
});
