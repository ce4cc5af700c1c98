/**
 * The built CLI with its output piped into a reader that quits early (`codeask … | head -1`):
 * it exits quietly with its own exit code, never with a crash's 1 or a trace.
 */
import { spawn } from "node:child_process";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const CLI = resolve(dirname(fileURLToPath(import.meta.url)), "../../bin/codeask.js");

/** Run the CLI with the read ends of the named pipes closed before it writes anything. */
function withClosed(args: string[], closed: ("stdout" | "stderr")[]) {
	const child = spawn(process.execPath, [CLI, ...args], {
		env: { ...process.env, CODEASK_INDEX: "" },
		stdio: ["ignore", "pipe", "pipe"],
	});
	let stderr = "";
	for (const name of closed) child[name].destroy();
	if (!closed.includes("stderr")) child.stderr.on("data", (d) => (stderr += d));
	return new Promise<{ code: number | null; stderr: string }>((done) =>
		child.on("close", (code) => done({ code, stderr })),
	);
}

describe("a closed pipe", { timeout: 60_000 }, () => {
	it("ends `--help | head` quietly with exit 0", async () => {
		for (const args of [["repos", "--help"], ["--help"], ["ask", "--help"]]) {
			const r = await withClosed(args, ["stdout"]);
			expect(r.code, args.join(" ")).toBe(0);
			expect(r.stderr).toBe("");
		}
	});

	it("keeps a failing command's own exit code when stderr is closed too (`2>&1 | head`)", async () => {
		const missing = await withClosed(
			["ask", "where?", "--index", "/nonexistent/codeask.db"],
			["stdout", "stderr"],
		);
		expect(missing.code).toBe(2);
		const unknown = await withClosed(["no-such-command"], ["stdout", "stderr"]);
		expect(unknown.code).toBe(2);
	});
});
