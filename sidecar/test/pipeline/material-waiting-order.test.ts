/**
 * The order of the map's waiting entries (signature-map.ts `listWaiting`): best rated first by
 * default; with `waitingStepsFirst` the selected chains' steps ahead of the other entries (a held
 * file's outline), and with `waitingOutlineLast` a held file's outline entries after the rest.
 */
import { describe, expect, it } from "vitest";
import type { DefRow } from "../../src/index/types.js";
import { assembleMaterial } from "../../src/pipeline/material/assemble.js";
import { CITATION_REACH, MATERIAL_REACH } from "../../src/pipeline/material/reach.js";
import type { Skeleton } from "../../src/pipeline/skeleton.js";
import { defRow } from "../support/defs.js";
import { fakeMaterialIndex } from "../support/fake-material-index.js";

const file = "jobs/queue.ts";
// Long lines: a step's slices do not fit the bodies' share, so the steps are map lines.
const lines = Array.from({ length: 700 }, (_, i) => `\tstep${i + 1}(${"x".repeat(150)});`);
lines[0] = "export function enqueue() {}";
lines[99] = `export function worker(${"a".repeat(300)}) {`;
lines[399] = `export function helper(${"a".repeat(300)}) {`;
const enqueue = defRow(file, "enqueue", "function", { startLine: 1, endLine: 1 });
const worker = defRow(file, "worker", "function", { startLine: 100, endLine: 399 });
const helper = defRow(file, "helper", "function", { startLine: 400, endLine: 700 });
const index = fakeMaterialIndex(lines, [enqueue, worker, helper], []);
const node = (def: DefRow) => ({ def, depth: 0, via: "seed", from: null, nodeClass: "major", relevance: 0 });
// `helper` is on no chain: only the outline of the file read lists it.
const skeletons = [
	{
		chain: { id: "c1", title: "jobs", paths: ["jobs"], score: 1 },
		direction: "downstream",
		nodes: [node(enqueue), node(worker)],
	},
] as unknown as Skeleton[];

/** The map's entries (`name:first line`), `enqueue` picked, the outline entry rated above the step. */
const map = (reach: typeof MATERIAL_REACH) =>
	assembleMaterial(
		index,
		{
			skeletons,
			picks: [enqueue.defId],
			words: [],
			relevance: (d) => (d.id === helper.id ? 0.5 : 0),
		},
		{ tokenBudget: 500, wholeDefLines: 150, sliceLines: 60 },
		(text) => Math.ceil(text.length / 4),
		reach,
	)
		.sources.filter((s) => s.unit === "signature")
		.map((s) => `${s.node.def.name}:${s.range.startLine}`);

describe("the map's waiting entries", () => {
	it("are listed best rated first by default: the outline entry ahead of the chain step", () => {
		expect(map(MATERIAL_REACH)).toEqual(["helper:400", "worker:100"]);
	});

	it("list the chain's steps first with waitingStepsFirst", () => {
		expect(map({ ...MATERIAL_REACH, waitingStepsFirst: true })).toEqual(["worker:100", "helper:400"]);
	});

	it("list a held file's outline entries last with waitingOutlineLast", () => {
		expect(map({ ...MATERIAL_REACH, waitingOutlineLast: true })).toEqual(["worker:100", "helper:400"]);
	});

	it("list values, class heads and types after the functions with waitingValuesLast", () => {
		const value = { ...helper, kind: "variable" } as DefRow;
		const withValue = fakeMaterialIndex(lines, [enqueue, worker, value], []);
		const names = (reach: typeof MATERIAL_REACH) =>
			assembleMaterial(
				withValue,
				{ skeletons, picks: [enqueue.defId], words: [], relevance: (d) => (d.id === value.id ? 0.5 : 0) },
				{ tokenBudget: 500, wholeDefLines: 150, sliceLines: 60 },
				(text) => Math.ceil(text.length / 4),
				reach,
			)
				.sources.filter((s) => s.unit === "signature")
				.map((s) => s.node.def.name);
		expect(names(MATERIAL_REACH)).toEqual(["helper", "worker"]);
		expect(names({ ...MATERIAL_REACH, waitingValuesLast: true })).toEqual(["worker", "helper"]);
	});

	it("leave the citation pool alone (nothing waits there)", () => {
		expect(map({ ...CITATION_REACH, waitingStepsFirst: true })).toEqual(map(CITATION_REACH));
	});
});
