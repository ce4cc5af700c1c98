import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { checkRepoUrl, RepoUrlError, scrubCredentials } from "../../src/repos/url.js";
import { HOSTILE_URLS } from "../../src/scripts/hostile-urls.js";

const tmp = mkdtempSync(join(tmpdir(), "codeask-url-"));
const root = join(tmp, "root");
mkdirSync(join(root, "repo"), { recursive: true });
symlinkSync("/etc", join(root, "escape"));
const policy = { protocols: ["https", "ssh", "file"] as const, localRoot: root };
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe("checkRepoUrl", () => {
	it("accepts https, ssh, scp-style and local folders under the root", () => {
		expect(checkRepoUrl("https://github.com/org/repo.git", policy).protocol).toBe("https");
		expect(checkRepoUrl("ssh://git@example.com:2222/org/repo.git", policy).protocol).toBe("ssh");
		expect(checkRepoUrl("git@github.com:org/repo.git", policy).protocol).toBe("ssh");
		const local = checkRepoUrl(join(root, "repo"), policy);
		expect(local.protocol).toBe("file");
		// Local folders go to git as file:// URLs, so a shallow clone is really shallow.
		expect(local.gitUrl.startsWith("file://")).toBe(true);
		expect(checkRepoUrl(`file://${join(root, "repo")}`, policy).display).toBe(local.display);
	});

	it("refuses every hostile or malformed location with a message, and runs nothing", () => {
		const mark = join(tmp, "executed");
		for (const template of HOSTILE_URLS) {
			const url = template.replaceAll("MARK", mark).replaceAll("ROOT", root);
			let error: unknown;
			try {
				checkRepoUrl(url, policy);
			} catch (err) {
				error = err;
			}
			expect(error, url).toBeInstanceOf(RepoUrlError);
			expect((error as Error).message.length, url).toBeGreaterThan(10);
			// Credentials given in a refused URL are not echoed back.
			expect((error as Error).message).not.toContain("secret-token");
		}
		expect(existsSync(mark)).toBe(false);
	});

	it("refuses a symlink inside the root that leads outside it", () => {
		expect(() => checkRepoUrl(join(root, "escape"), policy)).toThrow(/outside the local root/);
	});

	it("refuses local folders when no root is configured, and protocols not allowed", () => {
		expect(() =>
			checkRepoUrl(join(root, "repo"), { protocols: ["https", "ssh", "file"], localRoot: null }),
		).toThrow(/no local root/);
		expect(() =>
			checkRepoUrl("git@github.com:org/repo.git", { protocols: ["https"], localRoot: null }),
		).toThrow(/ssh repositories are not allowed/);
	});

	it("scrubs credentials from any URL in a text", () => {
		expect(scrubCredentials("fatal: https://bob:hunter22@example.com/x failed")).toBe(
			"fatal: https://***@example.com/x failed",
		);
		expect(scrubCredentials("token abcdef123 leaked", ["abcdef123"])).toBe("token *** leaked");
	});
});
