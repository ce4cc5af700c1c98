import { symlinkSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { indexRepository } from "../../src/indexer/index.js";
import { openIndexOf, readThenClose, withIndexAt } from "../support/open-index.js";
import { repoWith } from "../support/repo-with.js";

describe("externals, node_modules and symlinks", () => {
	it("uses node_modules when present: calls into it are external, calls into missing packages unresolved", async () => {
		const repo = repoWith({
			"package.json": JSON.stringify({ name: "solo" }),
			"node_modules/left-pad/package.json": JSON.stringify({ name: "left-pad", types: "index.d.ts" }),
			"node_modules/left-pad/index.d.ts": "export declare function leftPad(s: string, n: number): string;\n",
			"src/pad.ts": [
				"import { leftPad } from 'left-pad';",
				"import { missing } from 'not-installed';",
				"export function pad(s: string): string {",
				"\tconsole.log(s);",
				"\tmissing();",
				"\treturn leftPad(s, 4);",
				"}",
				"",
			].join("\n"),
		});
		const result = await indexRepository({ repo, out: join(repo, "i.db") });
		expect(result.stats.files).toBe(1); // node_modules is never indexed
		expect(result.stats.externalRefs).toBe(2); // leftPad, console.log
		expect(result.unresolvedByReason).toEqual({ "external-module-missing": 1 });
		await withIndexAt(result.out, (index) => {
			const pad = index.def("src/pad.ts#pad");
			expect(index.edgesFrom(pad?.id ?? -1)).toEqual([]);
		});
	});

	it("skips symlinked duplicates", async () => {
		const repo = repoWith({ "src/a.ts": "export const a = () => 1;\n" });
		symlinkSync(join(repo, "src"), join(repo, "linked"));
		symlinkSync(join(repo, "src/a.ts"), join(repo, "src/b.ts"));
		await readThenClose(await openIndexOf(repo, { out: join(repo, "i.db") }), (index) => {
			expect(index.files().map((f) => f.path)).toEqual(["src/a.ts"]);
		});
	});
});
