/**
 * The module-level lines of a held file that call or construct a definition the material names
 * (`registry.register(new GoogleProvider())` below `class GoogleProvider`) are listed, at most a few
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
const google = "server/translate/google.ts";
const googleModule = defRow(google, "(module)", "module", { startLine: 1, endLine: 120 });
const provider = defRow(google, "GoogleProvider", "class", { startLine: 10, endLine: 90 });
const helper = defRow(google, "googleHelper", "function", { startLine: 95, endLine: 99 });
// A method of the class, and a function inside a function: only the method makes its parent named.
const translate = defRow(google, "GoogleProvider.translate", "method", {
	startLine: 20,
	endLine: 30,
	parentId: provider.id,
});
const inner = defRow(google, "googleHelper.inner", "function", {
	startLine: 96,
	endLine: 98,
	parentId: helper.id,
});
// A definition of another file the material names: the module code that starts it counts too.
const broker = defRow("server/broker.ts", "startBroker", "function", { startLine: 200, endLine: 210 });
const unheld = defRow("server/other.ts", "unlisted", "function", { startLine: 220, endLine: 230 });
const step = defRow("server/flow.ts", "runFlow", "function", { startLine: 250, endLine: 260 });
const defs = [googleModule, provider, helper, translate, inner, broker, unheld, step];
const edges: EdgeRow[] = [
	{ ...callEdge(google, googleModule, provider, 112), kind: "new" },
	callEdge(google, googleModule, unheld, 114),
	callEdge(google, googleModule, broker, 116),
	callEdge(google, googleModule, helper, 118),
	// A reference (an import, a type) plugs nothing in.
	{ ...callEdge(google, googleModule, provider, 2), kind: "reference" },
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
			"GoogleProvider:10",
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
		expect(off.names()).toEqual(["GoogleProvider", "startBroker"]);
	});

	it("keeps to `perFile` over all visits of a file, as the material comes to name more", () => {
		const { map, names } = mapHolding([provider]);
		listModuleCallsOf(map, google, 2);
		map.listOnce(reachedCandidate(broker, heldAt, "c1", "neighbour"));
		map.listOnce(reachedCandidate(helper, heldAt, "c1", "neighbour"));
		listModuleCallsOf(map, google, 2);
		expect(listed(names, map.a).filter((x) => x.startsWith("(module)"))).toEqual([
			"(module):112",
			"(module):116",
		]);
	});

	it("counts a class as named when the material names one of its methods, not a function's parent", () => {
		const { map, names } = mapHolding([translate, inner]);
		listModuleCalls(map, 5);
		expect(listed(names, map.a)).toEqual([
			"GoogleProvider.translate:20",
			"googleHelper.inner:96",
			"(module):112",
		]);
		expect(map.a.sources[2]?.label).toContain("calls GoogleProvider");
	});

	it("lists nothing for a file the material does not hold, and a line once", () => {
		const { map, names } = mapHolding([broker]);
		listModuleCallsOf(map, google, 5);
		expect(names()).toEqual(["startBroker"]);
		map.listOnce(reachedCandidate(provider, heldAt, "c1", "neighbour"));
		listModuleCallsOf(map, google, 5);
		listModuleCallsOf(map, google, 5);
		expect(listed(names, map.a)).toEqual([
			"startBroker:200",
			"GoogleProvider:10",
			"(module):112",
			"(module):116",
		]);
	});
});
