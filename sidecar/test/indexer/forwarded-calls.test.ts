import { describe, expect, it } from "vitest";
import { callsFrom } from "../support/calls-from.js";
import { withIndexOf } from "../support/open-index.js";
import { repoWith } from "../support/repo-with.js";

describe("calls forwarded with .call / .apply", () => {
	it("makes `f.call(this, …)` and `f.apply(this, args)` call edges to `f`, and leaves a method named `call` alone", async () => {
		const repo = repoWith(
			{
				"package.json": '{ "name": "forward-app" }',
				"src/profile.ts": [
					"export function saveProfile(this: unknown, name: string) {",
					"\treturn name.trim();",
					"}",
					"export function saveAvatar(this: unknown, url: string) {",
					"\treturn url;",
					"}",
					"export const broker = { call(method: string) { return method; } };",
					"export function methodHandler(this: unknown, name: string, url: string) {",
					"\tsaveProfile.call(this, name);",
					"\tsaveAvatar.apply(this, [url]);",
					'\treturn broker.call("users.save");',
					"}",
				].join("\n"),
			},
			"codeask-forward-",
		);
		await withIndexOf(repo, (index) => {
			const calls = callsFrom(index, "src/profile.ts#methodHandler");
			expect(calls).toEqual(
				expect.arrayContaining([
					"src/profile.ts#saveProfile@9",
					"src/profile.ts#saveAvatar@10",
					"src/profile.ts#broker.call@11",
				]),
			);
			// A forwarded call is a call, not also a read of the function.
			const refs = index
				.edgesFrom(index.def("src/profile.ts#methodHandler")?.id ?? -1)
				.filter((e) => e.kind === "reference")
				.map((e) => e.dstDefId);
			expect(refs).not.toContain("src/profile.ts#saveProfile");
		});
	});
});
