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
const exportFile = "client/export.ts";
const head = defRow(exportFile, "exportReport");
const compress = defRow("client/archive/archive.ts", "Archive.compress", "method");
const notify = defRow(exportFile, "notifyExported");
const format = defRow(exportFile, "formatSize");
// Nothing of the question in its name or text: a head calls much besides its flow.
const unrated = defRow(exportFile, "readBlob");
const logger = defRow("lib/logger.ts", "log", "function", { fanIn: 300 });
const testHelper = defRow("client/exportFile.spec.ts", "fakeExport");
// A step the skeleton walked to, not a head: what it calls is the skeleton's to reach.
const step = defRow("server/store.ts", "storeReport");
const stepCallee = defRow("server/store.ts", "writeRow");
const defs = [head, compress, notify, format, unrated, logger, testHelper, step, stepCallee];
const edges = [
	callEdge(exportFile, head, unrated, head.startLine as number),
	callEdge(exportFile, head, format, head.startLine as number),
	callEdge(exportFile, head, logger, head.startLine as number),
	callEdge(exportFile, head, testHelper, head.startLine as number),
	callEdge(exportFile, head, notify, head.startLine as number),
	callEdge(exportFile, head, compress, head.startLine as number),
	callEdge("server/store.ts", step, stepCallee, step.startLine as number),
];
const index = fakeMaterialIndex(lines, defs, edges);
const rating = new Map<number, number>([
	[compress.id, 3],
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

const held = ["exportReport", "storeReport"];
const cutCallees = ["Archive.compress", "notifyExported", "formatSize"];

describe("a chain head's callees the skeleton cut", () => {
	it("lists a head's best rated callees, not a widely used one, test code, nor a non-head step's", () => {
		expect(afterHeadCallees(2)).toEqual([...held, ...cutCallees.slice(0, 2)]);
	});

	it("skips a callee an entry already names or the question's words do not rate; none with a count of 0", () => {
		expect(afterHeadCallees(2, [compress])).toEqual([...held, ...cutCallees]);
		expect(afterHeadCallees(10)).toEqual([...held, ...cutCallees]);
		expect(afterHeadCallees(0)).toEqual(held);
	});
});
