/**
 * The project's own `npm run fuzz` and `npm run load`, in a short bounded form on the mini-chat
 * fixture (both start `codeask serve` themselves on 127.0.0.1, the fuzzer `codeask mcp` on
 * stdio): they must pass, so CI runs them. Their expectations come from the code (the MCP tool
 * list is read from the server), not from this test.
 */
import { spawnSync } from "node:child_process";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { fixtureIndexPath } from "../support/fixture-index.js";

const ROOT = resolve(fileURLToPath(new URL("../../..", import.meta.url)));
const script = (name: string) => join(ROOT, "sidecar/dist/scripts", `${name}.js`);

function run(name: string, args: string[]) {
	const r = spawnSync(process.execPath, [script(name), ...args, "--json"], {
		encoding: "utf8",
		timeout: 240_000,
		env: { PATH: process.env.PATH ?? "" },
	});
	return { status: r.status, summary: r.stdout ? JSON.parse(r.stdout) : null, stderr: r.stderr };
}

describe("npm run fuzz / load, short form", () => {
	beforeAll(() => {
		spawnSync(process.execPath, [join(ROOT, "node_modules/typescript/bin/tsc"), "-b", "shared", "sidecar"], {
			cwd: ROOT,
			stdio: "ignore",
		});
	});

	it("fuzz: 150 malformed HTTP requests and MCP calls, every one refused cleanly, nothing leaked", async () => {
		const r = run("fuzz", ["--index", await fixtureIndexPath(), "--count", "150", "--concurrency", "4"]);
		expect(r.status, JSON.stringify(r.summary?.firstFailures ?? r.stderr).slice(0, 2000)).toBe(0);
		expect(r.summary.http.failures).toBe(0);
		expect(r.summary.mcp.aliveAfter).toBe(true);
		expect(r.summary.mcp.tools).toBeGreaterThan(0);
		expect(r.summary.logs.leaked).toBe(0);
	});

	it("load: 3 s at 8 connections, only 200 and 503, no connection errors", async () => {
		const r = run("load", ["--index", await fixtureIndexPath(), "--duration", "3", "--connections", "8"]);
		expect(r.status, r.stderr.slice(0, 2000)).toBe(0);
		expect(r.summary.unexpectedStatuses).toBe(0);
		expect(r.summary.connectionErrors).toBe(0);
		expect(r.summary.byStatus["200"].count).toBeGreaterThan(0);
		expect(r.summary.healthAfter).toBe(200);
	});
});
