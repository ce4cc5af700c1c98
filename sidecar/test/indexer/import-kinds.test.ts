import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { importsLine } from "../../src/cli/index-summary.js";
import { indexRepository } from "../../src/indexer/index.js";

const repo = mkdtempSync(join(tmpdir(), "codeask-import-kinds-"));
afterAll(() => rmSync(repo, { recursive: true, force: true }));

const write = (path: string, text: string) => {
	mkdirSync(dirname(join(repo, path)), { recursive: true });
	writeFileSync(join(repo, path), text);
};

describe("in-repo import counts", () => {
	it("count path aliases and workspace packages beside relative imports, each kind apart", async () => {
		write("package.json", JSON.stringify({ name: "shop", private: true, workspaces: ["packages/*"] }));
		write(
			"tsconfig.json",
			JSON.stringify({
				compilerOptions: {
					baseUrl: ".",
					paths: {
						"@shop/common/*": ["libs/common/*"],
						"@vendor/*": ["node_modules/@vendor/*"],
						"*": ["types/*"],
					},
				},
			}),
		);
		write("packages/util/package.json", JSON.stringify({ name: "@shop/util", main: "src/index.ts" }));
		write("packages/util/src/index.ts", "export const twice = (n: number) => n * 2;\n");
		write("libs/common/config.ts", "export const port = 80;\n");
		write("apps/api/local.ts", "export const local = 1;\n");
		write(
			"apps/api/main.ts",
			[
				'import { local } from "./local";', // relative
				'import { port } from "@shop/common/config";', // path alias, resolved
				'import { gone } from "@shop/common/removed";', // path alias, absent
				'import { twice } from "@shop/util";', // workspace package
				'import { debounce } from "lodash";', // a package's (the `*` catch-all is no alias)
				'import { chart } from "@vendor/charts";', // a package's: the alias maps into node_modules
				"export const all = [local, port, gone, twice(1), debounce, chart];",
			].join("\n"),
		);
		const result = await indexRepository({ repo, out: join(repo, "index.db") });
		expect(result.imports.byKind).toEqual({
			relative: { inRepo: 1, resolved: 1 },
			alias: { inRepo: 2, resolved: 1 },
			workspace: { inRepo: 1, resolved: 1 },
		});
		expect([result.imports.inRepo, result.imports.resolved]).toEqual([4, 3]);
		expect(importsLine(result.imports)).toBe(
			"in-repo imports resolved: 3/4 (relative 1/1, path alias 1/2, workspace package 1/1)",
		);
	});
});
