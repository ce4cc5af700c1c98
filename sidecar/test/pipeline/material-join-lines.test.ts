/**
 * A chain step listed only as a signature gets the line where it calls another chain step the
 * material holds (`MapReach.joinLines`, off by default): both ends of the hop are named, and that
 * line joins them.
 * A call of a definition on no chain, or of one nested in the step, is no join line.
 */
import { describe, expect, it } from "vitest";
import type { DefRow } from "../../src/index/types.js";
import { assembleMaterial } from "../../src/pipeline/material/assemble.js";
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
const node = (def: DefRow) => ({ def, depth: 0, via: "seed", from: null, nodeClass: "major", relevance: 0 });
const skeletons = (steps: DefRow[]) =>
	[
		{
			chain: { id: "c1", title: "api", paths: ["api"], score: 1 },
			direction: "downstream",
			nodes: steps.map(node),
		},
	] as unknown as Skeleton[];

/** The knob on (it is off by default: `MapReach.joinLines`). */
const JOINING = { ...MATERIAL_REACH, joinLines: 4 };

/** The route's map lines (`name:last line`), with `send` picked and every step rated alike. */
const map = (steps: DefRow[], reach = JOINING) =>
	assembleMaterial(
		index,
		{ skeletons: skeletons(steps), picks: [send.defId], words: [], relevance: () => 5 },
		{ tokenBudget: 500, wholeDefLines: 150, sliceLines: 60 },
		(text) => Math.ceil(text.length / 4),
		reach,
	)
		.sources.filter((s) => s.unit === "signature" && s.node.def.id === route.id)
		.map((s) => `${s.node.def.name}:${s.range.endLine}`);

describe("a signature-only chain step's join lines", () => {
	it("lists the line where it calls another chain step the material holds, not a call of what is on no chain", () => {
		expect(map([send, route, verifyToken])).toEqual(["route:100", "route:150"]);
	});

	it("lists none when the callee is on no chain, for a nested definition, or with the knob off (the default)", () => {
		expect(map([send, route])).toEqual(["route:100"]);
		expect(map([send, route, local])).not.toContain("route:131");
		expect(map([send, route, verifyToken], MATERIAL_REACH)).toEqual(["route:100"]);
		expect(map([send, route, verifyToken], CITATION_REACH)).not.toContain("route:150");
	});
});
