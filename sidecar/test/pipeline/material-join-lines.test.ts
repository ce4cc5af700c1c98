/**
 * Offline, last: a chain step listed only as a signature gets the line where it calls another
 * chain step the material holds (`MapReach.joinLines`), and two adjacent steps of a skeleton the
 * line where they meet (`MapReach.pathJoins`) — in what is left of the budget, or in the room of
 * step-outline lines the question's words do not rate (`MapReach.joinRoomLines`). Never with the
 * model's picks (that material's budget is another's), never in the citation pool.
 * A call of a definition on no chain, or of one nested in the step, is no join line.
 */
import { describe, expect, it } from "vitest";
import type { DefRow } from "../../src/index/types.js";
import { assembleMaterial } from "../../src/pipeline/material/assemble.js";
import { addMakingRoom } from "../../src/pipeline/material/map-join-lines.js";
import { CITATION_REACH, MATERIAL_REACH } from "../../src/pipeline/material/reach.js";
import type { Skeleton } from "../../src/pipeline/skeleton.js";
import { defRow } from "../support/defs.js";
import { callEdge, fakeMaterialIndex } from "../support/fake-material-index.js";

const file = "api/route.ts";
// Long lines: the route's slices do not fit the bodies' share, so it is a map line.
const lines = Array.from({ length: 400 }, (_, i) => `\tstep${i + 1}(${"x".repeat(150)});`);
lines[0] = "export function send() {}";
lines[1] = "export function verifyToken(t) {}";
lines[2] = "export function logRequest(r) {}";
lines[99] = `export function route(${"a".repeat(600)}) {`;
lines[119] = "\tlogRequest(req);";
lines[129] = "\tconst check = (x) => x;";
lines[149] = "\tawait verifyToken(req.headers.authorization);";
const send = defRow(file, "send", "function", { startLine: 1, endLine: 1 });
const route = defRow(file, "route", "function", { startLine: 100, endLine: 399 });
const local = defRow(file, "check", "function", { startLine: 130, endLine: 130 });
const verifyToken = defRow(file, "verifyToken", "function", { startLine: 2, endLine: 2 });
const logRequest = defRow(file, "logRequest", "function", { startLine: 3, endLine: 3 });
const call = (dst: DefRow, line: number) => callEdge(file, route, dst, line);
const index = fakeMaterialIndex(
	lines,
	[send, verifyToken, logRequest, route, local],
	[call(logRequest, 120), call(local, 131), call(verifyToken, 150)],
);
const node = (def: DefRow, from: DefRow | null = null) => ({
	def,
	depth: from ? 1 : 0,
	via: from ? "call" : "seed",
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

/** Join lines per step on; path joins off (each form alone). */
const JOINING = { ...MATERIAL_REACH, joinLines: 4, pathJoins: 0 };
const PATH_JOINING = { ...MATERIAL_REACH, joinLines: 0, pathJoins: 4 };

/** The route's map lines (`name:last line`), offline (no picks) unless `picks`, every step rated alike. */
const map = (nodes: ReturnType<typeof node>[], reach = JOINING, picks: string[] = [], budget = 500) =>
	assembleMaterial(
		index,
		{ skeletons: skeletons(nodes), picks, words: [], relevance: () => 5 },
		{ tokenBudget: budget, wholeDefLines: 150, sliceLines: 60 },
		(text) => Math.ceil(text.length / 4),
		reach,
	)
		.sources.filter((s) => s.unit === "signature" && s.node.def.id === route.id)
		.map((s) => `${s.node.def.name}:${s.range.endLine}`);

describe("a signature-only chain step's join lines (offline)", () => {
	it("lists the line where it calls another chain step the material holds, not a call of what is on no chain", () => {
		expect(map([node(send), node(route), node(verifyToken)])).toEqual(["route:100", "route:150"]);
	});

	it("lists none when the callee is on no chain, for a nested definition, with the model's picks, or with the knob off", () => {
		expect(map([node(send), node(route)])).toEqual(["route:100"]);
		expect(map([node(send), node(route), node(local)])).not.toContain("route:131");
		// With the model's picks a seed's first chain call is map-chain-calls.ts's (off here), not a join line.
		expect(
			map([node(send), node(route), node(verifyToken)], { ...JOINING, chainCallSteps: 0 }, [send.defId]),
		).toEqual(["route:100"]);
		expect(map([node(send), node(route), node(verifyToken)], { ...JOINING, joinLines: 0 })).toEqual([
			"route:100",
		]);
		expect(map([node(send), node(route), node(verifyToken)], CITATION_REACH)).not.toContain("route:150");
	});
});

describe("path joins (offline)", () => {
	it("lists the line where a step calls the step the skeleton reached from it", () => {
		expect(map([node(send), node(route), node(logRequest, route)], PATH_JOINING)).toEqual([
			"route:100",
			"route:120",
		]);
	});

	it("lists no line for two steps the skeleton does not join", () => {
		expect(map([node(send), node(route), node(logRequest)], PATH_JOINING)).toEqual(["route:100"]);
	});
});

describe("room for a join line", () => {
	it("takes back spare lines until the line fits, a few at most", () => {
		let spare = 5;
		let fits = 3;
		const room = () => spare-- > 0;
		expect(addMakingRoom(() => --fits <= 0, room)).toBe(true);
		expect(spare).toBe(3);
		expect(
			addMakingRoom(
				() => false,
				() => true,
				2,
			),
		).toBe(false);
		expect(
			addMakingRoom(
				() => false,
				() => false,
			),
		).toBe(false);
	});
});
