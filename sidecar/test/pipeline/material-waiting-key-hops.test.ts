/**
 * A chain step the model passed over that the question's words do not rate waits for the map's
 * tail (`MapReach.unpickedBelow`). It does not wait when it fires a key the question names (the
 * hop asked about), and a step that waited still gets its key-hop line once it is listed — right
 * after its signature for the best rated (`MapReach.waitingHopSteps`), ahead of those rated lower.
 */
import { describe, expect, it } from "vitest";
import type { DefRow, EdgeRow } from "../../src/index/types.js";
import { assembleMaterial } from "../../src/pipeline/material/assemble.js";
import { CITATION_REACH, MATERIAL_REACH } from "../../src/pipeline/material/reach.js";
import type { Skeleton } from "../../src/pipeline/skeleton.js";
import { defRow } from "../support/defs.js";
import { fakeMaterialIndex } from "../support/fake-material-index.js";

const file = "chat/flow.ts";
// Long lines (heads too): a step's slices do not fit the bodies' share, so the steps are map lines.
const lines = Array.from({ length: 700 }, (_, i) => `\tstep${i + 1}(${"x".repeat(150)});`);
lines[0] = "export function send() {}";
lines[99] = `export function far(${"a".repeat(600)}) {`;
lines[399] = `export function client(${"a".repeat(600)}) {`;
lines[439] = "\tawait sdk.call('sendMessage');";
const send = defRow(file, "send", "function", { startLine: 1, endLine: 1 });
const far = defRow(file, "far", "function", { startLine: 100, endLine: 399 });
const client = defRow(file, "client", "function", { startLine: 400, endLine: 700 });
const key = defRow(null, "sendMessage", "dispatch-key");
const dispatch: EdgeRow = {
	src: client.id,
	dst: key.id,
	kind: "dispatch",
	file,
	line: 440,
	srcDefId: client.defId,
	dstDefId: key.defId,
	resolution: "checker",
};
const index = fakeMaterialIndex(lines, [send, far, client, key], [dispatch]);
const node = (def: DefRow) => ({ def, depth: 0, via: "seed", from: null, nodeClass: "major", relevance: 0 });
const skeletons = [
	{
		chain: { id: "c1", title: "chat", paths: ["chat"], score: 1 },
		direction: "downstream",
		nodes: [node(send), node(far), node(client)],
	},
] as unknown as Skeleton[];

/** The map's entries (`name:first line`), with `send` picked, the key rated `keyRating`, the steps `rate`. */
const map = (keyRating: number, reach = MATERIAL_REACH, rate: (d: DefRow) => number = () => 0) =>
	assembleMaterial(
		index,
		{
			skeletons,
			picks: [send.defId],
			words: [],
			relevance: (d) => (d.id === key.id ? keyRating : rate(d)),
		},
		{ tokenBudget: 500, wholeDefLines: 150, sliceLines: 60 },
		(text) => Math.ceil(text.length / 4),
		reach,
	)
		.sources.filter((s) => s.unit === "signature")
		.map((s) => `${s.node.def.name}:${s.range.startLine}`);

describe("a chain step the model passed over", () => {
	it("does not wait when it fires a key the question's words rate: listed with its key line", () => {
		expect(map(5)).toEqual(["client:400", "client:440", "far:100"]);
	});

	it("waits otherwise, and gets its key line once listed at the map's tail", () => {
		expect(map(0)).toEqual(["far:100", "client:400", "client:440"]);
	});

	it("keeps the chain's order when nothing waits, and no key line without keyHopLines", () => {
		expect(map(0, { ...MATERIAL_REACH, unpickedBelow: 0 })).toEqual(["far:100", "client:400", "client:440"]);
		expect(map(5, { ...MATERIAL_REACH, keyHopLines: false })).toEqual(["far:100", "client:400"]);
		expect(map(5, CITATION_REACH)).not.toContain("client:440");
	});

	it("lists a better-rated waiting step's key line right after it, ahead of the lower-rated entries", () => {
		const rate = (d: DefRow) => (d.id === client.id ? 1 : d.id === far.id ? 0.5 : 0);
		expect(map(0, MATERIAL_REACH, rate)).toEqual(["client:400", "client:440", "far:100"]);
		expect(map(0, { ...MATERIAL_REACH, waitingHopSteps: 0 }, rate)).toEqual([
			"client:400",
			"far:100",
			"client:440",
		]);
	});
});
