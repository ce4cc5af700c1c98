import { Command } from "commander";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { register } from "../../src/cli/commands/query.js";
import { UsageError } from "../../src/cli/errors.js";
import { writeTinyIndex } from "./tiny-index.js";

let dbPath: string;
beforeAll(() => {
	dbPath = writeTinyIndex();
});
afterEach(() => {
	process.exitCode = undefined;
	vi.restoreAllMocks();
});

/** Run `codeask query …` in-process; returns stdout and the exit code the command set. */
async function query(...args: string[]): Promise<{ out: string; code: number }> {
	const program = new Command("codeask").exitOverride();
	register(program);
	let out = "";
	vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
		out += String(chunk);
		return true;
	});
	await program.parseAsync(["node", "codeask", "query", ...args, "--index", dbPath]);
	const code = typeof process.exitCode === "number" ? process.exitCode : 0;
	return { out, code };
}

describe("codeask query", () => {
	it("path prints each hop with the edge and where it is written", async () => {
		const { out, code } = await query("path", "ChatView", "notifyUsers");
		expect(code).toBe(0);
		expect(out).toBe(`path of 6 edges, across rest → callbacks:
 0. apps/web/src/ChatView.tsx#ChatView
 1. --call (apps/web/src/ChatView.tsx:3)--> apps/web/src/send.ts#sendMessage
 2. --dispatch (apps/web/src/send.ts:3)--> trunk:rest#chat.send
 3. --handler (apps/server/src/routes.ts:2)--> apps/server/src/post.ts#postMessage
 4. --call (apps/server/src/post.ts:3)--> apps/server/src/service.ts#MessagingService.save
 5. --dispatch (apps/server/src/service.ts:5)--> trunk:callbacks#afterSave
 6. --handler (apps/server/src/notify.ts:5)--> apps/server/src/notify.ts#notifyUsers
`);
	});

	it("exits 1 when there is no path", async () => {
		const { out, code } = await query("path", "notifyUsers", "ChatView");
		expect(code).toBe(1);
		expect(out).toMatch(/^no path from apps\/server\/src\/notify.ts#notifyUsers/);
	});

	it("callers --json gives the structured result", async () => {
		const { out, code } = await query("callers", "formatText", "--json");
		expect(code).toBe(0);
		const r = JSON.parse(out);
		expect(r.neighbours.map((n: { node: { name: string } }) => n.node.name).sort()).toEqual([
			"notifyUsers",
			"sendMessage",
		]);
	});

	it("callees --depth 2 indents by depth", async () => {
		const { out } = await query("callees", "postMessage", "--depth", "2", "--kinds", "call,dispatch,handler");
		expect(out.split("\n").slice(1, 4)).toEqual([
			"  apps/server/src/service.ts#MessagingService.save  [call] at apps/server/src/post.ts:3",
			"    packages/core/src/index.ts#validate  [call] at apps/server/src/service.ts:4",
			'    apps/server/src/notify.ts#notifyUsers  [dispatch:callbacks "afterSave"] at apps/server/src/service.ts:5',
		]);
	});

	it("listeners lists handlers and dispatchers", async () => {
		const { out, code } = await query("listeners", "chat.send");
		expect(code).toBe(0);
		expect(out).toContain('rest "chat.send": 1 handler(s), 1 dispatch site(s)');
		expect(out).toContain("  apps/server/src/post.ts#postMessage  at apps/server/src/routes.ts:2");
	});

	it("an ambiguous or unknown name is a usage error listing candidates", async () => {
		await expect(query("callers", "(module)")).rejects.toThrowError(UsageError);
		await expect(query("callers", "(module)")).rejects.toThrowError(/candidates:\n {2}apps\/server/);
		await expect(query("callers", "nope")).rejects.toThrowError(/no definition matches "nope"/);
	});

	it("rejects unknown edge kinds", async () => {
		await expect(query("callers", "formatText", "--kinds", "call,teleport")).rejects.toThrowError(
			/edge kinds are/,
		);
	});
});
