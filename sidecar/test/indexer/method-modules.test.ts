/**
 * Modules of methods in the `self` idiom: a module written as sections (`methods(self) { return {
 * record() {…}, … } }`, `handlers(self) { … }`) calls its members through the section's first
 * parameter (`self.record(req, doc)`). Such a returned literal's members are definitions under the
 * section, and a call through the parameter links to the member of that name in the same file. A
 * factory returning functions that never calls them through its parameter (a service reading its
 * dependencies, a wrapper delegating each member to the same member of what it wraps) is unchanged.
 */
import { describe, expect, it } from "vitest";
import { callsFrom } from "../support/calls-from.js";
import { indexForSuite, openIndexOf } from "../support/open-index.js";
import { repoWith } from "../support/repo-with.js";

const FILES: Record<string, string> = {
	"package.json": '{ "name": "notes", "private": true }',
	"lib/store.js": ["module.exports = {", "\tput(doc) { return Promise.resolve(doc); },", "};"].join("\n"),
	"modules/note/index.js": [
		"const store = require('../../lib/store');",
		"",
		"module.exports = {",
		"\tmethods(self) {",
		"\t\treturn {",
		"\t\t\tasync record(req, doc) {",
		"\t\t\t\tself.check(doc);",
		"\t\t\t\treturn self.write(req, doc);",
		"\t\t\t},",
		"\t\t\tcheck(doc) {",
		"\t\t\t\tif (!doc.title) throw new Error('title');",
		"\t\t\t},",
		"\t\t\twrite: (req, doc) => store.put({ ...doc, by: req.user }),",
		"\t\t\tlabel: 'note',",
		"\t\t};",
		"\t},",
		"\thandlers(self) {",
		"\t\treturn {",
		"\t\t\timported: { async addNote(req, doc) { await self.record(req, doc); } },",
		"\t\t};",
		"\t},",
		"};",
	].join("\n"),
	"modules/clock/index.js": [
		"const store = require('../../lib/store');",
		"",
		"function createClock(deps) {",
		"\treturn {",
		"\t\tbegin() { return deps.timer.begin(); },",
		"\t\tstop() { return store.put({ stopped: true }); },",
		"\t\tstatus() { return deps.timer.read(); },",
		"\t};",
		"}",
		"",
		"function wrapClock(inner) {",
		"\treturn {",
		"\t\tbegin() { return inner.begin(); },",
		"\t\tstop() { return inner.stop(); },",
		"\t\tstatus() { return inner.status(); },",
		"\t};",
		"}",
		"",
		"module.exports = { createClock, wrapClock };",
	].join("\n"),
};

const NOTE = "modules/note/index.js";
const CLOCK = "modules/clock/index.js";

describe("a module of methods called through its own context", () => {
	const index = indexForSuite(() => openIndexOf(repoWith(FILES, "codeask-method-modules-")));

	/** The call edges out of a definition, as `dstDefId@line`, sorted. */
	const calls = (defId: string) => callsFrom(index(), defId).sort();

	/** Qualified names of the definitions of a file. */
	const names = (path: string) =>
		index()
			.defsInFile(path)
			.map((d) => d.qualifiedName);

	it("makes each function of the section's returned literal a definition under the section", () => {
		expect(names(NOTE)).toEqual(
			expect.arrayContaining(["exports.methods.record", "exports.methods.check", "exports.methods.write"]),
		);
		// Data is no definition; a sibling section's listeners are definitions too (sibling-sections.test.ts).
		expect(names(NOTE)).not.toContain("exports.methods.label");
		expect(names(NOTE).filter((n) => n.startsWith("exports.handlers."))).toEqual([
			"exports.handlers.imported.addNote",
		]);
		const record = index().def(`${NOTE}#exports.methods.record`);
		expect([record?.startLine, record?.endLine]).toEqual([6, 9]);
	});

	it("links a call through the context to the member, from a sibling section too", () => {
		expect(calls(`${NOTE}#exports.methods.record`)).toEqual([
			`${NOTE}#exports.methods.check@7`,
			`${NOTE}#exports.methods.write@8`,
		]);
		expect(calls(`${NOTE}#exports.methods.write`)).toEqual(["lib/store.js#exports.put@13"]);
		expect(calls(`${NOTE}#exports.handlers.imported.addNote`)).toEqual([`${NOTE}#exports.methods.record@19`]);
	});

	it("leaves factories that never call their members through the parameter unchanged", () => {
		const clockNames = names(CLOCK);
		expect(clockNames.filter((n) => n.startsWith("createClock."))).toEqual([]);
		expect(clockNames.filter((n) => n.startsWith("wrapClock."))).toEqual([]);
		expect(calls(`${CLOCK}#createClock`)).toEqual(["lib/store.js#exports.put@6"]);
		expect(calls(`${CLOCK}#wrapClock`)).toEqual([]);
	});
});
