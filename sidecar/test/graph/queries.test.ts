import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callees, callers, listeners, shortestPath } from "../../src/graph/queries.js";
import { GraphQueryError, resolveDef } from "../../src/graph/resolve.js";
import { IndexReader } from "../../src/index/reader.js";
import { writeTinyIndex } from "./tiny-index.js";

let index: IndexReader;
beforeAll(() => {
	index = IndexReader.open(writeTinyIndex());
});
afterAll(() => index.close());

describe("resolveDef", () => {
	it("accepts a full defId, a path suffix with a name, a qualified name and a bare name", () => {
		expect(resolveDef(index, "apps/server/src/post.ts#postMessage").defId).toBe(
			"apps/server/src/post.ts#postMessage",
		);
		expect(resolveDef(index, "service.ts#MessagingService.save").defId).toBe(
			"apps/server/src/service.ts#MessagingService.save",
		);
		expect(resolveDef(index, "MessagingService.save").kind).toBe("method");
		expect(resolveDef(index, "notifyUsers").defId).toBe("apps/server/src/notify.ts#notifyUsers");
	});

	it("reports an unknown name as not-found", () => {
		expect(() => resolveDef(index, "noSuchThing")).toThrowError(GraphQueryError);
		try {
			resolveDef(index, "noSuchThing");
		} catch (err) {
			expect((err as GraphQueryError).code).toBe("not-found");
		}
	});

	it("never silently picks one of several definitions with the same name", () => {
		// Both module pseudo-defs are named "(module)"; asking for one by bare name is ambiguous.
		try {
			resolveDef(index, "(module)");
			expect.unreachable();
		} catch (err) {
			expect((err as GraphQueryError).code).toBe("ambiguous");
			expect((err as GraphQueryError).candidates.length).toBe(3);
		}
	});
});

describe("callers and callees", () => {
	it("callers of a handler step through the key to the code that dispatches it", () => {
		const r = callers(index, "postMessage");
		expect(r.neighbours).toEqual([
			expect.objectContaining({
				node: expect.objectContaining({
					defId: "apps/web/src/send.ts#sendMessage",
					packageName: "@acme/web",
				}),
				via: "dispatch:rest",
				key: "chat.send",
				file: "apps/web/src/send.ts",
				line: 3,
				depth: 1,
			}),
		]);
	});

	it("callers with depth follow the chain upstream", () => {
		const r = callers(index, "MessagingService.save", { depth: 3 });
		expect(r.neighbours.map((n) => [n.node.name, n.depth])).toEqual([
			["postMessage", 1],
			["sendMessage", 2],
			["ChatView", 3],
		]);
	});

	it("callees of a dispatcher list the handlers of the key it dispatches", () => {
		const r = callees(index, "MessagingService.save");
		const byName = Object.fromEntries(r.neighbours.map((n) => [n.node.name, n.via]));
		expect(byName).toEqual({ validate: "call", Message: "reference", notifyUsers: "dispatch:callbacks" });
	});

	it("honours kinds and limit", () => {
		const onlyCalls = callees(index, "MessagingService.save", { kinds: ["call"] });
		expect(onlyCalls.neighbours.map((n) => n.node.name)).toEqual(["validate"]);
		const limited = callers(index, "formatText", { limit: 1 });
		expect(limited.neighbours).toHaveLength(1);
		expect(limited.truncated).toBe(true);
	});

	it("a definition nobody uses has no callers", () => {
		expect(callers(index, "orphan").neighbours).toEqual([]);
	});
});

describe("shortestPath", () => {
	it("crosses two trunks from the web client to the server's notification handler", () => {
		const r = shortestPath(index, "ChatView", "notifyUsers");
		expect(r.steps.map((s) => [s.node.defId, s.via])).toEqual([
			["apps/web/src/ChatView.tsx#ChatView", null],
			["apps/web/src/send.ts#sendMessage", "call"],
			["trunk:rest#chat.send", "dispatch"],
			["apps/server/src/post.ts#postMessage", "handler"],
			["apps/server/src/service.ts#MessagingService.save", "call"],
			["trunk:callbacks#afterSave", "dispatch"],
			["apps/server/src/notify.ts#notifyUsers", "handler"],
		]);
		expect(r.trunks).toEqual(["rest", "callbacks"]);
		expect(r.exhausted).toBe(false);
	});

	it("is empty when edges point the other way", () => {
		const r = shortestPath(index, "notifyUsers", "ChatView");
		expect(r.steps).toEqual([]);
		expect(r.exhausted).toBe(false);
	});

	it("does not cross a trunk when dispatch edges are excluded", () => {
		expect(shortestPath(index, "ChatView", "postMessage", { kinds: ["call"] }).steps).toEqual([]);
	});
});

describe("listeners", () => {
	it("lists handlers and dispatchers of a key on every trunk that has it", () => {
		const [r, ...rest] = listeners(index, "afterSave");
		expect(rest).toEqual([]);
		expect(r?.trunk).toBe("callbacks");
		expect(r?.handlers.map((h) => [h.node?.name, h.file, h.line])).toEqual([
			["notifyUsers", "apps/server/src/notify.ts", 5],
		]);
		expect(r?.dispatchers.map((d) => d.node?.name)).toEqual(["MessagingService.save"]);
	});

	it("accepts a REST path as written at a call site", () => {
		const [r] = listeners(index, "/v1/chat.send", { trunk: "rest" });
		expect(r?.key).toBe("chat.send");
		expect(r?.handlers.map((h) => h.node?.name)).toEqual(["postMessage"]);
	});

	it("suggests similar keys when the key has no sites", () => {
		const [r] = listeners(index, "chat.sendMessage");
		expect(r?.handlers).toEqual([]);
		expect(r?.suggestions).toContain("rest:chat.send");
	});
});

describe("shortestPath costs", () => {
	it("prefers a longer call/dispatch flow over a shortcut through a type", () => {
		const path = writeTinyIndex();
		const db = new Database(path);
		const id = (defId: string) =>
			(db.prepare("SELECT id FROM defs WHERE def_id = ?").get(defId) as { id: number }).id;
		const add = db.prepare(
			"INSERT INTO edges (src, dst, kind, line, resolution) VALUES (?, ?, 'reference', 1, 'checker')",
		);
		// ChatView → Message (interface) → MessagingService.save: 2 edges, but both through a type.
		add.run(id("apps/web/src/ChatView.tsx#ChatView"), id("packages/core/src/index.ts#Message"));
		add.run(id("packages/core/src/index.ts#Message"), id("apps/server/src/service.ts#MessagingService.save"));
		db.close();
		const shortcut = IndexReader.open(path);
		try {
			const r = shortestPath(shortcut, "ChatView", "MessagingService.save");
			expect(r.steps.map((s) => s.node.name)).toEqual([
				"ChatView",
				"sendMessage",
				"chat.send",
				"postMessage",
				"MessagingService.save",
			]);
			// Restricted to references, the type shortcut is the only way.
			const refs = shortestPath(shortcut, "ChatView", "MessagingService.save", { kinds: ["reference"] });
			expect(refs.steps.map((s) => s.node.name)).toEqual(["ChatView", "Message", "MessagingService.save"]);
		} finally {
			shortcut.close();
		}
	});
});
