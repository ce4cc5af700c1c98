import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callers, listeners, shortestPath } from "../../src/graph/index.js";
import { IndexReader } from "../../src/index/reader.js";
import { fixtureWithTrunksPath } from "./fixture-with-trunks.js";

let index: IndexReader;
beforeAll(async () => {
	index = IndexReader.open(await fixtureWithTrunksPath());
});
afterAll(() => index.close());

describe("graph queries on the mini-chat example", () => {
	it("finds the path from the message composer to the server's send function across the REST trunk", () => {
		const r = shortestPath(index, "MessageComposer", "performSendMessage");
		expect(r.steps[0]?.node.defId).toBe("apps/client/src/views/room/MessageComposer.tsx#MessageComposer");
		expect(r.steps.at(-1)?.node.defId).toBe("apps/server/src/methods/sendMessage.ts#performSendMessage");
		expect(r.trunks).toContain("rest");
		expect(r.steps.some((s) => s.node.defId === "trunk:rest#chat.sendMessage")).toBe(true);
	});

	it("lists the afterMessageSave callback handler and where the hook runs", () => {
		const [r] = listeners(index, "afterMessageSave", { trunk: "callbacks" });
		expect(r?.handlers.map((h) => h.node?.name)).toContain("sendNotificationsForMessage");
		expect(r?.dispatchers.map((d) => d.node?.name)).toContain("performSendMessage");
	});

	it("reports the code that dispatches to a callback handler as its caller", () => {
		const r = callers(index, "sendNotificationsForMessage");
		expect(r.neighbours).toContainEqual(
			expect.objectContaining({
				node: expect.objectContaining({ name: "performSendMessage" }),
				via: "dispatch:callbacks",
				key: "afterMessageSave",
			}),
		);
	});
});
