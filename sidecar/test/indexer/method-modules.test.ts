/**
 * Modules of methods: an object literal a function returns with at least three members that are
 * functions or nested objects (`return { insert() {…}, find: (id) => …, routes: { … } }`) is code
 * called member by member, so each member is a definition under the function, charged with what it
 * calls. A smaller literal (`return { get, set }` written in place, a proxy handler's) stays part of
 * the function returning it, and so does a literal of data (nested objects holding no function) or one
 * whose members read no member of the function's parameters (the module's context, `self.insert(…)`).
 */
import { describe, expect, it } from "vitest";
import { indexForSuite, openIndexOf } from "../support/open-index.js";
import { repoWith } from "../support/repo-with.js";

const FILES: Record<string, string> = {
	"package.json": '{ "name": "shop", "private": true }',
	"src/db.ts": [
		"export const db = {",
		"\twrite: (doc: unknown) => Promise.resolve(doc),",
		"\tread: (id: string) => Promise.resolve(id),",
		"};",
	].join("\n"),
	"src/store.ts": [
		"import { db } from './db';",
		"",
		"export function createStore(self: { name: string }) {",
		"\tconst log = (m: string) => console.log(self.name, m);",
		"\treturn {",
		"\t\tlabel: self.name,",
		"\t\tasync insert(doc: unknown) {",
		"\t\t\tlog('insert');",
		"\t\t\treturn db.write(doc);",
		"\t\t},",
		"\t\tfind: (id: string) => db.read(id),",
		"\t\tremove: function (id: string) {",
		"\t\t\treturn db.write({ id, removed: true });",
		"\t\t},",
		"\t\troutes: { post: { save(doc: unknown) { return db.write(doc); } } },",
		"\t};",
		"}",
		"",
		"export function createPair() {",
		"\treturn { get: (k: string) => db.read(k), set(k: string, v: unknown) { db.write({ k, v }); }, size: 2 };",
		"}",
		"",
		"export function createCounter(start: number) {",
		"\treturn { up: () => db.read(String(start + 1)), down: () => db.read(String(start - 1)), reset() { return db.read('0'); } };",
		"}",
		"",
		"export function defaultState(self: { name: string }) {",
		"\treturn { cursor: { x: 0, y: 0 }, zoom: { value: 1 }, grid: { size: 20 }, reset: () => db.read(self.name) };",
		"}",
	].join("\n"),
	"src/checkout.ts": [
		"import { createStore } from './store';",
		"",
		"export function saveOrder() {",
		"\tconst orders = createStore({ name: 'orders' });",
		"\treturn orders.insert({});",
		"}",
	].join("\n"),
};

const STORE = "src/store.ts";

describe("a returned module of methods", () => {
	const index = indexForSuite(() => openIndexOf(repoWith(FILES, "codeask-method-modules-")));

	/** Qualified names of the definitions `defId` has an edge of `kind` to. */
	function targets(defId: string, kind: string): string[] {
		const def = index().def(defId);
		expect(def, defId).toBeDefined();
		return index()
			.edgesFrom(def?.id ?? -1)
			.filter((e) => e.kind === kind)
			.map((e) => index().defById(e.dst)?.defId ?? "")
			.sort();
	}

	it("makes each function and nested object of the literal a definition under the function", () => {
		const names = index()
			.defsInFile(STORE)
			.map((d) => [d.qualifiedName, d.kind]);
		expect(names).toEqual(
			expect.arrayContaining([
				["createStore.insert", "method"],
				["createStore.find", "method"],
				["createStore.remove", "method"],
				["createStore.routes", "property"],
				["createStore.routes.post.save", "method"],
			]),
		);
		const flat = names.map(([n]) => n);
		// Data members and the function's own helpers are no definitions.
		expect(flat).not.toContain("createStore.label");
		expect(flat).not.toContain("createStore.log");
		const insert = index().def(`${STORE}#createStore.insert`);
		expect([insert?.startLine, insert?.endLine]).toEqual([7, 10]);
	});

	it("charges what a member calls to the member, and links a call through the result to it", () => {
		expect(targets(`${STORE}#createStore.insert`, "call")).toEqual(["src/db.ts#db.write"]);
		expect(targets(`${STORE}#createStore.find`, "call")).toEqual(["src/db.ts#db.read"]);
		expect(targets(`${STORE}#createStore.routes.post.save`, "call")).toEqual(["src/db.ts#db.write"]);
		expect(targets(`${STORE}#createStore`, "call")).toEqual([]);
		expect(targets("src/checkout.ts#saveOrder", "call")).toEqual([
			`${STORE}#createStore`,
			`${STORE}#createStore.insert`,
		]);
	});

	it("leaves a literal with fewer than three functions or objects to the function returning it", () => {
		const pair = index().def(`${STORE}#createPair`);
		const children = index()
			.defsInFile(STORE)
			.filter((d) => d.parentId === pair?.id);
		expect(children).toEqual([]);
		expect(targets(`${STORE}#createPair`, "call")).toEqual(["src/db.ts#db.read", "src/db.ts#db.write"]);
		// Members that read no member of the function's parameters (no context object) stay its code.
		const counter = index().def(`${STORE}#createCounter`);
		expect(
			index()
				.defsInFile(STORE)
				.filter((d) => d.parentId === counter?.id),
		).toEqual([]);
		// Nested objects of data are no group of methods: one function among them is too few.
		const state = index().def(`${STORE}#defaultState`);
		expect(
			index()
				.defsInFile(STORE)
				.filter((d) => d.parentId === state?.id),
		).toEqual([]);
	});
});
