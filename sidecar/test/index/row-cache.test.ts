import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IndexReader } from "../../src/index/reader.js";
import { RowCache } from "../../src/index/row-cache.js";
import { fixtureWithTrunksPath } from "../graph/fixture-with-trunks.js";

describe("RowCache", () => {
	it("loads a key once, also when the row is missing", () => {
		const cache = new RowCache<number, string | undefined>(10);
		let loads = 0;
		const load = (k: number) => {
			loads++;
			return k > 0 ? `row ${k}` : undefined;
		};
		expect(cache.get(1, load)).toBe("row 1");
		expect(cache.get(1, load)).toBe("row 1");
		expect(cache.get(-1, load)).toBeUndefined();
		expect(cache.get(-1, load)).toBeUndefined();
		expect(loads).toBe(2);
	});

	it("keeps at most its limit, dropping the least recently used", () => {
		const cache = new RowCache<number, number>(2);
		const loaded: number[] = [];
		const load = (k: number) => {
			loaded.push(k);
			return k;
		};
		cache.get(1, load);
		cache.get(2, load);
		cache.get(1, load); // 1 used last: 2 goes first
		cache.get(3, load);
		expect(cache.size).toBe(2);
		cache.get(1, load);
		cache.get(2, load);
		expect(loaded).toEqual([1, 2, 3, 2]);
	});

	it("freezes what it keeps: a caller cannot change a later reader's rows", () => {
		const cache = new RowCache<number, { n: number }[]>(4);
		const rows = cache.get(1, () => [{ n: 1 }]);
		expect(() => rows.push({ n: 2 })).toThrow(TypeError);
		expect(() => {
			(rows[0] as { n: number }).n = 5;
		}).toThrow(TypeError);
		expect(cache.get(1, () => [])).toEqual([{ n: 1 }]);
	});
});

describe("IndexReader's kept rows", () => {
	let kept: IndexReader;
	let fresh: IndexReader;
	beforeAll(async () => {
		const path = await fixtureWithTrunksPath();
		kept = IndexReader.open(path);
		fresh = IndexReader.open(path);
	});
	afterAll(() => {
		kept.close();
		fresh.close();
	});

	it("answers a repeated lookup with the rows a fresh reader reads", () => {
		const files = fresh.files().map((f) => f.path);
		for (const pass of [1, 2]) {
			for (const file of files) {
				expect(kept.defsInFile(file), `${file} pass ${pass}`).toEqual(fresh.defsInFile(file));
				expect(kept.fileContent(file)).toBe(fresh.fileContent(file));
				expect(kept.fileLines(file, 2, 5)).toEqual(fresh.fileLines(file, 2, 5));
				expect(kept.dispatchSitesInFile(file)).toEqual(fresh.dispatchSitesInFile(file));
				for (const d of fresh.defsInFile(file)) {
					expect(kept.defById(d.id)).toEqual(d);
					expect(kept.def(d.defId)).toEqual(d);
					expect(kept.edgesFrom(d.id)).toEqual(fresh.edgesFrom(d.id));
					expect(kept.edgesTo(d.id)).toEqual(fresh.edgesTo(d.id));
				}
			}
		}
		expect(kept.defById(-1)).toBeUndefined();
		expect(kept.fileContent("no/such/file.ts")).toBeUndefined();
		expect(kept.fileLines("no/such/file.ts", 1, 2)).toBeUndefined();
	});

	it("hands out a slice of a file's lines the caller may change", () => {
		const file = fresh.files()[0]?.path as string;
		const lines = kept.fileLines(file, 1, 3) as string[];
		lines.push("changed by the caller");
		expect(kept.fileLines(file, 1, 3)).toEqual(fresh.fileLines(file, 1, 3));
	});

	it("counts full-text matches as SQLite does, and says null for a word FTS cannot read", () => {
		const total = fresh.db.prepare("SELECT count(*) AS n FROM defs_fts").get() as { n: number };
		expect(kept.ftsRowCount("defs_fts")).toBe(total.n);
		const n = fresh.db
			.prepare("SELECT count(*) AS n FROM defs_fts WHERE defs_fts MATCH ?")
			.get('"message"') as {
			n: number;
		};
		expect(n.n).toBeGreaterThan(0);
		expect(kept.ftsMatchCount("defs_fts", "message")).toBe(n.n);
		expect(kept.ftsMatchCount("defs_fts", "message")).toBe(n.n);
		expect(kept.ftsMatchCount("files_fts", 'a"b')).toBeNull();
	});

	it("reads the meta without the large re-indexing keys, as before", () => {
		const m = kept.meta();
		expect(m.formatVersion).toBeGreaterThan(0);
		expect(m.repoRoot).not.toBe("");
		expect(m.stats).not.toBeNull();
	});
});
