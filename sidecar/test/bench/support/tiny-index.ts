/**
 * A tiny but real index file for scorer tests: the schema of `index/schema.ts` in a temp SQLite
 * file with a handful of files, definitions and one outline section, written directly so these
 * tests do not depend on the indexer.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { defIdName, defIdPrefix, nameSegments } from "../../../src/index/def-id.js";
import { IndexReader } from "../../../src/index/reader.js";
import { INDEX_FORMAT_VERSION, identifierWords, SCHEMA_SQL } from "../../../src/index/schema.js";

export const TINY_FILES: Record<string, string> = {
	"src/push/push.ts": [
		'import { send } from "../net/send.js";',
		"",
		"export class PushSender {",
		"\tsendNativeNotification(app: string) {",
		"\t\treturn send(app);",
		"\t}",
		"}",
		"",
		'callbacks.add("afterMessageSave", notifyPush);',
		"",
	].join("\n"),
	"src/net/send.ts": ["export function send(app: string) {", "\treturn app;", "}", ""].join("\n"),
	"src/rooms/rooms.ts": [
		"// rooms and channels",
		"export const createRoom = (name: string) => name;",
		"",
	].join("\n"),
	"src/jobs/runner.ts": [
		"export class Runner {",
		"\tasync #start() {",
		"\t\treturn metrics.measure(",
		'\t\t\t"jobs.v2/run",',
		"\t\t\tasync () => {",
		"\t\t\t\treturn 1;",
		"\t\t\t},",
		"\t\t);",
		"\t}",
		"}",
		"",
	].join("\n"),
};

interface TinyDef {
	defId: string;
	kind: string;
	start: number;
	end: number;
}

const TINY_DEFS: TinyDef[] = [
	{ defId: "src/push/push.ts#PushSender", kind: "class", start: 3, end: 7 },
	{ defId: "src/push/push.ts#PushSender.sendNativeNotification", kind: "method", start: 4, end: 6 },
	{ defId: "src/net/send.ts#send", kind: "function", start: 1, end: 3 },
	{ defId: "src/rooms/rooms.ts#createRoom", kind: "variable", start: 2, end: 2 },
	// A private method, and a callback named by its call and a key that holds dots of its own.
	{ defId: "src/jobs/runner.ts#Runner.#start", kind: "method", start: 2, end: 9 },
	{
		defId: "src/jobs/runner.ts#Runner.#start.metrics.measure(jobs.v2/run)",
		kind: "function",
		start: 5,
		end: 7,
	},
];

export function buildTinyIndex(options: { commit?: string } = {}): string {
	const path = join(mkdtempSync(join(tmpdir(), "codeask-bench-")), "tiny.db");
	const db = new Database(path);
	db.exec(SCHEMA_SQL);
	const meta = db.prepare("INSERT INTO meta (key, value) VALUES (?, ?)");
	meta.run("formatVersion", String(INDEX_FORMAT_VERSION));
	meta.run("toolVersion", "test");
	meta.run("repoRoot", "/tiny");
	meta.run("commit", options.commit ?? "abcdef1234567890abcdef1234567890abcdef12");
	meta.run("builtAt", "2026-01-01T00:00:00.000Z");
	db.prepare("INSERT INTO packages (id, name, dir, hash) VALUES (1, 'tiny', '', 'h')").run();
	const fileIds = new Map<string, number>();
	for (const [p, content] of Object.entries(TINY_FILES)) {
		const id = Number(
			db
				.prepare("INSERT INTO files (path, package_id, hash, line_count, content) VALUES (?, 1, 'h', ?, ?)")
				.run(p, content.split("\n").length, content).lastInsertRowid,
		);
		fileIds.set(p, id);
		db.prepare("INSERT INTO files_fts (rowid, path_words, body) VALUES (?, ?, ?)").run(
			id,
			identifierWords(p),
			content,
		);
	}
	for (const d of TINY_DEFS) {
		const file = defIdPrefix(d.defId);
		const qualified = defIdName(d.defId);
		const name = nameSegments(qualified).pop() ?? qualified;
		db.prepare(
			"INSERT INTO defs (def_id, file_id, package_id, name, qualified_name, kind, start_line, end_line) VALUES (?, ?, 1, ?, ?, ?, ?, ?)",
		).run(d.defId, fileIds.get(file ?? ""), name, qualified, d.kind, d.start, d.end);
	}
	db.prepare(
		"INSERT INTO outline_sections (section_id, kind, title, path, package_id, summary, files, top_symbols, keys) VALUES (?, 'folder', ?, ?, 1, '', ?, '[]', '[]')",
	).run("dir:src/push", "push", "src/push", JSON.stringify([]));
	db.prepare(
		"INSERT INTO outline_sections (section_id, kind, title, path, package_id, summary, files, top_symbols, keys) VALUES (?, 'package', ?, '', 1, '', ?, '[]', '[]')",
	).run("pkg:tiny", "tiny", JSON.stringify(["src/rooms/rooms.ts"]));
	db.close();
	return path;
}

export function openTinyIndex(options: { commit?: string } = {}): IndexReader {
	return IndexReader.open(buildTinyIndex(options));
}
