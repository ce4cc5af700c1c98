/**
 * A tiny hand-written index (a real SQLite file with the real schema) whose graph is known
 * exactly, shared by the graph, overview, diagram and export tests:
 *
 *   @acme/web     ChatView --call--> sendMessage --dispatch--> [rest chat.send]
 *                 sendMessage --call--> formatText (@acme/core)
 *   @acme/server  routes.ts(module) --register--> [rest chat.send] --handler--> postMessage
 *                 postMessage --call--> MessagingService.save --call--> validate (@acme/core)
 *                 MessagingService.save --dispatch--> [callbacks afterSave] --handler--> notifyUsers
 *                 notify.ts(module) --register--> [callbacks afterSave]
 *                 notifyUsers --call--> formatText (@acme/core); MessagingService.save --reference--> Message (@acme/core)
 *   @acme/core    validate, formatText, Message; an unused helper `orphan`
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { INDEX_FORMAT_VERSION, SCHEMA_SQL } from "../../src/index/schema.js";

interface Pkg {
	name: string;
	dir: string;
	description: string | null;
	readme: string | null;
}
const PACKAGES: Pkg[] = [
	{ name: "acme", dir: "", description: "The Acme chat monorepo", readme: null },
	{
		name: "@acme/core",
		dir: "packages/core",
		description: "Shared message types and text helpers",
		readme: null,
	},
	{
		name: "@acme/server",
		dir: "apps/server",
		description: null,
		readme: "The chat server: REST routes, message service and notifications.\n\nMore details follow.",
	},
	{ name: "@acme/web", dir: "apps/web", description: "The web client", readme: null },
];

const FILES: Record<string, string> = {
	"apps/web/src/index.ts": "export { ChatView } from './ChatView';\n",
	"apps/web/src/ChatView.tsx":
		"import { sendMessage } from './send';\nexport function ChatView() {\n  const onSend = (t: string) => sendMessage(t);\n  return <input onSubmit={onSend} />;\n}\n",
	"apps/web/src/send.ts":
		"import { formatText } from '@acme/core';\nexport async function sendMessage(text: string) {\n  return fetch('/api/v1/chat.send', { method: 'POST', body: formatText(text) });\n}\n",
	"apps/server/src/routes.ts":
		"import { postMessage } from './post';\nAPI.v1.addRoute('chat.send', { post: postMessage });\n",
	"apps/server/src/post.ts":
		"import { MessagingService } from './service';\nexport async function postMessage(req) {\n  return new MessagingService().save(req.body);\n}\n",
	"apps/server/src/service.ts":
		"import { validate, Message } from '@acme/core';\nexport class MessagingService {\n  async save(m: Message) {\n    validate(m);\n    await callbacks.run('afterSave', m);\n    return m;\n  }\n}\n",
	"apps/server/src/notify.ts":
		"import { formatText } from '@acme/core';\nexport function notifyUsers(m) {\n  return formatText(m.text);\n}\ncallbacks.add('afterSave', notifyUsers);\n",
	"packages/core/src/index.ts":
		"export interface Message { text: string }\nexport function validate(m: Message) {\n  if (!m.text) throw new Error('empty');\n}\nexport function formatText(t: string) {\n  return t.trim();\n}\nexport function orphan() {\n  return 1;\n}\n",
};

type DefSpec = [defId: string, kind: string, start: number | null, end: number | null];
const DEFS: DefSpec[] = [
	["apps/web/src/ChatView.tsx#ChatView", "function", 2, 5],
	["apps/web/src/send.ts#sendMessage", "function", 2, 4],
	["apps/server/src/routes.ts#(module)", "module", 1, 2],
	["apps/server/src/post.ts#postMessage", "function", 2, 4],
	["apps/server/src/service.ts#MessagingService", "class", 2, 8],
	["apps/server/src/service.ts#MessagingService.save", "method", 3, 7],
	["apps/server/src/notify.ts#(module)", "module", 1, 5],
	["apps/server/src/notify.ts#notifyUsers", "function", 2, 4],
	["packages/core/src/index.ts#Message", "interface", 1, 1],
	["packages/core/src/index.ts#validate", "function", 2, 4],
	["packages/core/src/index.ts#formatText", "function", 5, 7],
	["packages/core/src/index.ts#orphan", "function", 8, 10],
	["trunk:rest#chat.send", "dispatch-key", null, null],
	["trunk:callbacks#afterSave", "dispatch-key", null, null],
];

type EdgeSpec = [src: string, dst: string, kind: string, file: string | null, line: number | null];
const EDGES: EdgeSpec[] = [
	[
		"apps/web/src/ChatView.tsx#ChatView",
		"apps/web/src/send.ts#sendMessage",
		"call",
		"apps/web/src/ChatView.tsx",
		3,
	],
	["apps/web/src/send.ts#sendMessage", "trunk:rest#chat.send", "dispatch", "apps/web/src/send.ts", 3],
	[
		"apps/web/src/send.ts#sendMessage",
		"packages/core/src/index.ts#formatText",
		"call",
		"apps/web/src/send.ts",
		3,
	],
	["apps/server/src/routes.ts#(module)", "trunk:rest#chat.send", "register", "apps/server/src/routes.ts", 2],
	["trunk:rest#chat.send", "apps/server/src/post.ts#postMessage", "handler", "apps/server/src/routes.ts", 2],
	[
		"apps/server/src/post.ts#postMessage",
		"apps/server/src/service.ts#MessagingService.save",
		"call",
		"apps/server/src/post.ts",
		3,
	],
	[
		"apps/server/src/post.ts#postMessage",
		"apps/server/src/service.ts#MessagingService",
		"new",
		"apps/server/src/post.ts",
		3,
	],
	[
		"apps/server/src/service.ts#MessagingService.save",
		"packages/core/src/index.ts#validate",
		"call",
		"apps/server/src/service.ts",
		4,
	],
	[
		"apps/server/src/service.ts#MessagingService.save",
		"packages/core/src/index.ts#Message",
		"reference",
		"apps/server/src/service.ts",
		3,
	],
	[
		"apps/server/src/service.ts#MessagingService.save",
		"trunk:callbacks#afterSave",
		"dispatch",
		"apps/server/src/service.ts",
		5,
	],
	[
		"apps/server/src/notify.ts#(module)",
		"trunk:callbacks#afterSave",
		"register",
		"apps/server/src/notify.ts",
		5,
	],
	[
		"trunk:callbacks#afterSave",
		"apps/server/src/notify.ts#notifyUsers",
		"handler",
		"apps/server/src/notify.ts",
		5,
	],
	[
		"apps/server/src/notify.ts#notifyUsers",
		"packages/core/src/index.ts#formatText",
		"call",
		"apps/server/src/notify.ts",
		3,
	],
	[
		"apps/server/src/service.ts#(module)",
		"packages/core/src/index.ts#validate",
		"import",
		"apps/server/src/service.ts",
		1,
	],
];

type SiteSpec = [
	trunk: string,
	side: string,
	key: string | null,
	file: string,
	line: number,
	enclosing: string,
	handler: string | null,
];
const SITES: SiteSpec[] = [
	["rest", "dispatch", "chat.send", "apps/web/src/send.ts", 3, "apps/web/src/send.ts#sendMessage", null],
	[
		"rest",
		"register",
		"chat.send",
		"apps/server/src/routes.ts",
		2,
		"apps/server/src/routes.ts#(module)",
		"apps/server/src/post.ts#postMessage",
	],
	[
		"callbacks",
		"dispatch",
		"afterSave",
		"apps/server/src/service.ts",
		5,
		"apps/server/src/service.ts#MessagingService.save",
		null,
	],
	[
		"callbacks",
		"register",
		"afterSave",
		"apps/server/src/notify.ts",
		5,
		"apps/server/src/notify.ts#(module)",
		"apps/server/src/notify.ts#notifyUsers",
	],
	[
		"callbacks",
		"dispatch",
		null,
		"apps/server/src/service.ts",
		5,
		"apps/server/src/service.ts#MessagingService.save",
		null,
	],
];

export const TINY = {
	packages: PACKAGES.length,
	files: Object.keys(FILES).length,
	defs: DEFS.length,
	edges: EDGES.length,
};

/** Write the tiny index into a fresh temp dir and return the `.db` path. */
export function writeTinyIndex(): string {
	const dir = mkdtempSync(join(tmpdir(), "codeask-tiny-"));
	const path = join(dir, "tiny.db");
	const db = new Database(path);
	db.exec(SCHEMA_SQL);
	const meta = db.prepare("INSERT INTO meta (key, value) VALUES (?, ?)");
	meta.run("formatVersion", String(INDEX_FORMAT_VERSION));
	meta.run("repoRoot", "/repos/acme");
	meta.run("commit", "abc1234");
	meta.run("builtAt", "2026-01-01T00:00:00.000Z");
	const pkgId = new Map<string, number>();
	PACKAGES.forEach((p, i) => {
		pkgId.set(p.dir, i + 1);
		db.prepare(
			"INSERT INTO packages (id, name, dir, description, readme, hash) VALUES (?, ?, ?, ?, ?, 'h')",
		).run(i + 1, p.name, p.dir, p.description, p.readme);
	});
	const packageOf = (file: string) =>
		[...pkgId.entries()].filter(([dir]) => dir && file.startsWith(`${dir}/`)).map(([, id]) => id)[0] ?? 1;
	const fileId = new Map<string, number>();
	Object.entries(FILES).forEach(([p, content], i) => {
		fileId.set(p, i + 1);
		db.prepare(
			"INSERT INTO files (id, path, package_id, hash, line_count, content) VALUES (?, ?, ?, 'h', ?, ?)",
		).run(i + 1, p, packageOf(p), content.split("\n").length - 1, content);
	});
	const defRow = new Map<string, number>();
	// Module defs of files that only appear as edge sources.
	const allDefs: DefSpec[] = [...DEFS, ["apps/server/src/service.ts#(module)", "module", 1, 8]];
	allDefs.forEach(([defId, kind, start, end], i) => {
		defRow.set(defId, i + 1);
		const [file, qualified = ""] = defId.startsWith("trunk:")
			? [null, defId.split("#")[1]]
			: defId.split("#");
		const fid = file ? (fileId.get(file) ?? null) : null;
		db.prepare(
			`INSERT INTO defs (id, def_id, file_id, package_id, name, qualified_name, kind, start_line, end_line, exported)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 1)`,
		).run(
			i + 1,
			defId,
			fid,
			file ? packageOf(file) : null,
			qualified.split(".").pop() ?? qualified,
			qualified,
			kind,
			start,
			end,
		);
	});
	const id = (defId: string) => {
		const n = defRow.get(defId);
		if (n === undefined) throw new Error(`tiny index: unknown def ${defId}`);
		return n;
	};
	for (const [src, dst, kind, file, line] of EDGES) {
		db.prepare(
			"INSERT INTO edges (src, dst, kind, file_id, line, resolution) VALUES (?, ?, ?, ?, ?, 'checker')",
		).run(id(src), id(dst), kind, file ? (fileId.get(file) ?? null) : null, line);
	}
	for (const [trunk, side, key, file, line, enclosing, handler] of SITES) {
		db.prepare(
			`INSERT INTO dispatch_sites (trunk, side, key, raw_key, expression, file_id, line, enclosing, handler, key_def, resolution)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'checker')`,
		).run(
			trunk,
			side,
			key,
			key,
			key ? `'${key}'` : "hookName",
			fileId.get(file),
			line,
			id(enclosing),
			handler ? id(handler) : null,
			key ? id(`trunk:${trunk}#${key}`) : null,
		);
	}
	db.exec(`UPDATE defs SET fan_in = (SELECT count(DISTINCT src) FROM edges WHERE dst = defs.id),
	                         fan_out = (SELECT count(DISTINCT dst) FROM edges WHERE src = defs.id)`);
	db.close();
	return path;
}
