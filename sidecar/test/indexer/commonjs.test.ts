import { describe, expect, it } from "vitest";
import { withIndexOf } from "../support/open-index.js";
import { repoWith } from "../support/repo-with.js";

describe("CommonJS modules", () => {
	it("treats require() bindings as imports, not as definitions of the file", async () => {
		const repo = repoWith(
			{
				"package.json": '{ "name": "cjs-app" }',
				"src/routes.js": [
					'const express = require("express");',
					'const { validate } = require("./validate");',
					'const httpStatus = require("http-status").default;',
					"const router = express.Router();",
					"function createUser(req, res) {",
					"  validate(req.body);",
					"  res.status(httpStatus.CREATED).end();",
					"}",
					'router.post("/users", createUser);',
					"module.exports = router;",
				].join("\n"),
				"src/validate.js": "function validate(body) { return !!body; }\nmodule.exports = { validate };\n",
			},
			"codeask-cjs-",
		);
		await withIndexOf(repo, (index) => {
			const names = index.defsInFile("src/routes.js").map((d) => d.qualifiedName);
			expect(names).toContain("createUser");
			expect(names).toContain("router");
			expect(names).not.toContain("express");
			expect(names).not.toContain("validate");
			expect(names).not.toContain("httpStatus");
		});
	});

	it("makes CommonJS assigned functions and mixin members definitions the checker's calls reach", async () => {
		const files: Record<string, string[]> = {
			"lib/shop/index.js": [
				'"use strict";',
				"const Shop = module.exports;",
				'require("./pricing")(Shop);',
				"Shop.checkout = async function (cart) {",
				"  return total(cart);",
				"};",
				"module.exports.refund = function (order) { return order; };",
				"exports.audit = (x) => x;",
				"function total(cart) { return cart.length; }",
			],
			"lib/shop/pricing.js": [
				"module.exports = function (Shop) {",
				"  Shop.discount = async function (cart) {",
				"    return cart.slice(1);",
				"  };",
				"};",
			],
			"lib/bus.js": ["module.exports = {", "  publish: function (topic) { return topic; },", "};"],
			"lib/app.js": [
				'const shop = require("./shop");',
				"async function run() {",
				"  await shop.checkout([]);",
				"  shop.refund({});",
				"  shop.audit(1);",
				"}",
				"module.exports = { run };",
			],
			// A config or data table is no API object.
			"lib/config.js": [
				"module.exports = {",
				'  codes: { "001": { name: "welcome" } },',
				"  semi: false,",
				"};",
			],
			// An ES module's assignments are ordinary statements.
			"lib/esm.js": ["export const api = {};", "api.get = function () { return 1; };"],
		};
		const repo = repoWith(
			{
				"package.json": '{ "name": "cjs-shop" }',
				...Object.fromEntries(Object.entries(files).map(([f, lines]) => [f, lines.join("\n")])),
			},
			"codeask-cjs-",
		);
		await withIndexOf(repo, (index) => {
			const names = (f: string) => index.defsInFile(f).map((d) => d.qualifiedName);
			expect(names("lib/shop/index.js")).toEqual(
				expect.arrayContaining(["Shop", "Shop.checkout", "exports.refund", "exports.audit", "total"]),
			);
			expect(names("lib/shop/pricing.js")).toEqual(expect.arrayContaining(["exports", "Shop.discount"]));
			expect(names("lib/bus.js")).toEqual(expect.arrayContaining(["exports", "exports.publish"]));
			expect(names("lib/esm.js")).not.toContain("api.get");
			expect(names("lib/config.js")).toEqual(["(module)"]);
			const run = index.def("lib/app.js#run");
			const callees = index.edgesFrom(run?.id ?? -1).map((e) => e.dstDefId);
			expect(callees).toEqual(
				expect.arrayContaining([
					"lib/shop/index.js#Shop.checkout",
					"lib/shop/index.js#exports.refund",
					"lib/shop/index.js#exports.audit",
				]),
			);
			const checkout = index.def("lib/shop/index.js#Shop.checkout");
			expect(checkout?.exported).toBe(true);
			expect(index.edgesFrom(checkout?.id ?? -1).map((e) => e.dstDefId)).toContain("lib/shop/index.js#total");
		});
	});
});
