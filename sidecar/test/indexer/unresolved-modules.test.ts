/**
 * Unresolved call sites traced to the import they come from, so the index summary can say which
 * packages to install or which generated code is missing.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { callSiteLines } from "../../src/cli/index-summary.js";
import { indexRepository } from "../../src/indexer/index.js";
import { repoWith } from "../support/repo-with.js";

describe("unresolved call sites by module", () => {
	it("names the import each comes from: not installed, installed without its generated output, an absent in-repo folder", async () => {
		const repo = repoWith({
			"package.json": JSON.stringify({ name: "gen" }),
			// Installed, but its types are re-exported from generated code that was never generated.
			"node_modules/dbclient/package.json": JSON.stringify({ name: "dbclient", types: "index.d.ts" }),
			"node_modules/dbclient/index.d.ts": "export * from './generated/client';\n",
			"src/db.ts": [
				"import { Client } from 'dbclient';",
				"import { once } from './once';",
				"export const db = new Client();",
				"export const cache = once(() => new Client());",
				"",
			].join("\n"),
			"src/once.ts": "export function once<T>(make: () => T): T {\n\treturn make();\n}\n",
			"src/app.ts": [
				"import { z } from 'schema-lib';",
				"import { graphql } from './gql';",
				"import { cache, db } from './db';",
				"export function run(): void {",
				"\tz.string();",
				"\tz.number();",
				"\tgraphql('query');",
				"\tdb.user.findMany();",
				"\tcache.get('k');",
				"}",
				"",
			].join("\n"),
		});
		const result = await indexRepository({ repo, out: join(repo, "i.db") });
		expect(result.unresolvedByModule).toEqual([
			// `new Client()` twice, `db.user.findMany()` through the variable it made, and
			// `cache.get()` through a value made by an in-repo function from it.
			{ module: "dbclient", sites: 4, present: true },
			{ module: "schema-lib", sites: 2, present: false },
			{ module: "./src/gql", sites: 1, present: false },
		]);
		const lines = callSiteLines(result);
		expect(lines[1]).toBe(
			"most come from imports of dbclient (4, installed), schema-lib (2), ./src/gql (1, absent)",
		);
		expect(lines.slice(2).join("\n")).toMatch(
			/generated code is missing.*\n.*install the repository's dependencies/,
		);
	});

	it("traces through a tsconfig paths alias like a relative import (the alias is no outside module)", async () => {
		const repo = repoWith({
			"package.json": JSON.stringify({ name: "aliased" }),
			"tsconfig.json": JSON.stringify({ compilerOptions: { baseUrl: ".", paths: { "@app/*": ["src/*"] } } }),
			"src/db.ts": "import { Client } from 'dbclient';\nexport const db = new Client();\n",
			"src/app.ts":
				"import { db } from '@app/db';\nexport function run(): void {\n\tdb.user.findMany();\n}\n",
		});
		const result = await indexRepository({ repo, out: join(repo, "i.db") });
		expect(result.unresolvedByModule.map((m) => m.module)).toEqual(["dbclient"]);
	});
});
