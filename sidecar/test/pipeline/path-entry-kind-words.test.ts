import { describe, expect, it } from "vitest";
import type { DefRow, DispatchSiteRow } from "../../src/index/types.js";
import { conceptVector } from "../../src/pipeline/concept-vector.js";
import { entryNamedBy } from "../../src/pipeline/path/entries.js";
import type { PathIndex } from "../../src/pipeline/path/types.js";
import type { Concept } from "../../src/pipeline/query.js";
import { defRow, edgeGraph } from "../support/defs.js";

/** "How are commands routed on the server?": three words, each as heavy. */
const words = conceptVector({
	concepts: [
		{ word: "commands", stems: ["command"], related: [], weight: 1 },
		{ word: "routed", stems: ["rout"], related: [], weight: 1 },
		{ word: "server", stems: ["server"], related: [], weight: 1 },
	] satisfies Concept[],
});

/** A key's register site in a handler's file, as the checker resolved it. */
function registerSite(id: number, trunk: string, key: string, rawKey: string, h: DefRow): DispatchSiteRow {
	return {
		id,
		trunk,
		side: "register",
		key,
		rawKey,
		expression: `'${rawKey}'`,
		file: h.file as string,
		line: 1,
		enclosingDefId: null,
		handlerDefId: h.defId,
		resolution: "checker",
		inScope: true,
	};
}

/** An app's routes, all declared in a `route()` method of a module under `server/`: one key and handler each. */
function routes(paths: readonly string[]) {
	const keys = paths.map((p) =>
		defRow(null, `GET ${p}`, "dispatch-key", { defId: `trunk:http-route#GET ${p}` }),
	);
	const handlers = paths.map((p, i) =>
		defRow(`server/modules/m${i}.module.ts`, `M${i}Module.route.get(${p})`, "function"),
	);
	const edges = keys.map((k, i) => [k, handlers[i] as DefRow, "handler"] as [DefRow, DefRow, "handler"]);
	const sites: DispatchSiteRow[] = handlers.map((h, i) =>
		registerSite(i + 1, "http-route", `GET ${paths[i]}`, paths[i] as string, h),
	);
	const all = [...keys, ...handlers];
	const graph = edgeGraph(all, edges);
	const index: PathIndex = {
		...graph,
		fileLines: () => [],
		def: (defId: string) => all.find((d) => d.defId === defId),
		dispatchSites: (trunk: string) => (trunk === "http-route" ? sites : []),
	};
	return { index, handlers };
}

const PATHS = [
	"/export",
	"/api/items",
	"/api/me",
	"/login",
	"/signup",
	"/t/:id",
	"/files",
	"/templates",
	"/api/commands",
];

describe("an entry point named by the question", () => {
	it("is not named by words most handlers of its trunk carry (the `route()` they are declared in, their folder)", () => {
		const { index, handlers } = routes(PATHS);
		const named = entryNamedBy(index, words);
		const exportHandler = handlers[0] as DefRow;
		// It matches "routed" and "server", as every handler of the trunk does.
		expect(words(exportHandler).filter((x) => x > 0)).toHaveLength(2);
		expect(named(exportHandler)).toBe(false);
		// The one whose own key says "commands" is named by it.
		expect(named(handlers[8] as DefRow)).toBe(true);
	});

	it("counts every matching word in a trunk of few handlers, and without the index's sites", () => {
		const few = routes(PATHS.slice(0, 4));
		expect(entryNamedBy(few.index, words)(few.handlers[0] as DefRow)).toBe(true);
		const { index, handlers } = routes(PATHS);
		const bare: PathIndex = { ...index, dispatchSites: undefined, def: undefined };
		expect(entryNamedBy(bare, words)(handlers[0] as DefRow)).toBe(true);
	});
});

/** "Which GraphQL query loads the table?": the question names a trunk of the index, `graphql`. */
const graphqlWords = conceptVector({
	concepts: [
		{ word: "graphql", stems: ["graphql"], related: [], weight: 1 },
		{ word: "table", stems: ["tabl"], related: [], weight: 1 },
	] satisfies Concept[],
});

/** A GraphQL resolver and a REST route, each the one handler of its key, both on the table's word. */
function twoTrunks() {
	const gqlKey = defRow(null, "Query.table", "dispatch-key", { defId: "trunk:graphql#Query.table" });
	const restKey = defRow(null, "GET /tables/:name", "dispatch-key", {
		defId: "trunk:http-route#GET /tables/:name",
	});
	const resolver = defRow("packages/graphql/src/index.ts", "Graphql.route.Query.table", "function");
	const route = defRow("apps/backend/src/openapi.ts", "OpenAPI.route.get(/tables/:name)", "function");
	const site = (id: number, trunk: string, key: string, h: DefRow) => registerSite(id, trunk, key, key, h);
	const sites = [
		site(1, "graphql", "Query.table", resolver),
		site(2, "http-route", "GET /tables/:name", route),
	];
	const all = [gqlKey, restKey, resolver, route];
	const graph = edgeGraph(all, [
		[gqlKey, resolver, "handler"],
		[restKey, route, "handler"],
	]);
	const index: PathIndex = {
		...graph,
		fileLines: () => [],
		def: (defId: string) => all.find((d) => d.defId === defId),
		dispatchSites: (trunk: string) => sites.filter((s) => s.trunk === trunk),
	};
	return { index, resolver, route };
}

describe("an entry point of the trunk the question names", () => {
	it("is the only one named: a handler of another trunk on the same words is not (session 54, elysia54)", () => {
		const { index, resolver, route } = twoTrunks();
		expect(graphqlWords(route).filter((x) => x > 0)).toHaveLength(1);
		const named = entryNamedBy(index, graphqlWords);
		expect(named(resolver)).toBe(true);
		expect(named(route)).toBe(false);
	});

	it("leaves every trunk's handlers named when the question names no trunk", () => {
		const { index, resolver, route } = twoTrunks();
		const tableOnly = conceptVector({
			concepts: [{ word: "table", stems: ["tabl"], related: [], weight: 1 }] satisfies Concept[],
		});
		const named = entryNamedBy(index, tableOnly);
		expect(named(resolver)).toBe(true);
		expect(named(route)).toBe(true);
	});
});
