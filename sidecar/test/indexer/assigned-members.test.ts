/**
 * Methods defined by assignment inside the function building their object (`const self = this;
 * self.copyIn = function …`, a class constructor's `this.read = async () => …`, a factory's
 * `const self = {}; self.string = …; return self`): each is a definition of its own under its builder,
 * and a call through the same receiver (`self.copyIn(…)`, `this.read(…)`) runs it.
 */
import { describe, expect, it } from "vitest";
import { callsFrom } from "../support/calls-from.js";
import { indexForSuite, openIndexOf } from "../support/open-index.js";
import { repoWith } from "../support/repo-with.js";

const FILES: Record<string, string> = {
	"package.json": '{ "name": "store", "private": true }',
	"lib/store.js": [
		"function Store() {",
		"\tconst self = this;",
		"\tself.logger = console;",
		"\t// Copies a local file in.",
		"\tself.copyIn = function (local, path, cb) {",
		"\t\treturn self.write(path, local, cb);",
		"\t};",
		"\tself.copyImageIn = function (local, path, cb) {",
		"\t\tfunction done() { return self.copyIn(local, path, cb); }",
		"\t\treturn done();",
		"\t};",
		"\tif (true) {",
		"\t\tself.write = (path, data, cb) => cb(null, path);",
		"\t}",
		"}",
		"module.exports = function () { return new Store(); };",
	].join("\n"),
	"lib/clean.js": [
		"module.exports = function (options) {",
		"\tconst self = {};",
		"\tself.options = options || {};",
		"\tself.string = function (s) { return self.trim(s); };",
		"\tself.trim = function (s) { return s.trim(); };",
		"\treturn self;",
		"};",
	].join("\n"),
	"lib/reader.ts": [
		"export class Reader {",
		"\tread: (id: string) => Promise<string>;",
		"\tconstructor() {",
		"\t\tthis.read = async (id: string) => this.load(id);",
		"\t}",
		"\tload(id: string) { return Promise.resolve(id); }",
		"}",
	].join("\n"),
	"lib/data.js": [
		"function builder() {",
		"\tconst out = {};",
		"\tout.run = function () { return 1; };",
		"\treturn 2;",
		"}",
		"module.exports = builder;",
	].join("\n"),
};

const STORE = "lib/store.js";
const CLEAN = "lib/clean.js";

describe("members assigned on the object a function builds", () => {
	const index = indexForSuite(() => openIndexOf(repoWith(FILES, "codeask-assigned-members-")));
	const calls = (defId: string) => callsFrom(index(), defId).sort();
	const names = (path: string) =>
		index()
			.defsInFile(path)
			.map((d) => d.qualifiedName);

	it("makes each function assigned on `this`, its alias or a returned local a definition of its own", () => {
		expect(names(STORE)).toEqual(
			expect.arrayContaining(["Store", "Store.copyIn", "Store.copyImageIn", "Store.write"]),
		);
		expect(names(STORE)).not.toContain("Store.logger");
		const copyIn = index().def(`${STORE}#Store.copyIn`);
		expect([copyIn?.startLine, copyIn?.endLine, copyIn?.kind]).toEqual([5, 7, "method"]);
		expect(copyIn?.description ?? "").toContain("Copies a local file in.");
		expect(names(CLEAN)).toEqual(expect.arrayContaining(["exports.string", "exports.trim"]));
		expect(names("lib/reader.ts")).toContain("Reader.constructor.read");
	});

	it("resolves calls through the same receiver to the assigned member, from nested functions too", () => {
		expect(calls(`${STORE}#Store.copyIn`)).toEqual([`${STORE}#Store.write@6`]);
		expect(calls(`${STORE}#Store.copyImageIn`)).toEqual([`${STORE}#Store.copyIn@9`]);
		expect(calls(`${CLEAN}#exports.string`)).toEqual([`${CLEAN}#exports.trim@4`]);
		expect(calls("lib/reader.ts#Reader.constructor.read")).toEqual(["lib/reader.ts#Reader.load@4"]);
	});

	it("leaves a local object the function does not return as its own code", () => {
		expect(names("lib/data.js")).not.toContain("builder.run");
	});
});
