/**
 * What a chain head calls that the skeleton cut (map-neighbours.ts `listHeadCallees`): per seed or
 * seed's caller the material names, its best rated direct callees no entry names, one line each.
 */
import { describe, expect, it } from "vitest";
import type { DefRow } from "../../src/index/types.js";
import { Assembly } from "../../src/pipeline/material/assembly.js";
import { reachedCandidate } from "../../src/pipeline/material/candidate.js";
import { listHeadCallees } from "../../src/pipeline/material/map-neighbours.js";
import { MATERIAL_REACH } from "../../src/pipeline/material/reach.js";
import { SignatureMap } from "../../src/pipeline/material/signature-map.js";
import type { Skeleton } from "../../src/pipeline/skeleton.js";
import { defRow } from "../support/defs.js";
import { callEdge, fakeMaterialIndex } from "../support/fake-material-index.js";

const lines = Array.from({ length: 400 }, (_, i) => `const line${i + 1} = ${i};`);
const upload = "client/upload.ts";
const head = defRow(upload, "uploadFiles");
const encrypt = defRow("client/e2e/room.ts", "Room.encryptFile", "method");
const notify = defRow(upload, "notifyUploaded");
const format = defRow(upload, "formatSize");
// Nothing of the question in its name or text: a head calls much besides its flow.
const unrated = defRow(upload, "readBlob");
const logger = defRow("lib/logger.ts", "log", "function", { fanIn: 300 });
const testHelper = defRow("client/upload.spec.ts", "fakeUpload");
// A step the skeleton walked to, not a head: what it calls is the skeleton's to reach.
const step = defRow("server/store.ts", "storeFile");
const stepCallee = defRow("server/store.ts", "writeChunk");
const defs = [head, encrypt, notify, format, unrated, logger, testHelper, step, stepCallee];
const edges = [
	callEdge(upload, head, unrated, head.startLine as number),
	callEdge(upload, head, format, head.startLine as number),
	callEdge(upload, head, logger, head.startLine as number),
	callEdge(upload, head, testHelper, head.startLine as number),
	callEdge(upload, head, notify, head.startLine as number),
	callEdge(upload, head, encrypt, head.startLine as number),
	callEdge("server/store.ts", step, stepCallee, step.startLine as number),
];
const index = fakeMaterialIndex(lines, defs, edges);
const rating = new Map<number, number>([
	[encrypt.id, 3],
	[notify.id, 2],
	[format.id, 1],
	[logger.id, 5],
	[testHelper.id, 5],
]);

/** A map holding `head` (a seed) and `step` (reached by a call) as signatures. */
function mapWith(listed: readonly DefRow[] = []) {
	const a = new Assembly(index, (t) => Math.ceil(t.length / 4), MATERIAL_REACH);
	const skeletons = [
		{
			chain: { id: "c1", title: "c", paths: [], score: 1 },
			direction: "downstream",
			nodes: [{ def: head, depth: 0, via: "seed", from: null, nodeClass: "major", relevance: 0 }],
		},
	] as unknown as Skeleton[];
	const relevance = (d: DefRow) => rating.get(d.id) ?? 0;
	const map = new SignatureMap(a, { skeletons, picks: [], words: [], relevance }, new Set(), 10_000);
	map.listOnce(reachedCandidate(head, { depth: 0, via: "seed", from: null, relevance: 0 }, "c1", "seed"));
	map.listOnce(reachedCandidate(step, { depth: 1, via: "call", from: head.id, relevance: 0 }, "c1", "chain"));
	for (const d of listed)
		map.listOnce(
			reachedCandidate(d, { depth: 1, via: "outline", from: null, relevance: 0 }, "c1", "neighbour"),
		);
	const names = () => a.sources.map((s) => s.node.def.qualifiedName);
	return { map, names };
}

/** What the map holds after `listHeadCallees(per)` on a map already naming `listed`. */
function afterHeadCallees(per: number, listed: readonly DefRow[] = []): string[] {
	const { map, names } = mapWith(listed);
	listHeadCallees(map, per);
	return names();
}

const held = ["uploadFiles", "storeFile"];
const cutCallees = ["Room.encryptFile", "notifyUploaded", "formatSize"];

describe("a chain head's callees the skeleton cut", () => {
	it("lists a head's best rated callees, not a widely used one, test code, nor a non-head step's", () => {
		expect(afterHeadCallees(2)).toEqual([...held, ...cutCallees.slice(0, 2)]);
	});

	it("skips a callee an entry already names or the question's words do not rate; none with a count of 0", () => {
		expect(afterHeadCallees(2, [encrypt])).toEqual([...held, ...cutCallees]);
		expect(afterHeadCallees(10)).toEqual([...held, ...cutCallees]);
		expect(afterHeadCallees(0)).toEqual(held);
	});
});
