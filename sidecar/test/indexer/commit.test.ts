import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { IndexReader } from "../../src/index/reader.js";
import { indexRepository } from "../../src/indexer/index.js";
import { withIndexAt } from "../support/open-index.js";
import { repoWith } from "../support/repo-with.js";

describe("the recorded commit", () => {
	it("is null for a tree that is not a git checkout, and the given one with `commit`", async () => {
		const repo = repoWith(
			{
				"package.json": '{ "name": "snapshot" }',
				"main.ts": "export function main(): number { return 1; }\n",
			},
			"codeask-commit-",
		);
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

describe("the recorded git remote", () => {
	it("is the checkout's origin without credentials, with the indexed folder inside it", async () => {
		const repo = mkdtempSync(join(tmpdir(), "codeask-remote-"));
		const web = join(repo, "packages", "web");
		mkdirSync(web, { recursive: true });
		writeFileSync(join(web, "package.json"), '{ "name": "web" }');
		writeFileSync(join(web, "main.ts"), "export function main(): number { return 1; }\n");
		const git = (...args: string[]) => execFileSync("git", ["-C", repo, ...args], { stdio: "ignore" });
		git("init", "-q");
		git("remote", "add", "origin", "https://ci-bot:s3cret-token@gitlab.example.com/acme/mono.git");
		const result = await indexRepository({ repo: web, out: join(repo, "web.db") });
		await withIndexAt(result.out, (index) => {
			expect(index.meta()).toMatchObject({
				remoteUrl: "https://gitlab.example.com/acme/mono.git",
				subdir: "packages/web",
			});
		});
	});
});
