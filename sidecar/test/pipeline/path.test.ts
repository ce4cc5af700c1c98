import { describe, expect, it } from "vitest";
import type { DefKind, EdgeKind } from "../../src/index/schema.js";
import type { DefRow } from "../../src/index/types.js";
import { findPath, type PathIndex } from "../../src/pipeline/path.js";
import { defRow, edgeGraph } from "../support/defs.js";

const def = (file: string, name: string, kind: DefKind = "function") => defRow(file, name, kind);

/** A tiny graph looked up like the index does; every hop written on its source's first line. */
function graph(defs: DefRow[], edges: [DefRow, DefRow, EdgeKind][]): PathIndex {
	const at = (s: DefRow, d: DefRow, kind: EdgeKind) =>
		kind === "implementation" ? { file: d.file, line: d.startLine } : { file: s.file, line: s.startLine };
	return { ...edgeGraph(defs, edges, at), fileLines: () => null };
}

const names = (path: { def: DefRow }[]) => path.map((s) => s.def.qualifiedName);

describe("findPath", () => {
	it("counts an interface member and its implementation as one step, so the hop between them adds no worth", () => {
		// Ranked best first: two connected strong places, then an interface, its implementation and
		// what the implementation calls. Counting the interface→implementation hop as a step of its
		// own made that three-step chain of weaker places outweigh the two strong ones.
		const a = def("a.ts", "start");
		const b = def("b.ts", "finish");
		const iface = def("port.ts", "Port.send", "method");
		const impl = def("adapter.ts", "Adapter.send", "method");
		const c = def("c.ts", "deliver");
		const index = graph(
			[a, b, iface, impl, c],
			[
				[a, b, "call"],
				[iface, impl, "implementation"],
				[impl, c, "call"],
			],
		);
		expect(names(findPath(index, [a, b, iface, impl, c]))).toEqual(["start", "finish"]);
	});

	it("still goes through an interface member to its implementation when the flow leads on from there", () => {
		const a = def("a.ts", "handle");
		const iface = def("port.ts", "Store.save", "method");
		const b = def("b.ts", "write");
		const impl = def("db.ts", "DbStore.save", "method");
		const index = graph(
			[a, iface, b, impl],
			[
				[a, iface, "call"],
				[iface, impl, "implementation"],
				[impl, b, "call"],
			],
		);
		const path = findPath(index, [a, iface, b, impl]);
		expect(names(path)).toEqual(["handle", "Store.save", "DbStore.save", "write"]);
		expect(path.map((s) => s.hop?.kind ?? null)).toEqual(["call", "implementation", "call", null]);
	});
});
