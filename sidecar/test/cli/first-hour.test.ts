/**
 * What a new user meets in the first minutes (issue 15): a mistyped folder, a bad option value with
 * no index yet, and the demo. Each mistake is named in one message, exit 2, before anything else.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const CLI = resolve(dirname(fileURLToPath(import.meta.url)), "../../bin/codeask.js");

function codeask(args: string[], cwd: string) {
	const r = spawnSync(process.execPath, [CLI, ...args], {
		encoding: "utf8",
		cwd,
		env: { ...process.env, CODEASK_INDEX: "" },
	});
	return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe("the first hour with the CLI", { timeout: 120_000 }, () => {
	const empty = mkdtempSync(join(tmpdir(), "codeask-first-hour-"));

	it("refuses a folder that does not exist, and does not create it", () => {
		const missing = join(empty, "my-repo-typo");
		const r = codeask(["index", missing], empty);
		expect(r.code).toBe(2);
		expect(r.stderr.trim()).toBe(`codeask: ${missing} does not exist`);
		expect(existsSync(missing)).toBe(false);
	});

	it("names a bad --llm, --detail or --config before it looks for an index", () => {
		for (const [args, option] of [
			[["--llm", "gpt"], "--llm"],
			[["--detail", "medium"], "--detail"],
			[["--config", "{tokenBudget: 1}"], "--config"],
		] as const) {
			const r = codeask(["ask", "how are messages sent?", ...args], empty);
			expect(r.code, args.join(" ")).toBe(2);
			expect(r.stderr).toContain(option);
			expect(r.stderr).not.toContain("no index");
			expect(r.stderr).not.toMatch(/--\w+: --\w+/);
		}
	});

	it("tells how to get an index when serve or mcp starts without one", () => {
		for (const command of ["serve", "mcp"]) {
			const r = spawnSync(process.execPath, [CLI, command], {
				encoding: "utf8",
				cwd: empty,
				input: "",
				env: { ...process.env, CODEASK_INDEX: "", CODEASK_TOKEN: "first-hour-token-0123456789" },
			});
			expect(r.status, command).toBe(2);
			// The service's own JSON log lines go to stderr too, flushed in their own time: the
			// sentence is the last of the CLI's lines, not necessarily the last line.
			const said = r.stderr.split("\n").filter((l) => l.startsWith("codeask: "));
			expect(said.at(-1) ?? "", command).toMatch(
				/^codeask: no index at .*: run `codeask index <repo>`.* pass --index <file>/,
			);
		}
	});

	it("shows the demo's question once, and says what to do next", () => {
		const r = codeask(["demo"], empty);
		expect(r.code, r.stderr).toBe(0);
		expect(r.stdout.match(/How are push notifications sent when a new message is posted\?/g)).toHaveLength(1);
		expect(r.stdout).toMatch(/Next steps: `codeask index <your repo>`/);
	});
});
