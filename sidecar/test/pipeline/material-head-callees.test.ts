/**
 * What a chain head calls that the skeleton cut (map-neighbours.ts `listHeadCallees`): per seed or
 * seed's caller the material names, its best rated direct callees no entry names, one line each.
 */
import { describe, expect, it } from "vitest";
import type { DefRow } from "../../src/index/types.js";
import { reachedCandidate } from "../../src/pipeline/material/candidate.js";
import { listHeadCallees } from "../../src/pipeline/material/map-neighbours.js";
import { defRow } from "../support/defs.js";
import { callEdge, fakeMaterialIndex } from "../support/fake-material-index.js";
import { mapHolding } from "../support/held-map.js";

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

/** A map holding `head` (a seed) and `step` (reached by a call) as signatures, then `listed`. */
function mapWith(listed: readonly DefRow[] = []) {
	const held = mapHolding(index, head, [head], [], (d) => rating.get(d.id) ?? 0);
	const at = (via: string) => ({ depth: 1, via, from: head.id, relevance: 0 });
	held.map.listOnce(reachedCandidate(step, at("call"), "c1", "chain"));
	for (const d of listed) held.map.listOnce(reachedCandidate(d, at("outline"), "c1", "neighbour"));
	return held;
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
