import { copyFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { indexRepository } from "../../src/indexer/index.js";
import { IndexInputError } from "../../src/indexer/index-types.js";
import { MINI_CHAT_DIR } from "../support/fixture-index.js";
import { withIndexAt } from "../support/open-index.js";

function tempDir(): string {
	return mkdtempSync(join(tmpdir(), "codeask-bad-"));
}

describe("bad input", () => {
	it("rejects a path that is not a directory, and a folder without TS/JS files", async () => {
		const dir = tempDir();
		writeFileSync(join(dir, "notes.txt"), "hello");
		await expect(indexRepository({ repo: join(dir, "notes.txt") })).rejects.toThrow(IndexInputError);
		await expect(indexRepository({ repo: join(dir, "missing") })).rejects.toThrow(/is not a directory/);
		await expect(indexRepository({ repo: dir })).rejects.toThrow(/no TypeScript or JavaScript source files/);
	});

	it("names a broken tsconfig and a file that does not parse, and still indexes everything else", async () => {
		const repo = join(tempDir(), "mini-chat");
		cpSync(MINI_CHAT_DIR, repo, { recursive: true });
		writeFileSync(
			join(repo, "apps/client/tsconfig.json"),
			'{ "compilerOptions": { "jsx": "preserve", }, oops',
		);
		writeFileSync(join(repo, "packages/models/src/broken.ts"), "export function broken( {\n  return 1;\n");
		const result = await indexRepository({ repo, out: join(repo, "index.db") });
		const files = result.problems.map((p) => p.file);
		expect(files).toContain("apps/client/tsconfig.json");
		expect(files).toContain("packages/models/src/broken.ts");
		expect(result.problems.find((p) => p.file === "packages/models/src/broken.ts")?.reason).toMatch(
			/does not parse \(line \d+: .+\)/,
		);
		await withIndexAt(result.out, (index) => {
			// the client package is still indexed, with its default options, and the models package too
			expect(index.def("apps/client/src/views/room/Room.tsx#default")).toBeDefined();
			expect(index.def("packages/models/src/Users.ts#UsersRaw.findOffline")).toBeDefined();
			expect(index.def("packages/models/src/broken.ts#broken")).toBeDefined();
		});
	});

	it("never touches the previous index when a run fails", async () => {
		const repo = join(tempDir(), "mini-chat");
		cpSync(MINI_CHAT_DIR, repo, { recursive: true });
		const out = join(repo, "keep.db");
		await indexRepository({ repo, out });
		const before = readFileSync(out);
		const empty = tempDir();
		mkdirSync(join(empty, "src"));
		copyFileSync(join(MINI_CHAT_DIR, "README.md"), join(empty, "src", "README.md"));
		await expect(indexRepository({ repo: empty, out })).rejects.toThrow(IndexInputError);
		expect(readFileSync(out).equals(before)).toBe(true);
	});
});
