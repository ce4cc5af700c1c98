/**
 * A module of methods hands one of its members on as a value through its context (`app.get('*', self.serve)`,
 * `promisify(self.copyIn)`): a reference to that member, as a call through the context is a call
 * (method-modules.test.ts). Data members and names no section defines stay unresolved.
 */
import { describe, expect, it } from "vitest";
import type { IndexReader } from "../../src/index/reader.js";
import { withIndexOf } from "../support/open-index.js";
import { repoWith } from "../support/repo-with.js";

const PAGE = "modules/page/index.js";

const edgesOut = (index: IndexReader, defKey: string): string[] =>
	index.edgesFrom(index.def(defKey)?.id ?? -1).map((e) => `${e.kind} ${e.dstDefId}`);

describe("a module's method handed on through its context", () => {
	it("is a reference from the function handing it on", async () => {
		const repo = repoWith(
			{
				"package.json": '{ "name": "pages", "private": true }',
				[PAGE]: [
					"module.exports = {",
					"\tmethods(self) {",
					"\t\treturn {",
					"\t\t\tasync serve(req, res) {",
					"\t\t\t\treturn res.send(self.label);",
					"\t\t\t},",
					"\t\t\tlabel: 'page',",
					"\t\t\trefresh(req, res) {",
					"\t\t\t\treturn self.serve(req, res);",
					"\t\t\t},",
					"\t\t\taddServeRoute(app) {",
					"\t\t\t\tapp.get('*', self.serve, self.label, self.missing);",
					"\t\t\t},",
					"\t\t};",
					"\t},",
					"};",
				].join("\n"),
			},
			"codeask-self-references-",
		);
		await withIndexOf(repo, (index) => {
			const out = edgesOut(index, `${PAGE}#exports.methods.addServeRoute`);
			expect(out).toContain(`reference ${PAGE}#exports.methods.serve`);
			expect(out.filter((e) => e.includes("label") || e.includes("missing"))).toEqual([]);
		});
	});
});
