/**
 * The sibling sections of a module of methods: in a module object whose `methods(self)` is a module of
 * methods, the other functions taking the same context (`routes(self)`, `handlers(self)`) return route
 * handlers and listeners keyed by a path or an event. Each member holding a function is a definition of
 * its own, so a registered route's or listener's handler is its own lines, not the whole section; a
 * group's one listener starts at the key it listens to. Those members never answer `self.m()` calls.
 */
import { describe, expect, it } from "vitest";
import { callsFrom } from "../support/calls-from.js";
import { indexForSuite, openIndexOf } from "../support/open-index.js";
import { repoWith } from "../support/repo-with.js";

const FILES: Record<string, string> = {
	"package.json": '{ "name": "shelf", "private": true }',
	"modules/book/index.js": [
		"module.exports = {",
		"\troutes(self) {",
		"\t\treturn {",
		"\t\t\tasync remove(req) {",
		"\t\t\t\treturn self.remove(req, req.body);",
		"\t\t\t},",
		"\t\t\tpost: {",
		"\t\t\t\tasync lend(req) { return self.lend(req); },",
		"\t\t\t\tasync back(req) { return self.check(req); },",
		"\t\t\t},",
		"\t\t};",
		"\t},",
		"\thandlers(self) {",
		"\t\treturn {",
		"\t\t\t'shelf:ready': {",
		"\t\t\t\tarrange() {",
		"\t\t\t\t\tself.check();",
		"\t\t\t\t},",
		"\t\t\t},",
		"\t\t};",
		"\t},",
		"\tmethods(self) {",
		"\t\treturn {",
		"\t\t\tremove(req, doc) { self.check(doc); },",
		"\t\t\tlend(req) { self.check(req); },",
		"\t\t\tcheck(x) { return !!x; },",
		"\t\t};",
		"\t},",
		"};",
	].join("\n"),
	"modules/plain/index.js": [
		"module.exports = {",
		"\troutes(deps) {",
		"\t\treturn {",
		"\t\t\tlist(req) { return deps.db.all(); },",
		"\t\t\tshow(req) { return deps.db.one(req.id); },",
		"\t\t};",
		"\t},",
		"};",
	].join("\n"),
};

const BOOK = "modules/book/index.js";
const PLAIN = "modules/plain/index.js";

describe("the sibling sections of a module of methods", () => {
	const index = indexForSuite(() => openIndexOf(repoWith(FILES, "codeask-sibling-sections-")));
	const calls = (defId: string) => callsFrom(index(), defId).sort();
	const def = (name: string) => index().def(`${BOOK}#${name}`);

	it("makes each route and listener of a sibling section a definition of its own", () => {
		const names = index()
			.defsInFile(BOOK)
			.map((d) => d.qualifiedName);
		expect(names).toEqual(
			expect.arrayContaining([
				"exports.routes.remove",
				"exports.routes.post.lend",
				"exports.routes.post.back",
				"exports.handlers.shelf:ready.arrange",
			]),
		);
		expect([def("exports.routes.post.lend")?.startLine, def("exports.routes.post.lend")?.endLine]).toEqual([
			8, 8,
		]);
		// A group's one listener holds the key line it listens to.
		const arrange = def("exports.handlers.shelf:ready.arrange");
		expect([arrange?.startLine, arrange?.endLine]).toEqual([15, 19]);
		expect(names).not.toContain("exports.handlers.shelf:ready");
	});

	it("charges each member's calls to it, and never answers a `self.m()` call with a route", () => {
		expect(calls(`${BOOK}#exports.routes.remove`)).toEqual([`${BOOK}#exports.methods.remove@5`]);
		expect(calls(`${BOOK}#exports.routes.post.lend`)).toEqual([`${BOOK}#exports.methods.lend@8`]);
		expect(calls(`${BOOK}#exports.handlers.shelf:ready.arrange`)).toEqual([
			`${BOOK}#exports.methods.check@17`,
		]);
		expect(calls(`${BOOK}#exports.methods.remove`)).toEqual([`${BOOK}#exports.methods.check@24`]);
	});

	it("leaves a module object with no module of methods whole", () => {
		const names = index()
			.defsInFile(PLAIN)
			.map((d) => d.qualifiedName);
		expect(names.filter((n) => n.startsWith("exports.routes."))).toEqual([]);
	});
});
