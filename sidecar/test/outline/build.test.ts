import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { receiverKey } from "../../src/bus-key.js";
import { IndexReader } from "../../src/index/reader.js";
import { INDEX_FORMAT_VERSION, SCHEMA_SQL } from "../../src/index/schema.js";
import { buildOutline, readmeExcerpt } from "../../src/outline/build.js";

/** A tiny hand-written index: two packages, a feature folder with a README, a pass-through folder. */
function writeIndex(dir: string): string {
	const path = join(dir, "index.db");
	const db = new Database(path);
	db.exec(SCHEMA_SQL);
	const meta = db.prepare("INSERT INTO meta (key, value) VALUES (?, ?)");
	meta.run("formatVersion", String(INDEX_FORMAT_VERSION));
	meta.run("repoRoot", join(dir, "repo"));
	db.prepare(
		"INSERT INTO packages (id, name, dir, description, readme, hash) VALUES (?, ?, ?, ?, ?, 'h')",
	).run(1, "@demo/server", "apps/server", "The chat server", null);
	db.prepare(
		"INSERT INTO packages (id, name, dir, description, readme, hash) VALUES (?, ?, ?, ?, ?, 'h')",
	).run(2, "@demo/ui", "packages/ui", null, "Shared UI components.");
	const files = [
		[1, "apps/server/src/push/sender.ts", 1],
		[2, "apps/server/src/push/gateway.ts", 1],
		[3, "apps/server/src/push/index.ts", 1],
		[4, "apps/server/src/rooms/create.ts", 1],
		[5, "apps/server/main.ts", 1],
		[6, "packages/ui/src/Button.tsx", 2],
		[7, "packages/ui/src/Icon.tsx", 2],
	] as const;
	const insFile = db.prepare(
		"INSERT INTO files (id, path, package_id, hash, line_count, content) VALUES (?, ?, ?, 'h', 10, '')",
	);
	for (const [id, p, pkg] of files) insFile.run(id, p, pkg);
	const insDef = db.prepare(
		`INSERT INTO defs (id, def_id, file_id, package_id, name, qualified_name, kind, start_line, end_line, doc, exported, fan_in)
     VALUES (?, ?, ?, ?, ?, ?, ?, 1, 5, ?, 1, ?)`,
	);
	insDef.run(
		1,
		"apps/server/src/push/sender.ts#sendPush",
		1,
		1,
		"sendPush",
		"sendPush",
		"function",
		"Sends a push notification to every device of a user.",
		9,
	);
	insDef.run(
		2,
		"apps/server/src/push/gateway.ts#PushGateway",
		2,
		1,
		"PushGateway",
		"PushGateway",
		"class",
		null,
		3,
	);
	insDef.run(
		3,
		"apps/server/src/rooms/create.ts#createRoom",
		4,
		1,
		"createRoom",
		"createRoom",
		"function",
		null,
		5,
	);
	insDef.run(4, "packages/ui/src/Button.tsx#Button", 6, 2, "Button", "Button", "function", null, 1);
	db.prepare(
		`INSERT INTO dispatch_sites (trunk, side, key, raw_key, expression, file_id, line, resolution)
     VALUES ('callbacks', 'register', 'afterMessageSave', 'afterMessageSave', '"afterMessageSave"', 1, 3, 'checker')`,
	).run();
	// A key split by its receiver's class (trunks/scope.ts) carries the class as a label.
	db.prepare(
		`INSERT INTO dispatch_sites (trunk, side, key, raw_key, expression, file_id, line, resolution)
     VALUES ('events', 'register', 'ready⟨SettingsCache⟩', 'ready', '"ready"', 4, 2, 'checker')`,
	).run();
	db.close();

	mkdirSync(join(dir, "repo/apps/server/src/push"), { recursive: true });
	writeFileSync(
		join(dir, "repo/apps/server/src/push/README.md"),
		"# Push\n\n[![badge](x)](y)\n\nDelivers mobile push notifications through a gateway.\n",
	);
	return path;
}

