/**
 * Where a module-level value the material names is made (map-value-makers.ts): the functions its
 * initializer calls, a static factory's class, the same file's factory a local wrapper calls; listed
 * right away, once, never a shared helper.
 */
import { describe, expect, it } from "vitest";
import type { DefRow, EdgeRow } from "../../src/index/types.js";
import { reachedCandidate } from "../../src/pipeline/material/candidate.js";
import { listValueMakers, valueMakers } from "../../src/pipeline/material/map-value-makers.js";
import { defRow } from "../support/defs.js";
import { callEdge, fakeMaterialIndex } from "../support/fake-material-index.js";
import { heldAt, mapHolding as holding } from "../support/held-map.js";

const lines = Array.from({ length: 400 }, (_, i) => `const line${i + 1} = ${i};`);
// db.ts: `export const db = globalThis.db ?? StoreSingleton.getInstance()`.
const db = "shared/db.ts";
const singleton = defRow(db, "StoreSingleton", "class", { startLine: 8, endLine: 20 });
const getInstance = defRow(db, "StoreSingleton.getInstance", "method", {
	startLine: 11,
	endLine: 18,
	parentId: singleton.id,
});
const dbValue = defRow(db, "db", "variable", { startLine: 30, endLine: 31, fanIn: 300 });
// cache.ts: `export const cache = createCacheClient()`, a local wrapper around the exported factory.
const cache = "shared/cache.ts";
const connect = defRow(cache, "createCacheInstance", "function", { startLine: 100, endLine: 140 });
const wrapper = defRow(cache, "createCacheClient", "function", { startLine: 150, endLine: 160 });
const cacheValue = defRow(cache, "cache", "variable", { startLine: 170, endLine: 170, fanIn: 100 });
// A shared helper the wrapper also calls, and a function of another file: neither is the value's maker.
const logError = defRow("shared/logger.ts", "logError", "function", {
	startLine: 200,
	endLine: 205,
	fanIn: 90,
});
const parseNodes = defRow("shared/nodes.ts", "parseNodes", "function", { startLine: 210, endLine: 220 });
// wrap.ts: `export const Team = wrapModel('team')`: a generic wrapper many values share.
const wrapModel = defRow("shared/wrap.ts", "wrapModel", "function", {
	startLine: 300,
	endLine: 310,
	fanIn: 60,
});
const team = defRow("shared/team.ts", "Team", "variable", { startLine: 320, endLine: 320 });
// models.ts: `export const Archive = new ArchiveStore(db)`: a class of another file is its own file's concern.
const archiveStore = defRow("models/stores/Archive.ts", "ArchiveStore", "class", {
	startLine: 360,
	endLine: 380,
});
const archive = defRow("models/models.ts", "Archive", "variable", { startLine: 390, endLine: 390 });
// client.ts: `export const client = createClient({ … links: [buildLink(…)] … })`, 40 lines: a literal
// whose entries call helpers, not a made instance.
const buildLink = defRow("web/client.ts", "buildLink", "function", { startLine: 392, endLine: 398 });
const client = defRow("web/client.ts", "client", "variable", { startLine: 400, endLine: 440 });
// A function is no value: its callees are the map's neighbours, not its makers.
const handler = defRow("web/handler.ts", "handler", "function", { startLine: 330, endLine: 350 });
const defs = [
	singleton,
	getInstance,
	dbValue,
	connect,
	wrapper,
	cacheValue,
	logError,
	parseNodes,
	wrapModel,
	team,
	handler,
];
const ref = (file: string, src: DefRow, dst: DefRow, line: number): EdgeRow => ({
	...callEdge(file, src, dst, line),
	kind: "reference",
});
const edges: EdgeRow[] = [
	ref(db, dbValue, singleton, 31),
	callEdge(db, dbValue, getInstance, 31),
	callEdge(cache, cacheValue, wrapper, 170),
	callEdge(cache, wrapper, logError, 151),
	callEdge(cache, wrapper, connect, 152),
	callEdge(cache, wrapper, parseNodes, 153),
	callEdge("shared/team.ts", team, wrapModel, 320),
	callEdge("web/handler.ts", handler, connect, 340),
	{ ...callEdge("models/models.ts", archive, archiveStore, 390), kind: "new" },
	callEdge("web/client.ts", client, buildLink, 405),
];
const index = fakeMaterialIndex(lines, defs, edges);
const mapHolding = (held: readonly DefRow[], picks: string[] = []) => holding(index, handler, held, picks);

describe("where a module-level value is made", () => {
	it("is a static factory's class, then the factory method its initializer calls", () => {
		expect(valueMakers(index, dbValue, 3).map((d) => d.qualifiedName)).toEqual([
			"StoreSingleton",
			"StoreSingleton.getInstance",
		]);
	});

	it("follows a local wrapper to the same file's factory, past shared helpers and other files", () => {
		expect(valueMakers(index, cacheValue, 3).map((d) => d.qualifiedName)).toEqual([
			"createCacheClient",
			"createCacheInstance",
		]);
		expect(valueMakers(index, cacheValue, 1).map((d) => d.qualifiedName)).toEqual(["createCacheClient"]);
	});

	it("is nothing for a value a shared helper or another file's class makes", () => {
		expect(valueMakers(index, team, 3)).toEqual([]);
		expect(valueMakers(index, archive, 3)).toEqual([]);
	});

	it("is nothing for a long literal, whose entries' calls are theirs", () => {
		expect(valueMakers(index, client, 3)).toEqual([]);
	});

	it("is listed after the values the material names, once, and only for values", () => {
		const { map, names } = mapHolding([dbValue, handler, team]);
		const done = new Set<number>();
		listValueMakers(map, 3, done);
		listValueMakers(map, 3, done);
		expect(names()).toEqual(["db", "handler", "Team", "StoreSingleton", "StoreSingleton.getInstance"]);
	});

	it("skips a maker an entry names already, and lists none with a share of 0", () => {
		const held = mapHolding([singleton, dbValue]);
		listValueMakers(held.map, 3, new Set());
		expect(held.names()).toEqual(["StoreSingleton", "db", "StoreSingleton.getInstance"]);
		const off = mapHolding([dbValue]);
		listValueMakers(off.map, 0, new Set());
		expect(off.names()).toEqual(["db"]);
	});

	it("does not wait when the model's picks make the entries it comes with wait", () => {
		const { map, names } = mapHolding([], [handler.defId]);
		map.listOnce(reachedCandidate(cacheValue, heldAt, "c1", "neighbour"));
		expect(names()).toEqual([]);
		const done = new Set<number>();
		map.listWaiting(() => listValueMakers(map, 3, done));
		expect(names()).toEqual(["cache", "createCacheClient", "createCacheInstance"]);
	});
});
