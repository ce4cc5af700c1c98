/**
 * Build-output folders are still skipped, but not silently: the index result and its summary name
 * those holding TypeScript sources, and `include` indexes them.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { indexSummary } from "../../src/cli/index-summary.js";
import { indexRepository } from "../../src/indexer/index.js";
import { repoWith } from "../support/repo-with.js";

describe("skipped build-output folders", () => {
	const files = {
		"package.json": JSON.stringify({ name: "tool" }),
		"src/main.ts": "import { startBuild } from './build/start';\nexport const run = () => startBuild();\n",
		"src/build/start.ts": "export function startBuild() { return 1; }\n",
		"dist/main.js": "export const run = () => 1;\n",
	};

	it("names them in the result and the summary, with how to index them", async () => {
		const repo = repoWith(files);
		const result = await indexRepository({ repo, out: join(repo, "i.db") });
		expect(result.stats.files).toBe(1);
		expect(result.skippedFolders).toEqual([{ path: "src/build", files: 1 }]);
		expect(indexSummary(result)).toContain(
			"skipped as build output, holding TypeScript/component sources: src/build/ (1) → --include PATH to index them",
		);
	});

	it("indexes the folders under an include path, and names none", async () => {
		const repo = repoWith(files);
		const result = await indexRepository({ repo, out: join(repo, "i.db"), include: ["src"] });
		expect(result.stats.files).toBe(2);
		expect(result.skippedFolders).toEqual([]);
		expect(indexSummary(result)).not.toContain("skipped as build output");
	});
});
