/**
 * Offline too (no model picks), the material lists where a module-level value it names is made
 * (`export const db = globalThis.db ?? createDb()` → `createDb`, map-value-makers.ts) and the
 * module-level lines of a held file that plug in what it names (`api.use("/*", authMiddleware)`,
 * map-module-calls.ts): no definition holds such a line, and a value is one line no callee pass
 * starts from, so without these passes the offline material named the client and the middleware
 * but not the code connecting the one or mounting the other. Never in the citation pool.
 */
import { describe, expect, it } from "vitest";
import type { DefRow, EdgeRow } from "../../src/index/types.js";
import { assembleMaterial } from "../../src/pipeline/material/assemble.js";
import { CITATION_REACH, MATERIAL_REACH } from "../../src/pipeline/material/reach.js";
import type { Skeleton } from "../../src/pipeline/skeleton.js";
import { defRow } from "../support/defs.js";
import { callEdge, fakeMaterialIndex } from "../support/fake-material-index.js";

const lines = Array.from({ length: 300 }, (_, i) => `stmt${i + 1}();`);
// db.ts: `function createDb() {…}` and `export const db = globalThis.db ?? createDb()`.
const dbFile = "shared/db.ts";
const createDb = defRow(dbFile, "createDb", "function", { startLine: 95, endLine: 110 });
const db = defRow(dbFile, "db", "variable", { startLine: 120, endLine: 120, fanIn: 50 });
// The file's other functions, which its outline lists first: the maker is past the outline's cap.
const helpers = Array.from({ length: 24 }, (_, i) =>
	defRow(dbFile, `dbHelper${i}`, "function", { startLine: 40 + i * 2, endLine: 41 + i * 2 }),
);
// api.ts: `export async function authMiddleware(c, next) {…}`, then at module level `api.use("/*", authMiddleware)`.
const apiFile = "server/api.ts";
const apiModule = defRow(apiFile, "(module)", "module", { startLine: 1, endLine: 200 });
const auth = defRow(apiFile, "authMiddleware", "function", { startLine: 100, endLine: 140 });
// handler.ts: the flow's step, which reads the value.
const handler = defRow("server/handler.ts", "getMonitor", "function", { startLine: 250, endLine: 260 });
const defs = [db, ...helpers, createDb, apiModule, auth, handler];
const edges: EdgeRow[] = [
	callEdge(dbFile, db, createDb, 120),
	callEdge(apiFile, apiModule, auth, 180),
	callEdge("server/handler.ts", handler, db, 252),
];
const index = {
	...fakeMaterialIndex(lines, defs, edges),
	def: (defId: string) => defs.find((d) => d.defId === defId),
};
const node = (def: DefRow) => ({ def, depth: 0, via: "seed", from: null, nodeClass: "major", relevance: 0 });
const skeletons = [
	{
		chain: { id: "c1", title: "server", paths: ["server"], score: 1 },
		direction: "downstream",
		nodes: [node(handler), node(auth)],
	},
] as unknown as Skeleton[];

/**
 * The material's entries (`name:first line`) offline, or with `picks`. The maker is rated 0 and past
 * its file's outline cap, so no other pass of the map names it.
 */
const material = (reach = MATERIAL_REACH, picks: string[] = []) =>
	assembleMaterial(
		index,
		{ skeletons, picks, words: [], relevance: (d: DefRow) => (d.id === createDb.id ? 0 : 1) },
		{ tokenBudget: 4000, wholeDefLines: 150, sliceLines: 60 },
		(text) => Math.ceil(text.length / 4),
		reach,
	).sources.map((s) => `${s.node.def.qualifiedName}:${s.range.startLine}`);

describe("the wiring of what the offline material names", () => {
	it("lists the maker of a value it names and the module line mounting a step it holds", () => {
		const entries = material();
		expect(entries).toContain("createDb:95");
		expect(entries).toContain("(module):180");
	});

	it("keeps both with the model's picks, and lists neither in the citation pool", () => {
		const picked = material(MATERIAL_REACH, [handler.defId]);
		expect(picked).toContain("createDb:95");
		expect(picked).toContain("(module):180");
		const pool = material(CITATION_REACH);
		expect(pool).not.toContain("createDb:95");
		expect(pool).not.toContain("(module):180");
	});
});
