import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { IndexReader } from "../../src/index/reader.js";
import { indexRepository } from "../../src/indexer/index.js";

describe("CommonJS modules", () => {
	it("treats require() bindings as imports, not as definitions of the file", async () => {
		const repo = mkdtempSync(join(tmpdir(), "codeask-cjs-"));
		mkdirSync(join(repo, "src"));
		writeFileSync(join(repo, "package.json"), '{ "name": "cjs-app" }');
		writeFileSync(
			join(repo, "src/routes.js"),
			[
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
		);
		writeFileSync(
			join(repo, "src/validate.js"),
			"function validate(body) { return !!body; }\nmodule.exports = { validate };\n",
		);
		const result = await indexRepository({ repo, out: join(repo, "index.db") });
		const index = IndexReader.open(result.out);
		try {
			const names = index.defsInFile("src/routes.js").map((d) => d.qualifiedName);
			expect(names).toContain("createUser");
			expect(names).toContain("router");
			expect(names).not.toContain("express");
			expect(names).not.toContain("validate");
			expect(names).not.toContain("httpStatus");
		} finally {
			index.close();
		}
	});
});
