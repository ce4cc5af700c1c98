/**
 * With the model's picks, last: a flow's head (a seed, a seed's caller, a call hop, a key's
 * dispatcher) listed only as a signature gets the line of its first call to the next chain node and
 * the `if`/`switch` deciding it (`MapReach.chainCallSteps`), in what is left and the room of the
 * map's least rated lines: on no chain, unrated by the question's words, last listed first
 * (`MapReach.chainCallRoom`). Not offline, not in the citation pool, not for a step reached as a
 * handler.
 */
import { describe, expect, it } from "vitest";
import type { DefRow } from "../../src/index/types.js";
import { assembleMaterial } from "../../src/pipeline/material/assemble.js";
import { CITATION_REACH, MATERIAL_REACH } from "../../src/pipeline/material/reach.js";
import type { Skeleton } from "../../src/pipeline/skeleton.js";
import { defRow } from "../support/defs.js";
import { callEdge, fakeMaterialIndex } from "../support/fake-material-index.js";

const file = "api/route.ts";
// The bodies read live in another file: the route's file is a step file, outlined last.
const auth = "api/auth.ts";
// Long lines: the route's slices do not fit the bodies' share, so it is a map line.
const lines = Array.from({ length: 400 }, (_, i) => `\tstep${i + 1}(${"x".repeat(400)});`);
lines[0] = "export function send() {}";
lines[1] = "export function verifyToken(t) {}";
lines[2] = "export function logRequest(r) {}";
lines[4] = "export function unrelatedHelper() {";
lines[99] = `export function route(${"a".repeat(600)}) {`;
lines[119] = "\tlogRequest(req);";
lines[148] = "\tif (req.headers.authorization) {";
lines[149] = "\t\tawait verifyToken(req.headers.authorization);";
lines[150] = "\t}";
const send = defRow(auth, "send", "function", { startLine: 1, endLine: 1 });
const verifyToken = defRow(auth, "verifyToken", "function", { startLine: 2, endLine: 2 });
const logRequest = defRow(auth, "logRequest", "function", { startLine: 3, endLine: 3 });
// Another definition of the step's file, unrated: a line of the step files' outline.
const unrelated = defRow(file, "unrelatedHelper", "function", { startLine: 5, endLine: 60 });
const route = defRow(file, "route", "function", { startLine: 100, endLine: 399 });
const index = fakeMaterialIndex(
	lines,
	[send, verifyToken, logRequest, unrelated, route],
	[callEdge(file, route, logRequest, 120), callEdge(file, route, verifyToken, 150)],
);
const node = (def: DefRow, via = "seed", from: DefRow | null = null) => ({
	def,
	depth: from ? 1 : 0,
	via,
	from: from?.id ?? null,
	nodeClass: "major",
	relevance: 0,
});
const skeletons = (nodes: ReturnType<typeof node>[]) =>
	[
		{
			chain: { id: "c1", title: "api", paths: ["api"], score: 1 },
			direction: "downstream",
			nodes,
		},
	] as unknown as Skeleton[];

/** The route seed calls verifyToken, the step the skeleton reached from it; logRequest is on no chain. */
const flow = (via = "seed") => [node(send), node(route, via), node(verifyToken, "call", route)];

/** The map lines of `route` (`name:first-last`), with the model's pick of `send` unless `picks` says otherwise. */
function routeLines(
	nodes: ReturnType<typeof node>[],
	reach = MATERIAL_REACH,
	picks: string[] = [send.defId],
	budget = 500,
	rated: (d: DefRow) => number = () => 5,
) {
	const m = assembleMaterial(
		index,
		{ skeletons: skeletons(nodes), picks, words: [], relevance: rated },
		{ tokenBudget: budget, wholeDefLines: 150, sliceLines: 60 },
		(text) => Math.ceil(text.length / 4),
		reach,
	);
	return m.sources
		.filter((s) => s.unit === "signature" && s.node.def.id === route.id)
		.map((s) => `${s.node.def.name}:${s.range.startLine}-${s.range.endLine}`);
}

describe("a head's first chain call (with the model's picks)", () => {
	it("lists the line where a seed held as a signature calls the next chain node, and the if deciding it", () => {
		expect(routeLines(flow())).toEqual(["route:100-100", "route:150-150", "route:149-149"]);
		// A seed's caller and a call hop lead on alike.
		expect(routeLines(flow("call"))).toContain("route:150-150");
	});

	it("lists none offline, in the citation pool, for a handler, or with the knob off", () => {
		// Offline the join lines (map-join-lines.ts) list a call line of their own, no header.
		expect(routeLines(flow(), { ...MATERIAL_REACH, joinLines: 0, pathJoins: 0 }, [])).toEqual([
			"route:100-100",
		]);
		expect(routeLines(flow(), MATERIAL_REACH, [])).not.toContain("route:149-149");
		expect(routeLines(flow(), CITATION_REACH)).not.toContain("route:150-150");
		expect(routeLines(flow("handler:events"))).toEqual(["route:100-100"]);
		expect(routeLines(flow(), { ...MATERIAL_REACH, chainCallSteps: 0 })).toEqual(["route:100-100"]);
	});

	it("takes the room of an unrated map line on no chain when the budget is spent, never a rated line's", () => {
		const rated = (d: DefRow) => (d.id === unrelated.id ? 0 : 5);
		const names = (budget: number, reach = MATERIAL_REACH) =>
			assembleMaterial(
				index,
				{ skeletons: skeletons(flow()), picks: [send.defId], words: [], relevance: rated },
				{ tokenBudget: budget, wholeDefLines: 150, sliceLines: 60 },
				(text) => Math.ceil(text.length / 4),
				reach,
			).sources.map((s) => `${s.node.def.name}:${s.range.endLine}`);
		expect(names(500)).toEqual(expect.arrayContaining(["route:150", "route:149", "unrelatedHelper:5"]));
		// Room for the call line, not its header: the unrated line goes for it; the rated one stays.
		const tight = names(87);
		expect(tight).toEqual(expect.arrayContaining(["route:100", "route:150", "route:149", "logRequest:3"]));
		expect(tight).not.toContain("unrelatedHelper:5");
		// With no room to take, the header is left out and the map lines stay.
		const noRoom = names(87, { ...MATERIAL_REACH, chainCallRoom: 0 });
		expect(noRoom).toEqual(expect.arrayContaining(["route:150", "unrelatedHelper:5"]));
		expect(noRoom).not.toContain("route:149");
	});
});
