import { describe, expect, it } from "vitest";
import { discoverPackages, parsePnpmPackages, readmeIntro } from "../../src/workspace/packages.js";
import { repoWith } from "../support/repo-with.js";

describe("workspace discovery", () => {
	it("expands npm/yarn workspace globs, including ** and exclusions", () => {
		const root = repoWith({
			"package.json": JSON.stringify({
				workspaces: { packages: ["apps/*", "libs/**", "!libs/internal/skip"] },
			}),
			"apps/web/package.json": JSON.stringify({ name: "@x/web", description: "The web app" }),
			"apps/notes/README.md": "no package.json here",
			"libs/a/package.json": JSON.stringify({ name: "@x/a" }),
			"libs/internal/b/package.json": JSON.stringify({ name: "@x/b" }),
			"libs/internal/skip/package.json": JSON.stringify({ name: "@x/skip" }),
		});
		const packages = discoverPackages(root);
		expect(packages.map((p) => [p.name, p.dir])).toEqual([
			[expect.any(String), ""],
			["@x/web", "apps/web"],
			["@x/a", "libs/a"],
			["@x/b", "libs/internal/b"],
		]);
		expect(packages[1]?.description).toBe("The web app");
	});

	it("reads pnpm-workspace.yaml", () => {
		expect(
			parsePnpmPackages(
				"packages:\n  - 'packages/*'\n  - \"apps/**\" # all apps\n  - '!**/test/**'\nother: 1\n",
			),
		).toEqual(["packages/*", "apps/**", "!**/test/**"]);
		const root = repoWith({
			"pnpm-workspace.yaml": "packages:\n  - pkgs/*\n",
			"pkgs/one/package.json": JSON.stringify({ name: "one" }),
		});
		expect(discoverPackages(root).map((p) => p.dir)).toEqual(["", "pkgs/one"]);
	});

	it("treats a repository without workspaces as one package", () => {
		const root = repoWith({ "src/a.ts": "export const a = 1;\n" });
		expect(discoverPackages(root).map((p) => p.dir)).toEqual([""]);
	});

	it("takes the README's first paragraphs, skipping headings and badges", () => {
		expect(
			readmeIntro("# Title\n\n[![ci](x)](y)\n\nFirst para\nwraps.\n\nSecond.\n\n## More\n\nThird."),
		).toBe("First para\nwraps.\n\nSecond.\n\nThird.");
	});
});
