/**
 * The random walk with restart over a file graph (graph-walk.ts), on small graphs written here.
 */
import { describe, expect, it } from "vitest";
import { fileNeighbours, personalizedWalk, type WalkEdge } from "../../src/pipeline/graph-walk.js";

/** An undirected graph from its edges, with optional weights. */
function graph(edges: [string, string, number?][]): (node: string) => WalkEdge[] {
	const out = new Map<string, WalkEdge[]>();
	for (const [a, b, w = 1] of edges) {
		out.set(a, [...(out.get(a) ?? []), { node: b, weight: w }]);
		out.set(b, [...(out.get(b) ?? []), { node: a, weight: w }]);
	}
	return (node) => out.get(node) ?? [];
}

const order = (m: Map<string, number>) => [...m.entries()].sort((x, y) => y[1] - x[1]).map(([n]) => n);

describe("personalizedWalk", () => {
	it("reaches files several hops from the restart files, nearer ones first", () => {
		const g = graph([
			["top", "a"],
			["a", "b"],
			["b", "c"],
		]);
		const w = personalizedWalk(new Map([["top", 1]]), g);
		expect(order(w)).toEqual(["top", "a", "b", "c"]);
		expect(w.get("c")).toBeGreaterThan(0);
	});

	it("keeps the mass a distribution (it sums to 1)", () => {
		const g = graph([
			["x", "y"],
			["y", "z"],
			["x", "z"],
			["z", "w"],
		]);
		const w = personalizedWalk(
			new Map([
				["x", 2],
				["w", 1],
			]),
			g,
		);
		const total = [...w.values()].reduce((n, v) => n + v, 0);
		expect(total).toBeCloseTo(1, 6);
	});

	it("ranks a file several restart files lead to above one only a single restart file reaches", () => {
		const g = graph([
			["top1", "shared"],
			["top2", "shared"],
			["top1", "lone"],
		]);
		const w = personalizedWalk(
			new Map([
				["top1", 1],
				["top2", 1],
			]),
			g,
		);
		expect(w.get("shared") ?? 0).toBeGreaterThan(w.get("lone") ?? 0);
	});

	it("follows heavier links more", () => {
		const g = graph([
			["top", "strong", 5],
			["top", "weak", 1],
		]);
		const w = personalizedWalk(new Map([["top", 1]]), g);
		expect(w.get("strong") ?? 0).toBeGreaterThan(w.get("weak") ?? 0);
	});

	it("asks for no more neighbours than its expansion budget allows", () => {
		const asked: string[] = [];
		const chain = (node: string): WalkEdge[] => {
			asked.push(node);
			return [{ node: `${node}+`, weight: 1 }];
		};
		personalizedWalk(new Map([["n", 1]]), chain, { restart: 0.3, iterations: 10, maxExpanded: 3 });
		expect(new Set(asked).size).toBe(3);
	});

	it("gives nothing without a restart weight", () => {
		expect(personalizedWalk(new Map([["a", 0]]), graph([["a", "b"]])).size).toBe(0);
	});
});

describe("fileNeighbours", () => {
	type D = { id: number; file: string };
	type E = { src: number; dst: number; kind: string };
	const defs: D[] = [
		{ id: 1, file: "a.ts" },
		{ id: 2, file: "a.ts" },
		{ id: 3, file: "b.ts" },
		{ id: 4, file: "c.ts" },
	];
	const edges: E[] = [
		{ src: 1, dst: 3, kind: "call" },
		{ src: 2, dst: 3, kind: "call" },
		{ src: 4, dst: 1, kind: "call" },
		{ src: 1, dst: 2, kind: "call" },
		{ src: 2, dst: 4, kind: "import" },
	];
	const index = {
		defsInFile: (f: string) => defs.filter((d) => d.file === f),
		edgesFrom: (id: number) => edges.filter((e) => e.src === id),
		edgesTo: (id: number) => edges.filter((e) => e.dst === id),
	};
	const byId = (id: number) => defs.find((d) => d.id === id) ?? null;
	const link = (near: D, e: E) => (e.kind === "call" ? byId(e.src === near.id ? e.dst : e.src) : null);

	it("weights each neighbour file by the edges joining it, both ways, only the edges `link` follows", () => {
		const { neighbours, linked } = fileNeighbours(index, link, (d) => d.file);
		const n = neighbours("a.ts");
		expect(n).toEqual(
			expect.arrayContaining([
				{ node: "b.ts", weight: 2 },
				{ node: "c.ts", weight: 1 },
			]),
		);
		expect(n).toHaveLength(2);
		expect(linked.get("b.ts")?.map((d) => d.id)).toEqual([3]);
	});
});
