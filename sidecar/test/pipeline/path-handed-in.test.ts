import { describe, expect, it } from "vitest";
import type { EdgeKind } from "../../src/index/schema.js";
import type { DefRow } from "../../src/index/types.js";
import { conceptVector } from "../../src/pipeline/concept-vector.js";
import { flowContinuations } from "../../src/pipeline/flow-continuation.js";
import { findPath } from "../../src/pipeline/path/find.js";
import type { PathIndex } from "../../src/pipeline/path/types.js";
import type { Concept } from "../../src/pipeline/query.js";
import { defRow, edgeGraph } from "../support/defs.js";

/**
 * Two routes, each handing its own inline handler to one shared wrapper that runs it: the wrapper's hop to a
 * handler is written where that handler was handed over, in its route's body.
 */
function routes() {
	const at = (startLine: number, endLine: number) => ({ startLine, endLine });
	const getRoute = defRow("routes/a.ts", "getItemRoute", "function", at(1, 40));
	const getFn = defRow("routes/a.ts", "getItemRoute.fn", "function", at(5, 30));
	const listRoute = defRow("routes/b.ts", "listRoute", "function", at(1, 60));
	const listFn = defRow("routes/b.ts", "listRoute.fn", "function", at(8, 50));
	const wrap = defRow("server/wrap.ts", "withAuth", "function", at(1, 20));
	const loadItem = defRow("db/item.ts", "loadItem", "function", at(1, 10));
	const listItems = defRow("db/items.ts", "listItems", "function", at(1, 10));
	return { getRoute, getFn, listRoute, listFn, wrap, loadItem, listItems };
}

/** Both routes call the wrapper, which runs each one's handler. */
function wrapperEdges(r: ReturnType<typeof routes>): [DefRow, DefRow, EdgeKind][] {
	return [
		[r.getRoute, r.wrap, "call"],
		[r.listRoute, r.wrap, "call"],
		[r.wrap, r.getFn, "call"],
		[r.wrap, r.listFn, "call"],
	];
}

/** The edges, each written on its source's first line, but a wrapper's hop to a handler: written where it was handed. */
function index(defs: DefRow[], edges: [DefRow, DefRow, EdgeKind][], handed: ReadonlySet<DefRow>): PathIndex {
	const where = (s: DefRow, d: DefRow) =>
		handed.has(d) ? { file: d.file, line: d.startLine } : { file: s.file, line: s.startLine };
	return { ...edgeGraph(defs, edges, where), fileLines: () => undefined };
}

const names = (path: { def: DefRow }[]) => path.map((s) => s.def.qualifiedName);

describe("a callback handed to a shared step", () => {
	it("is followed from the caller that handed it, not from a sibling calling the same wrapper", () => {
		const r = routes();
		const defs = Object.values(r);
		const edges: [DefRow, DefRow, EdgeKind][] = [
			...wrapperEdges(r),
			[r.getFn, r.loadItem, "call"],
			[r.listFn, r.listItems, "call"],
		];
		// The list route's handler and query rank above the item route's own: up from the wrapper into the
		// list route's handler would make the longer, better-ranked chain.
		const ranked = [r.getRoute, r.listItems, r.listFn, r.wrap, r.getFn, r.loadItem];
		const handed = new Set([r.getFn, r.listFn]);
		expect(names(findPath(index(defs, edges, handed), ranked))).toEqual([
			"getItemRoute",
			"withAuth",
			"getItemRoute.fn",
			"loadItem",
		]);
		// A wrapper's own call (written in its body) is no handed callback: any caller's path goes on through it.
		expect(names(findPath(index(defs, edges, new Set()), ranked))).toEqual([
			"getItemRoute",
			"withAuth",
			"listRoute.fn",
			"listItems",
		]);
	});

	it("is entered from the caller that handed it: the way in and the walk up take no sibling", () => {
		const r = routes();
		// "how is the item list loaded": the search finds the wrapper running the list handler; the item route,
		// matching the question's weightier word, calls the wrapper too, but handed it another handler.
		const words = conceptVector({
			concepts: [
				{ word: "item", stems: ["item"], related: [], weight: 2 },
				{ word: "list", stems: ["list"], related: [], weight: 1 },
			] satisfies Concept[],
		});
		const edges: [DefRow, DefRow, EdgeKind][] = [...wrapperEdges(r), [r.listFn, r.listItems, "call"]];
		const ranked = [r.listItems, r.listFn, r.wrap];
		const handed = new Set([r.getFn, r.listFn]);
		const expected = ["listRoute", "withAuth", "listRoute.fn", "listItems"];
		// Two callers: the way in (leadIn).
		expect(names(findPath(index(Object.values(r), edges, handed), ranked, {}, words))).toEqual(expected);
		// Three: the walk up.
		const audit = defRow("routes/audit.ts", "auditRoute", "function", { startLine: 1, endLine: 9 });
		const three = index([...Object.values(r), audit], [...edges, [audit, r.wrap, "call"]], handed);
		const walked = findPath(three, ranked, {}, words);
		expect(names(walked)).toEqual(expected);
		expect(walked[0]?.walked).toBe(true);
	});

	it("is no continuation of the flow through the wrapper unless the step before handed it", () => {
		const r = routes();
		const graph = index(Object.values(r), wrapperEdges(r), new Set([r.getFn, r.listFn]));
		const words = conceptVector({
			concepts: [{ word: "route", stems: ["route"], related: [], weight: 1 }] satisfies Concept[],
		});
		// The path: a route, then the wrapper it calls; the answer cites the wrapper's file only.
		const through = (caller: DefRow) =>
			flowContinuations(
				graph,
				[
					{ def: caller, hop: null },
					{ def: r.wrap, hop: null },
				],
				[],
				words,
				new Set([r.wrap.file]),
				3,
			).map((c) => c.callee.qualifiedName);
		// Each route's own handler goes on from the wrapper; the sibling route's is not where this flow goes.
		expect(through(r.getRoute)).toEqual(["getItemRoute.fn"]);
		expect(through(r.listRoute)).toEqual(["listRoute.fn"]);
		// At the path's head nobody on the path handed the wrapper a callback: none of them goes on from it.
		expect(
			flowContinuations(graph, [{ def: r.wrap, hop: null }], [], words, new Set([r.wrap.file]), 3),
		).toEqual([]);
	});

	it("quotes the wrapper's line that runs the handed callback as its hop, when one calls it by name", () => {
		const r = routes();
		const edges: [DefRow, DefRow, EdgeKind][] = [
			[r.getRoute, r.wrap, "call"],
			[r.wrap, r.getFn, "call"],
			[r.getFn, r.loadItem, "call"],
		];
		const body = (run: string) => [
			"export function withAuth(config) {",
			"  const user = verify(config);",
			run,
			"  return response;",
			"}",
		];
		const over = (run: string): PathIndex => ({
			...index(Object.values(r), edges, new Set([r.getFn])),
			fileLines: (file: string, start: number, end: number) =>
				file === r.wrap.file ? body(run).slice(start - 1, end) : undefined,
		});
		const hopOf = (run: string) =>
			findPath(over(run), [r.getRoute, r.wrap, r.getFn, r.loadItem]).find((s) => s.def === r.wrap)?.hop;
		expect(hopOf("  const response = await config.fn({ user });")).toMatchObject({
			file: "server/wrap.ts",
			line: 3,
			text: "const response = await config.fn({ user });",
			named: "fn",
		});
		// Run through a parameter of another name: no line names it, and the hop is cited at the wrapper's head.
		expect(hopOf("  const response = await run({ user });")).toMatchObject({ file: null, line: null });
	});
});
