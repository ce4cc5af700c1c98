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

/** An app's routes, all declared in a `route()` method of a module under `server/`: one key and handler each. */
function routes(paths: readonly string[]) {
	const keys = paths.map((p) =>
		defRow(null, `GET ${p}`, "dispatch-key", { defId: `trunk:http-route#GET ${p}` }),
	);
	const handlers = paths.map((p, i) =>
		defRow(`server/modules/m${i}.module.ts`, `M${i}Module.route.get(${p})`, "function"),
	);
	const edges = keys.map((k, i) => [k, handlers[i] as DefRow, "handler"] as [DefRow, DefRow, "handler"]);
	const sites: DispatchSiteRow[] = handlers.map((h, i) => ({
		id: i + 1,
		trunk: "http-route",
		side: "register",
		key: `GET ${paths[i]}`,
		rawKey: paths[i] as string,
		expression: `'${paths[i]}'`,
		file: h.file as string,
		line: 1,
		enclosingDefId: null,
		handlerDefId: h.defId,
		resolution: "checker",
		inScope: true,
	}));
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
