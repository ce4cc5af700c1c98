/**
 * The module-level lines of a held file that call or construct a definition the material names
 * (`registry.register(new AlphaProvider())` below `class AlphaProvider`) are listed, at most a few
 * per file, in line order, once the material holds the file (map-module-calls.ts).
 */
import { describe, expect, it } from "vitest";
import type { DefRow, EdgeRow } from "../../src/index/types.js";
import { reachedCandidate } from "../../src/pipeline/material/candidate.js";
import { listModuleCalls, listModuleCallsOf } from "../../src/pipeline/material/map-module-calls.js";
import { defRow } from "../support/defs.js";
import { callEdge, fakeMaterialIndex } from "../support/fake-material-index.js";
import { heldAt, mapHolding as holding } from "../support/held-map.js";

const lines = Array.from({ length: 300 }, (_, i) => `stmt${i + 1}();`);
const alpha = "server/convert/alpha.ts";
const alphaModule = defRow(alpha, "(module)", "module", { startLine: 1, endLine: 120 });
const provider = defRow(alpha, "AlphaProvider", "class", { startLine: 10, endLine: 90 });
const helper = defRow(alpha, "alphaHelper", "function", { startLine: 95, endLine: 99 });
// A method of the class, and a function inside a function: only the method makes its parent named.
const translate = defRow(alpha, "AlphaProvider.translate", "method", {
	startLine: 20,
	endLine: 30,
	parentId: provider.id,
});
const inner = defRow(alpha, "alphaHelper.inner", "function", {
	startLine: 96,
	endLine: 98,
	parentId: helper.id,
});
// A definition of another file the material names: the module code that starts it counts too.
const broker = defRow("server/broker.ts", "startBroker", "function", { startLine: 200, endLine: 210 });
const unheld = defRow("server/other.ts", "unlisted", "function", { startLine: 220, endLine: 230 });
const step = defRow("server/flow.ts", "runFlow", "function", { startLine: 250, endLine: 260 });
const defs = [alphaModule, provider, helper, translate, inner, broker, unheld, step];
const edges: EdgeRow[] = [
	{ ...callEdge(alpha, alphaModule, provider, 112), kind: "new" },
	callEdge(alpha, alphaModule, unheld, 114),
	callEdge(alpha, alphaModule, broker, 116),
	callEdge(alpha, alphaModule, helper, 118),
	// A reference (an import, a type) plugs nothing in.
	{ ...callEdge(alpha, alphaModule, provider, 2), kind: "reference" },
];
const index = {
	...fakeMaterialIndex(lines, defs, edges),
	def: (defId: string) => defs.find((d) => d.defId === defId),
};

const mapHolding = (held: readonly DefRow[]) => holding(index, step, held);
const listed = (names: () => string[], a: { sources: { range: { startLine: number } }[] }) =>
	a.sources.map((s, i) => `${names()[i]}:${s.range.startLine}`);

describe("module-level lines that plug in or start what the material names", () => {
	it("lists, in line order, the calls and constructions of held definitions, not of others nor references", () => {
		const { map, names } = mapHolding([provider, broker]);
		listModuleCalls(map, 5);
		expect(listed(names, map.a)).toEqual([
			"AlphaProvider:10",
			"startBroker:200",
			"(module):112",
			"(module):116",
		]);
	});

	it("lists at most `perFile` lines a file, and none with 0", () => {
		const capped = mapHolding([provider, broker, helper]);
		listModuleCalls(capped.map, 2);
		expect(listed(capped.names, capped.map.a).slice(3)).toEqual(["(module):112", "(module):116"]);
		const off = mapHolding([provider, broker]);
		listModuleCalls(off.map, 0);
		expect(off.names()).toEqual(["AlphaProvider", "startBroker"]);
	});

	it("keeps to `perFile` over all visits of a file, as the material comes to name more", () => {
		const { map, names } = mapHolding([provider]);
		listModuleCallsOf(map, alpha, 2);
		map.listOnce(reachedCandidate(broker, heldAt, "c1", "neighbour"));
		map.listOnce(reachedCandidate(helper, heldAt, "c1", "neighbour"));
		listModuleCallsOf(map, alpha, 2);
		expect(listed(names, map.a).filter((x) => x.startsWith("(module)"))).toEqual([
			"(module):112",
			"(module):116",
		]);
	});

	it("counts a class as named when the material names one of its methods, not a function's parent", () => {
		const { map, names } = mapHolding([translate, inner]);
		listModuleCalls(map, 5);
		expect(listed(names, map.a)).toEqual([
			"AlphaProvider.translate:20",
			"alphaHelper.inner:96",
			"(module):112",
		]);
		expect(map.a.sources[2]?.label).toContain("calls AlphaProvider");
	});

	it("lists nothing for a file the material does not hold, and a line once", () => {
		const { map, names } = mapHolding([broker]);
		listModuleCallsOf(map, alpha, 5);
		expect(names()).toEqual(["startBroker"]);
		map.listOnce(reachedCandidate(provider, heldAt, "c1", "neighbour"));
		listModuleCallsOf(map, alpha, 5);
		listModuleCallsOf(map, alpha, 5);
		expect(listed(names, map.a)).toEqual([
			"startBroker:200",
			"AlphaProvider:10",
			"(module):112",
			"(module):116",
		]);
	});
});