describe("buildOutline", () => {
	let dir: string;
	let index: IndexReader;

	beforeAll(() => {
		dir = mkdtempSync(join(tmpdir(), "codeask-outline-"));
		const path = writeIndex(dir);
		const db = new Database(path);
		buildOutline(db);
		db.close();
		index = IndexReader.open(path);
	});
	afterAll(() => {
		index.close();
		rmSync(dir, { recursive: true, force: true });
	});

	it("makes one section per package and one per feature folder, skipping pass-through folders", () => {
		const ids = index.outlineSections().map((s) => s.sectionId);
		expect(ids).toContain("pkg:@demo/server");
		expect(ids).toContain("pkg:@demo/ui");
		expect(ids).toContain("dir:apps/server/src/push");
		// apps/server/src has two sub-folders and counts as a folder section; packages/ui/src holds every
		// file of its package, so it says nothing the package section does not.
		expect(ids).toContain("dir:apps/server/src");
		expect(ids).not.toContain("dir:packages/ui/src");
		// A single file is below the folder threshold.
		expect(ids).not.toContain("dir:apps/server/src/rooms");
	});

	it("lists files by use, top symbols by fan-in, keys, and the folder README in the summary", () => {
		const push = index.outlineSections().find((s) => s.sectionId === "dir:apps/server/src/push");
		expect(push?.files[0]).toBe("apps/server/src/push/sender.ts");
		expect(push?.files).toHaveLength(3);
		expect(push?.topSymbols).toEqual([
			"apps/server/src/push/sender.ts#sendPush",
			"apps/server/src/push/gateway.ts#PushGateway",
		]);
		expect(push?.keys).toEqual([{ trunk: "callbacks", key: "afterMessageSave", side: "register" }]);
		expect(push?.summary).toContain("Delivers mobile push notifications");
		expect(push?.summary).toContain("sendPush: Sends a push notification to every device of a user.");
		expect(push?.parent).toBe("dir:apps/server/src");
	});

	it("fills the outline search index with split symbol names and path words", () => {
		const hits = index.searchOutline(["gateway"]).map((h) => h.section.sectionId);
		expect(hits).toContain("dir:apps/server/src/push");
		const byKey = index.searchOutline(["save"]).map((h) => h.section.sectionId);
		expect(byKey).toContain("dir:apps/server/src/push");
		const ui = index.searchOutline(["components"]).map((h) => h.section.sectionId);
		expect(ui).toEqual(["pkg:@demo/ui"]);
	});

	it("searches a scoped key by the key, not by its receiver's label", () => {
		const rooms = index.outlineSections().find((s) => s.sectionId === "dir:apps/server/src");
		expect(rooms?.keys).toContainEqual({
			trunk: "events",
			key: receiverKey("ready", "SettingsCache"),
			side: "register",
		});
		expect(index.searchOutline(["ready"]).map((h) => h.section.sectionId)).toContain("dir:apps/server/src");
		// The label names the emitter's class: a section listening to its `ready` is no settings code.
		expect(index.searchOutline(["settings"])).toEqual([]);
		expect(index.searchOutline(["cached"])).toEqual([]);
	});

	it("is idempotent: a second build replaces the sections", () => {
		const before = index.outlineSections().length;
		const db = new Database(index.path);
		buildOutline(db);
		const n = (db.prepare("SELECT count(*) AS n FROM outline_fts").get() as { n: number }).n;
		db.close();
		expect(n).toBe(before);
	});
});

describe("readmeExcerpt", () => {
	it("keeps prose paragraphs and drops headings, badges and code", () => {
		expect(readmeExcerpt("# Title\n\n[![b](u)](l)\n\nFirst para.\n\n```\ncode\n```\n\nSecond.")).toBe(
			"First para.\nSecond.",
		);
	});
});

describe("buildOutline with two packages of one name", () => {
	it("tells the second apart by its folder (a root folder named like a nested package.json's name)", () => {
		const dir = mkdtempSync(join(tmpdir(), "codeask-outline-dup-"));
		try {
			const path = join(dir, "index.db");
			const db = new Database(path);
			db.exec(SCHEMA_SQL);
			db.prepare("INSERT INTO meta (key, value) VALUES (?, ?)").run(
				"formatVersion",
				String(INDEX_FORMAT_VERSION),
			);
			db.prepare("INSERT INTO meta (key, value) VALUES (?, ?)").run("repoRoot", join(dir, "repo"));
			const pkg = db.prepare(
				"INSERT INTO packages (id, name, dir, description, readme, hash) VALUES (?, ?, ?, null, null, 'h')",
			);
			pkg.run(1, "forum", "");
			pkg.run(2, "forum", "setup");
			const file = db.prepare(
				"INSERT INTO files (id, path, package_id, hash, line_count, content) VALUES (?, ?, ?, 'h', 10, '')",
			);
			file.run(1, "lib/a.js", 1);
			file.run(2, "setup/b.js", 2);
			buildOutline(db);
			const ids = (
				db.prepare("SELECT section_id FROM outline_sections").all() as { section_id: string }[]
			).map((r) => r.section_id);
			db.close();
			expect(ids).toEqual(expect.arrayContaining(["pkg:forum", "pkg:forum@setup"]));
		} finally {
			rmSync(dir, { recursive: true, force: true });
		}
	});
});
