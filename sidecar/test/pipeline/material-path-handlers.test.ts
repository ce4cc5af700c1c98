/**
 * The handlers of the keys a chain's path crosses (path-handlers.ts): a skeleton node reached as a
 * key's handler whose body no source reads is read whole, the best rated first, up to the reach's
 * count and lines; with `pathHandlerCrossed`, only when a body read dispatches the key.
 */
import { describe, expect, it } from "vitest";
import type { DefRow } from "../../src/index/types.js";
import { assembleMaterial } from "../../src/pipeline/material/assemble.js";
import { Assembly } from "../../src/pipeline/material/assembly.js";
import { memoIndex } from "../../src/pipeline/material/material-index.js";
import { pathHandlers } from "../../src/pipeline/material/path-handlers.js";
import { CITATION_REACH, MATERIAL_REACH } from "../../src/pipeline/material/reach.js";
import type { Skeleton, SkeletonNode } from "../../src/pipeline/skeleton.js";
import { defRow } from "../support/defs.js";
import { fakeMaterialIndex } from "../support/fake-material-index.js";

const file = "src/jobs.ts";
const enqueue = defRow(file, "Service.enqueue", "method", { startLine: 1, endLine: 10 });
const key = defRow(null, "update-index", "dispatch-key");
const worker = defRow(file, "IndexWorker.process", "method", { startLine: 20, endLine: 40 });
const other = defRow(file, "AuditWorker.process", "method", { startLine: 50, endLine: 55 });
const long = defRow(file, "BigWorker.process", "method", { startLine: 60, endLine: 200 });
const defs: DefRow[] = [enqueue, key, worker, other, long];
const lines = Array.from({ length: 200 }, (_, i) => `\tstep${i + 1}();`);

const node = (def: DefRow, via: string, depth: number, from: DefRow | null): SkeletonNode => ({
	def,
	depth,
	via,
	from: from?.id ?? null,
	nodeClass: via === "seed" ? "major" : "key",
	relevance: 0,
});
const skeletons = [
	{
		chain: { id: "c1", title: "jobs", paths: ["src"], score: 1 },
		direction: "downstream",
		nodes: [
			node(enqueue, "seed", 0, null),
			node(key, "dispatch:jobs", 1, enqueue),
			node(worker, "handler:jobs", 2, key),
			node(other, "handler:jobs", 2, key),
			node(long, "handler:jobs", 2, key),
		],
	},
] as unknown as Skeleton[];
const rate = new Map([
	[worker.id, 2],
	[other.id, 1],
]);
const relevance = (d: DefRow) => rate.get(d.id) ?? 0;

function assembly(read: DefRow[]): Assembly {
	const a = new Assembly(memoIndex(fakeMaterialIndex(lines, defs, [])), () => 1, MATERIAL_REACH);
	for (const d of read) a.markRead(d);
	return a;
}
const names = (list: ReturnType<typeof pathHandlers>) => list.map((c) => c.node.def.qualifiedName);

describe("the handlers of the keys a path crosses", () => {
	it("are the key's handler nodes no body holds, best rated first, up to the count", () => {
		expect(names(pathHandlers(assembly([enqueue]), skeletons, relevance, 60, 2, false))).toEqual([
			"IndexWorker.process",
			"AuditWorker.process",
		]);
		expect(names(pathHandlers(assembly([enqueue]), skeletons, relevance, 60, 1, false))).toEqual([
			"IndexWorker.process",
		]);
	});

	it("not one longer than the lines, nor one already read", () => {
		const got = names(pathHandlers(assembly([enqueue, worker]), skeletons, relevance, 100, 5, false));
		expect(got).toEqual(["AuditWorker.process"]);
	});

	it("with the crossed form, only when a body read dispatches the key", () => {
		expect(pathHandlers(assembly([]), skeletons, relevance, 60, 2, true)).toEqual([]);
		expect(names(pathHandlers(assembly([enqueue]), skeletons, relevance, 60, 1, true))).toEqual([
			"IndexWorker.process",
		]);
	});

	it("none the question's words rate below the floor", () => {
		expect(names(pathHandlers(assembly([enqueue]), skeletons, relevance, 60, 3, false, 2))).toEqual([
			"IndexWorker.process",
		]);
	});

	it("with the held-file form, none in a file the material does not hold", () => {
		expect(pathHandlers(assembly([enqueue]), skeletons, relevance, 60, 3, false, 0, true)).toEqual([]);
	});

	it("none when the reach reads none", () => {
		expect(pathHandlers(assembly([enqueue]), skeletons, relevance, 0, 2, false)).toEqual([]);
		expect(pathHandlers(assembly([enqueue]), skeletons, relevance, 60, 0, false)).toEqual([]);
	});
});

describe("in the assembled material", () => {
	// Four picks of 30 lines spend the bodies' share: the handler, a chain step, waits for the map.
	const picks = [1, 2, 3, 4].map((i) =>
		defRow("src/api.ts", `Api.step${i}`, "method", { startLine: i * 40, endLine: i * 40 + 29 }),
	);
	const api = Array.from({ length: 200 }, (_, i) => `\tawait this.service.call${i + 1}(input);`);
	const index = fakeMaterialIndex(lines, defs, []);
	const both = {
		...index,
		fileLines: (f: string, s: number, e: number) => (f === file ? lines : api).slice(s - 1, e),
		defById: (id: number) => [...defs, ...picks].find((d) => d.id === id),
		defsInFile: (f: string) => [...defs, ...picks].filter((d) => d.file === f),
	} as typeof index;
	const chains = [
		{
			...skeletons[0],
			nodes: [...picks.map((p) => node(p, "seed", 0, null)), ...(skeletons[0] as Skeleton).nodes],
		},
	] as Skeleton[];
	const material = (reach: typeof MATERIAL_REACH, withPicks: boolean) =>
		assembleMaterial(
			both,
			{
				skeletons: chains,
				picks: withPicks ? picks.map((p) => p.defId) : [],
				words: [],
				relevance,
			},
			{ tokenBudget: 1_000, wholeDefLines: 150, sliceLines: 60 },
			(t) => Math.ceil(t.length / 4),
			reach,
		).sources;
	const read = (list: ReturnType<typeof material>, d: DefRow) =>
		list.some((s) => s.node.def.id === d.id && s.unit === "whole" && s.role === "key-hop");

	const room = { ...MATERIAL_REACH, pathHandlerShare: 0.2 };
	const on = { ...room, pathHandlers: 3 };

	it("the best rated handler is read whole with the model's picks", () => {
		expect(read(material(on, true), worker)).toBe(true);
		expect(read(material({ ...room, pathHandlers: 0 }, true), worker)).toBe(false);
	});

	it("not without the model's picks (offline), nor in the citation pool", () => {
		expect(read(material(on, false), worker)).toBe(false);
		expect(read(material({ ...CITATION_REACH, pathHandlerShare: 0.2 }, true), worker)).toBe(false);
	});

	it("off in main's material (session 50: +8 / −8 stand-in key lines)", () => {
		expect(MATERIAL_REACH.pathHandlers).toBe(0);
		expect(read(material(room, true), worker)).toBe(false);
	});
});
