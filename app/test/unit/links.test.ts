import { describe, expect, it } from "vitest";
import { forgeOf, lineRangeUrl, webUrlOfRemote } from "../../lib/links";

describe("repository links", () => {
	it("derives the web URL from the usual git remote forms, without credentials", () => {
		expect(webUrlOfRemote("git@github.com:RocketChat/Rocket.Chat.git")).toBe(
			"https://github.com/RocketChat/Rocket.Chat",
		);
		expect(webUrlOfRemote("https://oauth2:glpat-x@gitlab.com/group/sub/project.git")).toBe(
			"https://gitlab.com/group/sub/project",
		);
		expect(webUrlOfRemote("ssh://git@bitbucket.org:22/team/repo.git")).toBe(
			"https://bitbucket.org/team/repo",
		);
		expect(webUrlOfRemote("http://gitea.local:3000/acme/app")).toBe("http://gitea.local:3000/acme/app");
		expect(webUrlOfRemote("/srv/git/repo.git")).toBeUndefined();
	});

	it("links line ranges in each forge's form, with the subfolder prefix", () => {
		const base = { ref: "0123abcd", subdir: "packages/web" };
		const at = (webUrl: string) =>
			lineRangeUrl({ ...base, webUrl, forge: forgeOf(webUrl) }, "src/a b.ts", 3, 9);
		expect(at("https://github.com/o/r")).toBe(
			"https://github.com/o/r/blob/0123abcd/packages/web/src/a%20b.ts#L3-L9",
		);
		expect(at("https://gitlab.example.com/g/r")).toBe(
			"https://gitlab.example.com/g/r/-/blob/0123abcd/packages/web/src/a%20b.ts#L3-9",
		);
		expect(at("https://bitbucket.org/t/r")).toBe(
			"https://bitbucket.org/t/r/src/0123abcd/packages/web/src/a%20b.ts#lines-3:9",
		);
		expect(at("https://codeberg.org/o/r")).toBe(
			"https://codeberg.org/o/r/src/commit/0123abcd/packages/web/src/a%20b.ts#L3-L9",
		);
		expect(
			lineRangeUrl(
				{
					webUrl: "https://git.corp/o/r",
					forge: forgeOf("https://git.corp/o/r", "gitea"),
					ref: "main",
					subdir: "",
				},
				"x.ts",
				1,
				2,
			),
		).toBe("https://git.corp/o/r/src/branch/main/x.ts#L1-L2");
	});
});
