import { describe, expect, it } from "vitest";
import type { DraftAnswer } from "../../src/pipeline/citation-book.js";
import type { PathIndex } from "../../src/pipeline/path/types.js";
import { placesOffTheAnswer, withoutLines } from "../../src/pipeline/short/isolated-places.js";
import { defRow, edgeGraph } from "../support/defs.js";

// A server flow (`handle` → `store`) and four places matched by words: one the flow calls, one in the
// flow's package, one reaching the flow's key from a client package, one in a client package alone.
const handle = defRow("server/handler.ts", "handle", "function", { packageName: "server" });
const store = defRow("server/store.ts", "store", "function", { packageName: "server" });
const called = defRow("shared/format.ts", "format", "function", { packageName: "shared" });
const sibling = defRow("server/cache.ts", "cacheMessage", "function", { packageName: "server" });
const viaKey = defRow("client/send.ts", "sendMessage", "function", { packageName: "client" });
const alone = defRow("sdk/message.ts", "SdkClient.sendMessage", "method", { packageName: "sdk" });
const key = defRow(null, "message-sent");
const graph = edgeGraph(
	[handle, store, called, sibling, viaKey, alone, key],
	[
		[handle, store, "call"],
		[store, called, "call"],
		[viaKey, key, "dispatch"],
		[key, handle, "handler"],
	],
) as unknown as PathIndex;
const places = [called, sibling, viaKey, alone];

describe("the short answer's places off the answer", () => {
	it("leaves out only a place in a package nothing cited is in and linked to no cited file", () => {
		expect([...placesOffTheAnswer(graph, places, [handle, store])]).toEqual([alone.id]);
	});

	it("keeps a place linked to the flow through a key both reach", () => {
		const off = placesOffTheAnswer(graph, places, [handle, store]);
		expect(off.has(viaKey.id)).toBe(false);
		// Without the key's edges the client place touches nothing the answer cites.
		const noKey = edgeGraph(places.concat(handle, store), [[handle, store, "call"]]) as unknown as PathIndex;
		expect(placesOffTheAnswer(noKey, [viaKey], [handle, store]).has(viaKey.id)).toBe(true);
	});

	it("keeps a place another cited file shares its package with, linked or not", () => {
		const unlinked = edgeGraph([handle, sibling, alone], []) as unknown as PathIndex;
		const twin = defRow("sdk/stream.ts", "SdkClient.stream", "method", { packageName: "sdk" });
		expect(placesOffTheAnswer(unlinked, [sibling], [handle]).size).toBe(0);
		expect(placesOffTheAnswer(unlinked, [alone, twin], [handle]).size).toBe(0);
	});
});

describe("an answer without some of its lines", () => {
	const answer = (body: string): DraftAnswer => ({ body, drafts: [], labels: undefined as never });
	const body = [
		"**In short**",
		"It starts in `handle` [1].",
		"",
		"**Where to look**",
		"- `format` in `shared/format.ts` [2]",
		"- `SdkClient.sendMessage` in `sdk/message.ts` [3]",
		"",
		"_Offline answer (no LLM)._",
	].join("\n");

	it("drops the lines and keeps the list's heading while an item is left", () => {
		const out = withoutLines(answer(body), new Set(["- `SdkClient.sendMessage` in `sdk/message.ts` [3]"]));
		expect(out.body).toBe(body.replace("- `SdkClient.sendMessage` in `sdk/message.ts` [3]\n", ""));
	});

	it("drops a list's heading and blank line with its last item, and no other heading", () => {
		const out = withoutLines(
			answer(body),
			new Set(["- `format` in `shared/format.ts` [2]", "- `SdkClient.sendMessage` in `sdk/message.ts` [3]"]),
		);
		expect(out.body).toBe(
			["**In short**", "It starts in `handle` [1].", "", "_Offline answer (no LLM)._"].join("\n"),
		);
	});
});
