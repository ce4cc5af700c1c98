/**
 * The MCP server driven by the SDK's own Client over stdio, spawning the built CLI
 * (`node sidecar/dist/cli/main.js mcp --index …`): every tool, input validation, and the
 * refused paths of get_source (absolute, '..', not indexed, symlink out of the root).
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { busKey, receiverKey } from "../../src/bus-key.js";
import { indexRepository } from "../../src/indexer/index.js";
import { builtinPresets, createSiteExtractor, type TrunkConfig } from "../../src/trunks/index.js";
import { indexCopy } from "../server/support.js";
import { fixtureIndexPath } from "../support/fixture-index.js";

const ROOT = resolve(fileURLToPath(new URL("../../..", import.meta.url)));
const CLI = join(ROOT, "sidecar/dist/cli/main.js");

interface ToolResult {
	content: { type: string; text: string }[];
	isError?: boolean;
}

async function connect(indexPath: string): Promise<Client> {
	const transport = new StdioClientTransport({
		command: process.execPath,
		args: [CLI, "mcp", "--index", indexPath],
		env: { PATH: process.env.PATH ?? "", CODEASK_LOG_LEVEL: "warn" },
		stderr: "pipe",
	});
	const client = new Client({ name: "codeask-test", version: "0.0.0" });
	await client.connect(transport);
	return client;
}

async function call(client: Client, name: string, args: Record<string, unknown>): Promise<ToolResult> {
	return (await client.callTool({ name, arguments: args })) as ToolResult;
}
const textOf = (r: ToolResult) => r.content.map((c) => c.text).join("\n");

beforeAll(() => {
	// The test drives the built CLI: bring dist up to date (incremental, quick when it is).
	spawnSync(process.execPath, [join(ROOT, "node_modules/typescript/bin/tsc"), "-b", "shared", "sidecar"], {
		cwd: ROOT,
		stdio: "ignore",
	});
	if (!existsSync(CLI)) throw new Error(`${CLI} missing: run npm run build`);
});

describe("MCP over stdio on the mini-chat fixture", () => {
	let client: Client;
	beforeAll(async () => {
		client = await connect(await fixtureIndexPath());
	});
	afterAll(async () => {
		await client?.close();
	});

	it("lists the eight tools, each with a description and an input schema", async () => {
		const { tools } = await client.listTools();
		expect(tools.map((t) => t.name).sort()).toEqual([
			"ask_codebase",
			"dispatch_key",
			"find_path",
			"find_symbol",
			"get_callees",
			"get_callers",
			"get_source",
			"repository_overview",
		]);
		for (const t of tools) {
			expect(t.description?.length).toBeGreaterThan(40);
			expect(t.inputSchema.type).toBe("object");
			expect(Object.keys(t.inputSchema.properties ?? {}).length).toBeGreaterThan(0);
		}
	});

	it("answers a question offline with verified file:line sources", async () => {
		const r = await call(client, "ask_codebase", { question: "How are push notifications sent?" });
		expect(r.isError).toBeFalsy();
		const text = textOf(r);
		expect(text).toMatch(/PushService/);
		expect(text).toMatch(/\[\d+\] [\w/.-]+\.tsx?:\d+-\d+/);
	});

	it("gives the short answer by default and the long form with detail: full", async () => {
		const short = textOf(
			await call(client, "ask_codebase", { question: "How are push notifications sent?" }),
		);
		const full = textOf(
			await call(client, "ask_codebase", { question: "How are push notifications sent?", detail: "full" }),
		);
		expect(short).toContain("**The flow, step by step**");
		expect(short).not.toContain("### Key places");
		expect(full).toContain("### Key places");
		expect(full.length).toBeGreaterThan(short.length);
	});

	it("finds symbols, then walks callers and callees from one", async () => {
		const found = await call(client, "find_symbol", { query: "sendNotification" });
		expect(found.isError).toBeFalsy();
		const hits = JSON.parse(textOf(found)) as { defId: string; match: string; file: string }[];
		const target = hits.find((h) => h.defId.endsWith("#PushService.sendNotification"));
		expect(target?.match).toBe("exact");

		const callees = JSON.parse(textOf(await call(client, "get_callees", { defId: target?.defId })));
		expect(callees.target.defId).toBe(target?.defId);
		expect(callees.neighbours.map((n: { node: { defId: string } }) => n.node.defId)).toEqual(
			expect.arrayContaining([expect.stringContaining("PushTokens")]),
		);
		const callers = JSON.parse(textOf(await call(client, "get_callers", { defId: target?.defId, depth: 2 })));
		expect(callers.neighbours.length).toBeGreaterThan(0);

		const ambiguous = await call(client, "get_callers", { defId: "sendNotification" });
		expect(ambiguous.isError).toBe(true);
		expect(textOf(ambiguous)).toMatch(/matches \d+ definitions/);
		const missing = await call(client, "get_callees", { defId: "no/such/file.ts#nothing" });
		expect(missing.isError).toBe(true);
		expect(textOf(missing)).toContain("find_symbol");
	});

	it("finds the path between two definitions and gives the repository overview", async () => {
		const path = textOf(await call(client, "find_path", { from: "performSendMessage", to: "renderEmoji" }));
		expect(path).toContain("apps/server/src/lib/format.ts#formatMessage");
		expect(path).toMatch(
			/--call \(apps\/server\/src\/lib\/format\.ts:\d+\)--> apps\/server\/src\/legacy\/emoji\.js#renderEmoji/,
		);
		const overview = textOf(await call(client, "repository_overview", {}));
		expect(overview).toContain("## Packages");
		expect(overview).toContain("`@mini-chat/server`");
		const unknown = await call(client, "repository_overview", { package: "no-such-package" });
		expect(unknown.isError).toBe(true);
	});

	it("serves numbered source lines of an indexed file and clamps to its end", async () => {
		const hits = JSON.parse(
			textOf(await call(client, "find_symbol", { query: "PushService.sendNotification" })),
		);
		const def = hits[0] as { file: string; startLine: number; endLine: number };
		const r = await call(client, "get_source", {
			file: def.file,
			startLine: def.startLine,
			endLine: def.endLine,
		});
		expect(r.isError).toBeFalsy();
		expect(textOf(r)).toContain("sendNotification");
		expect(textOf(r)).toMatch(new RegExp(`^${def.file.replace(/\./g, "\\.")}:${def.startLine}-`));
		const clamped = await call(client, "get_source", {
			file: `./${def.file}`,
			startLine: 1,
			endLine: 100_000,
		});
		expect(textOf(clamped)).toMatch(/\(of \d+ lines\)/);
	});

	it("refuses paths outside the indexed repository and bad arguments as tool errors", async () => {
		const refused: [Record<string, unknown>, RegExp][] = [
			[{ file: "/etc/passwd", startLine: 1, endLine: 5 }, /absolute/],
			[{ file: "../../../etc/passwd", startLine: 1, endLine: 5 }, /'\.\.'/],
			[{ file: "apps/../../package.json", startLine: 1, endLine: 5 }, /'\.\.'/],
			[{ file: "apps\\server\\src\\startup.ts", startLine: 1, endLine: 5 }, /forward slashes/],
			[{ file: "C:/Windows/win.ini", startLine: 1, endLine: 5 }, /absolute/],
			[{ file: "package.json.missing", startLine: 1, endLine: 5 }, /not a file of the index/],
			[{ file: "apps/server/src/startup.ts", startLine: 9, endLine: 2 }, /before startLine/],
			[{ file: "apps/server/src/startup.ts", startLine: 0, endLine: 2 }, /startLine|>=1|too small/i],
			[{ file: 42, startLine: 1, endLine: 2 }, /file|string/i],
		];
		for (const [args, message] of refused) {
			const r = await call(client, "get_source", args);
			expect(r.isError, JSON.stringify(args)).toBe(true);
			expect(textOf(r)).toMatch(message);
			expect(textOf(r)).not.toContain("root:x:0:0");
		}
	});

	it("says what is wrong with a question the pipeline refuses, as a tool error", async () => {
		for (const [question, message] of [
			["???", /no letters or digits/],
			["how\u0001 are messages saved?", /control characters/],
		] as const) {
			const r = await call(client, "ask_codebase", { question });
			expect(r.isError).toBe(true);
			expect(textOf(r)).toMatch(message);
			expect(textOf(r)).not.toMatch(/unexpectedly/);
		}
	});

	it("names the trunks an index has when asked for an unknown one", async () => {
		const r = await call(client, "dispatch_key", { trunk: "no-such-trunk", key: "x" });
		expect(r.isError).toBe(true);
		expect(textOf(r)).toContain('unknown trunk "no-such-trunk"');
	});
});

describe("MCP over stdio on a repository on disk", () => {
	let client: Client;
	let outside: string;
	beforeAll(async () => {
		// The tiny hand-written index, pointed at a real folder holding its files, where one file
		// has been replaced by a symlink to a file outside the repository.
		const repo = mkdtempSync(join(tmpdir(), "codeask-mcp-repo-"));
		outside = join(mkdtempSync(join(tmpdir(), "codeask-mcp-outside-")), "secret.ts");
		writeFileSync(outside, "export const SECRET = 'outside the repository';\n");
		const indexPath = indexCopy({ repoRoot: repo });
		const db = new Database(indexPath, { readonly: true });
		for (const { path, content } of db.prepare("SELECT path, content FROM files").all() as {
			path: string;
			content: string;
		}[]) {
			mkdirSync(dirname(join(repo, path)), { recursive: true });
			writeFileSync(join(repo, path), content);
		}
		db.close();
		rmSync(join(repo, "apps/web/src/index.ts"));
		symlinkSync(outside, join(repo, "apps/web/src/index.ts"));
		client = await connect(indexPath);
	});
	afterAll(async () => {
		await client?.close();
	});

	it("refuses a symlink that leads out of the root, serves regular files", async () => {
		const link = await call(client, "get_source", {
			file: "apps/web/src/index.ts",
			startLine: 1,
			endLine: 1,
		});
		expect(link.isError).toBe(true);
		expect(textOf(link)).toMatch(/symlink/);
		expect(textOf(link)).not.toContain("SECRET");
		const ok = await call(client, "get_source", {
			file: "apps/server/src/post.ts",
			startLine: 2,
			endLine: 3,
		});
		expect(ok.isError).toBeFalsy();
		expect(textOf(ok)).toContain("2 | export async function postMessage(req) {");
	});

	it("lists every register and dispatch site of a key, and suggests keys for a miss", async () => {
		const r = await call(client, "dispatch_key", { trunk: "rest", key: "chat.send" });
		expect(r.isError).toBeFalsy();
		const [sites, ...more] = JSON.parse(textOf(r));
		expect(more).toEqual([]);
		expect(sites.handlers.map((h: { node: { defId: string } }) => h.node.defId)).toEqual([
			"apps/server/src/post.ts#postMessage",
		]);
		expect(sites.dispatchers.map((d: { file: string; line: number }) => `${d.file}:${d.line}`)).toEqual([
			"apps/web/src/send.ts:3",
		]);
		const [miss] = JSON.parse(
			textOf(await call(client, "dispatch_key", { trunk: "rest", key: "chat.sned" })),
		);
		expect(miss.handlers).toEqual([]);
	});
});

/** `examples/discovery/<name>` indexed as `codeask index` does with no configuration (presets, discovery on). */
async function discoveryIndex(name: string): Promise<string> {
	const out = join(mkdtempSync(join(tmpdir(), "codeask-mcp-keys-")), `${name}.db`);
	const trunkConfig: TrunkConfig = { extends: [], presets: builtinPresets(), discover: true };
	await indexRepository({
		repo: join(ROOT, "examples/discovery", name),
		out,
		full: true,
		siteExtractor: createSiteExtractor(trunkConfig),
		trunkConfig,
	});
	return out;
}

