import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { IndexReader } from "../../src/index/reader.js";
import { indexRepository } from "../../src/indexer/index.js";

describe("the recorded commit", () => {
	it("is null for a tree that is not a git checkout, and the given one with `commit`", async () => {
		const repo = mkdtempSync(join(tmpdir(), "codeask-commit-"));
		writeFileSync(join(repo, "package.json"), '{ "name": "snapshot" }');
		writeFileSync(join(repo, "main.ts"), "export function main(): number { return 1; }\n");
		const plain = await indexRepository({ repo, out: join(repo, "plain.db") });
		const pinned = await indexRepository({ repo, out: join(repo, "pinned.db"), commit: "66b0e163e5b8" });
		const commits = [plain.out, pinned.out].map((file) => {
			const index = IndexReader.open(file);
			try {
				return index.meta().commit;
			} finally {
				index.close();
			}
		});
		expect(commits).toEqual([null, "66b0e163e5b8"]);
	});
});
