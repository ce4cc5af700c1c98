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
});
