import { describe, expect, it } from "vitest";
import { ConfigError, loadRepoConfig } from "../../src/config.js";

describe("loadRepoConfig", () => {
	it("reads the repository settings with their defaults", () => {
		const c = loadRepoConfig({ CODEASK_REPOS_DIR: "/var/lib/codeask", CODEASK_GIT_PROTOCOLS: "https, ssh" });
		expect(c).toMatchObject({
			reposDir: "/var/lib/codeask",
			gitProtocols: ["https", "ssh"],
			pollMs: 300_000,
			cloneTimeoutMs: 600_000,
			repoMaxMb: 4096,
			syncConcurrency: 1,
		});
		expect(loadRepoConfig({}, { reposDir: "/flag" }).reposDir).toBe("/flag");
	});

	it("refuses an admin token equal to the asking token, unknown protocols and bad numbers, naming each", () => {
		const token = "same-token-0123456789abcdef";
		expect(() => loadRepoConfig({ CODEASK_TOKEN: token, CODEASK_ADMIN_TOKEN: token })).toThrow(/must differ/);
		let error: unknown;
		try {
			loadRepoConfig({
				CODEASK_GIT_PROTOCOLS: "https,ext",
				CODEASK_REPO_POLL_MS: "-1",
				CODEASK_REDIS_URL: "http://x",
			});
		} catch (err) {
			error = err;
		}
		expect(error).toBeInstanceOf(ConfigError);
		const problems = (error as ConfigError).problems.join("\n");
		expect(problems).toContain("CODEASK_GIT_PROTOCOLS");
		expect(problems).toContain("CODEASK_REPO_POLL_MS");
		expect(problems).toContain("CODEASK_REDIS_URL");
	});
});