describe("dispatch_key over stdio: a key sent on several buses or receivers", () => {
	type Sides = {
		key: string;
		handlers: { node: { defId: string } }[];
		dispatchers: { file: string; line: number }[];
	};
	const keysOf = async (index: string, trunk: string, key: string): Promise<Sides[]> => {
		const client = await connect(index);
		try {
			const r = await call(client, "dispatch_key", { trunk, key });
			expect(r.isError).toBeFalsy();
			return JSON.parse(textOf(r)) as Sides[];
		} finally {
			await client.close();
		}
	};

	it("returns the event on every named bus it is sent on, not the first bus only", async () => {
		const found = await keysOf(await discoveryIndex("named-buses"), "bus-name", "updated");
		expect(found.map((f) => f.key)).toEqual([busKey("customers", "updated"), busKey("orders", "updated")]);
		expect(found.map((f) => f.dispatchers.length)).toEqual([1, 1]);
	});

	it("returns the bare key and the same literal on each receiver it is scoped to", async () => {
		const found = await keysOf(await discoveryIndex("created-objects"), "events", "error");
		expect(found.map((f) => f.key)).toEqual(["error", receiverKey("error", "socket")]);
		expect(found[1]?.handlers.map((h) => h.node.defId)).toEqual(["src/peer.ts#logSocketError"]);
	});
});
