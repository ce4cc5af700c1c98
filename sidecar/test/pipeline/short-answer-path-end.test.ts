import { describe, expect, it } from "vitest";
import type { DefRow } from "../../src/index/types.js";
import { shortAnswer } from "../../src/pipeline/answer-short.js";
import type { PathIndex } from "../../src/pipeline/path.js";
import { defRow, edgeGraph } from "../support/defs.js";

/** Every hop written on its source's first line, whose text names the callee. */
function graph(defs: DefRow[], edges: Parameters<typeof edgeGraph>[1]): PathIndex {
	const g = edgeGraph(defs, edges, (s) => ({ file: s.file, line: s.startLine }));
	const byLine = new Map(edges.map(([s, d]) => [`${s.file}:${s.startLine}`, `await ${d.name}(x);`]));
	return { ...g, fileLines: (file, start) => [byLine.get(`${file}:${start}`) ?? "x"] };
}

describe("the short answer's last step", () => {
	it("names the one implementation of an interface member the path ends at", () => {
		const handler = defRow("api/rooms.ts", "createRoomRoute");
		const contract = defRow("typings/rooms.ts", "IRooms", "interface");
		const member = defRow("typings/rooms.ts", "IRooms.insertRoom", "method", { parentId: contract.id });
		const store = defRow("models/rooms.ts", "RoomsStore", "class");
		const impl = defRow("models/rooms.ts", "RoomsStore.insertRoom", "method", { parentId: store.id });
		const index = graph(
			[handler, contract, member, store, impl],
			[
				[handler, member, "call"],
				[member, impl, "implementation"],
			],
		);
		const ranking = { order: [handler, member], fileScore: new Map<string, number>() };
		const { body } = shortAnswer(index, "how is a room created?", [], ranking);
		expect(body).toContain("1. `createRoomRoute` calls `IRooms.insertRoom`");
		expect(body).toMatch(
			/2\. `IRooms\.insertRoom` \[\d+\]; implemented by `RoomsStore\.insertRoom` in `models\/rooms\.ts`/,
		);
		expect(body).toContain("implemented by `RoomsStore.insertRoom` in `models/rooms.ts`.");

		// A plain function at the end names nothing more.
		const plain = shortAnswer(
			graph([handler, impl], [[handler, impl, "call"]]),
			"how is a room created?",
			[],
			{ order: [handler, impl], fileScore: new Map() },
		);
		expect(plain.body).not.toContain("implemented by");
	});

	it("gives the last place under Where to look to a bridge off the path, between two strong places", () => {
		// The path is p1 → p2; c1 → relay → c2 is another connected pair, joined through `relay`,
		// a definition no ranking put among the candidates.
		const p1 = defRow("a/p1.ts", "startFlow");
		const p2 = defRow("a/p2.ts", "finishFlow");
		const c1 = defRow("b/c1.ts", "receiveOrder");
		const c2 = defRow("b/c2.ts", "storeOrder");
		const relay = defRow("b/relay.ts", "relayOrder");
		const fillers = Array.from({ length: 6 }, (_, i) => defRow(`z/f${i}.ts`, `filler${i}`));
		const index = graph(
			[p1, p2, c1, c2, relay, ...fillers],
			[
				[p1, p2, "call"],
				[c1, relay, "call"],
				[relay, c2, "call"],
			],
		);
		const ranking = { order: [p1, p2, c1, c2, ...fillers], fileScore: new Map<string, number>() };
		const { body } = shortAnswer(index, "how is an order stored?", [], ranking);
		const places = body
			.split("**Where to look**")[1]
			?.split("\n")
			.filter((l) => l.startsWith("- "));
		expect(places?.length).toBe(7);
		expect(places?.[6]).toContain("`relayOrder` in `b/relay.ts`");
		expect(body).not.toContain("filler5");
	});
});
