import { cpSync, mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { IndexReader } from "../../src/index/reader.js";
import { indexRepository } from "../../src/indexer/index.js";
import { MINI_CHAT_DIR } from "../support/fixture-index.js";

function copyFixture(): string {
	const dir = join(mkdtempSync(join(tmpdir(), "codeask-reuse-")), "mini-chat");
	cpSync(MINI_CHAT_DIR, dir, { recursive: true });
	return dir;
}

/** Every definition and edge of an index, as comparable strings. */
function snapshot(path: string): { defs: string[]; edges: string[] } {
	const index = IndexReader.open(path);
	try {
		const defs = (
			index.db
				.prepare("SELECT def_id, kind, start_line, end_line, fan_in FROM defs ORDER BY def_id")
				.all() as Record<string, unknown>[]
		).map((r) => Object.values(r).join("|"));
		const edges = (
			index.db
				.prepare(
					"SELECT s.def_id AS s, t.def_id AS t, e.kind, e.line FROM edges e JOIN defs s ON s.id = e.src JOIN defs t ON t.id = e.dst",
				)
				.all() as Record<string, unknown>[]
		)
			.map((r) => Object.values(r).join("|"))
			.sort();
		return { defs, edges };
	} finally {
		index.close();
	}
}

describe("incremental re-indexing", () => {
	it("re-extracts only changed files and gives the same index as a full run", async () => {
		const repo = copyFixture();
		const out = join(repo, ".codeask", "index.db");
		const first = await indexRepository({ repo });
		expect(first.out).toBe(out);
		expect(first.stats.reusedPackages).toBe(0);

		const written = statSync(out).mtimeMs;
		const unchanged = await indexRepository({ repo });
		expect(unchanged.extractedFiles).toBe(0);
		expect(unchanged.stats.reusedPackages).toBe(first.stats.packages);
		expect(unchanged.stats.edges).toBe(first.stats.edges);
		// nothing changed: the index file is left as it was
		expect(statSync(out).mtimeMs).toBe(written);

		// Change one file in the models package: a new method, used by nobody yet.
		const users = join(repo, "packages/models/src/Users.ts");
		writeFileSync(
			users,
			readFileSync(users, "utf8").replace(
				"async findOffline(",
				"async findOnline(userIds: string[]): Promise<IUser[]> {\n\t\treturn this.find((u) => userIds.includes(u._id) && u.status === 'online');\n\t}\n\n\tasync findOffline(",
			),
		);
		const second = await indexRepository({ repo });
		expect(second.extractedFiles).toBe(1);
		expect(second.stats.reusedPackages).toBe(first.stats.packages - 1);
		const incremental = snapshot(out);
		expect(
			incremental.defs.some((d) => d.startsWith("packages/models/src/Users.ts#UsersRaw.findOnline|method")),
		).toBe(true);

		const fullOut = join(repo, "full.db");
		const full = await indexRepository({ repo, out: fullOut, full: true });
		expect(full.extractedFiles).toBe(full.stats.files);
		expect(incremental).toEqual(snapshot(fullOut));
		expect(second.stats.edges).toBe(full.stats.edges);
		expect(second.stats.unresolvedRefs).toBe(full.stats.unresolvedRefs);
	});

	it("starts over when the options change", async () => {
		const repo = copyFixture();
		await indexRepository({ repo });
		const withTests = await indexRepository({ repo, includeTests: true });
		expect(withTests.extractedFiles).toBe(withTests.stats.files);
		expect(withTests.stats.reusedPackages).toBe(0);
	});

	it("starts over when the index was built by other extractor code (an upgrade)", async () => {
		const repo = copyFixture();
		const first = await indexRepository({ repo });
		const db = new Database(first.out);
		const options = JSON.parse(
			(db.prepare("SELECT value FROM meta WHERE key = 'options'").get() as { value: string }).value,
		) as { code: string };
		expect(options.code).toMatch(/^[0-9a-f]{16}$/);
		db.prepare("UPDATE meta SET value = ? WHERE key = 'options'").run(
			JSON.stringify({ ...options, code: "0".repeat(16) }),
		);
		db.close();
		const again = await indexRepository({ repo });
		expect(again.extractedFiles).toBe(again.stats.files);
		expect(again.stats.reusedPackages).toBe(0);
	});
});
