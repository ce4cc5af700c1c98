import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IndexReader } from "../../src/index/reader.js";
import { RowCache } from "../../src/index/row-cache.js";
import { fixtureWithTrunksPath } from "../graph/fixture-with-trunks.js";

describe("RowCache", () => {
	it("loads a key once, also when the row is missing", () => {
		const cache = new RowCache<number, string | undefined>({ entries: 10 });
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

	it("keeps misses apart from null and falsy values, each loaded once", () => {
		const cache = new RowCache<string, number | null | undefined>({ entries: 10 });
		const values: Record<string, number | null | undefined> = { nul: null, zero: 0, missing: undefined };
		const loaded: string[] = [];
		const load = (k: string) => {
			loaded.push(k);
			return values[k];
		};
		for (const pass of [1, 2]) {
			expect(cache.get("nul", load), `pass ${pass}`).toBeNull();
			expect(cache.get("zero", load), `pass ${pass}`).toBe(0);
			expect(cache.get("missing", load), `pass ${pass}`).toBeUndefined();
		}
		expect(loaded).toEqual(["nul", "zero", "missing"]);
		expect(cache.size).toBe(3);
	});

	it("keeps at most its limit, dropping the least recently used", () => {
		const cache = new RowCache<number, number>({ entries: 2 });
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

	it("bounded by size, drops the least recently used until the rest fits", () => {
		const cache = new RowCache<string, string | undefined>({ size: 10, sizeOf: (text) => text.length });
		const loaded: string[] = [];
		const load = (k: string) => {
			loaded.push(k);
			return k === "none" ? undefined : k;
		};
		cache.get("aaaa", load);
		cache.get("bbbb", load);
		cache.get("aaaa", load); // "aaaa" used last: "bbbb" goes first
		cache.get("none", load); // a miss weighs 1: 4 + 4 + 1 still fits
		expect(cache.size).toBe(3);
		cache.get("cc", load); // 11 > 10: the least recently used ("bbbb") goes
		expect(cache.size).toBe(3);
		cache.get("aaaa", load);
		cache.get("none", load);
		cache.get("cc", load);
		expect(loaded).toEqual(["aaaa", "bbbb", "none", "cc"]);
		cache.get("bbbb", load); // 4 + 1 + 2 + 4 = 11: "aaaa" (least recently used now) goes
		cache.get("aaaa", load);
		expect(loaded).toEqual(["aaaa", "bbbb", "none", "cc", "bbbb", "aaaa"]);
	});

	it("hands out a value heavier than its whole bound without keeping it", () => {
		const cache = new RowCache<string, string>({ size: 4, sizeOf: (text) => text.length });
		let loads = 0;
		const load = (k: string) => {
			loads++;
			return k.repeat(5);
		};
		expect(cache.get("x", load)).toBe("xxxxx");
		expect(cache.get("x", load)).toBe("xxxxx");
		expect(loads).toBe(2);
		expect(cache.size).toBe(0);
	});

	it("freezes what it keeps: a caller cannot change a later reader's rows", () => {
		const cache = new RowCache<number, { n: number }[]>({ entries: 4 });
		const rows = cache.get(1, () => [{ n: 1 }]);
		expect(() => rows.push({ n: 2 })).toThrow(TypeError);
		expect(() => {
			(rows[0] as { n: number }).n = 5;
		}).toThrow(TypeError);
		expect(cache.get(1, () => [])).toEqual([{ n: 1 }]);
		const row = new RowCache<number, { n: number } | undefined>({ entries: 4 }).get(1, () => ({ n: 1 }));
		expect(Object.isFrozen(row)).toBe(true);
		expect(() => {
			(row as { n: number }).n = 5;
		}).toThrow(TypeError);
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

	it("cuts a file's lines as split and slice of its text would, at every edge", () => {
		const ranges = [
			[1, 1],
			[2, 5],
			[0, 3],
			[-2, 2],
			[3, 2],
			[0, 0],
			[4, -1],
			[1, Number.MAX_SAFE_INTEGER],
			[1_000_000, 1_000_001],
		] as const;
		for (const { path } of fresh.files()) {
			const all = (fresh.fileContent(path) as string).split("\n");
			for (const [start, end] of ranges) {
				const expected = all.slice(Math.max(0, start - 1), Math.min(all.length, end));
				expect(kept.fileLines(path, start, end), `${path} ${start}..${end}`).toEqual(expected);
			}
			expect(kept.fileLines(path, all.length, all.length)).toEqual([all.at(-1)]);
		}
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
