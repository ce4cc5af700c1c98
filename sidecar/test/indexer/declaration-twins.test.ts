/**
 * A declaration file written beside its JavaScript implementation (`oauth.d.ts` + `oauth.js`): an
 * import of it stands for the implementation, so calls reach the `.js` definitions. A `.d.ts` with no
 * implementation beside it still types its importers.
 */
import { rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { IndexReader } from "../../src/index/reader.js";
import { indexRepository } from "../../src/indexer/index.js";
import { repoWith } from "../support/repo-with.js";

const repos: string[] = [];
afterAll(() => {
	for (const repo of repos) rmSync(repo, { recursive: true, force: true });
});

describe("declaration files beside their implementation", () => {
	it("resolves an import of a .d.ts with a .js twin to the .js, so its methods get callers", async () => {
		const repo = repoWith({
			"package.json": JSON.stringify({ name: "auth" }),
			"src/oauth/provider.d.ts": [
				"export class OAuthProvider {",
				"\tconstructor(name: string);",
				"\tconfigure(options: Record<string, unknown>): void;",
				"}",
				"",
			].join("\n"),
			"src/oauth/provider.js": [
				"export class OAuthProvider {",
				"\tconstructor(name) {",
				"\t\tthis.name = name;",
				"\t}",
				"\tconfigure(options) {",
				"\t\tthis.options = options;",
				"\t}",
				"}",
				"",
			].join("\n"),
			"src/oauth/scopes.d.ts":
				"export interface Scopes {\n\tread: boolean;\n}\nexport declare function allScopes(): Scopes;\n",
			"src/login.ts": [
				"import { OAuthProvider } from './oauth/provider';",
				"import type { Scopes } from './oauth/scopes';",
				"export function setUpLogin(scopes: Scopes) {",
				"\tconst provider = new OAuthProvider('github');",
				"\tprovider.configure({ read: scopes.read });",
				"}",
				"",
			].join("\n"),
		});
		repos.push(repo);
		const out = join(repo, "i.db");
		await indexRepository({ repo, out });
		const index = IndexReader.open(out);
		try {
			const caller = index.def("src/login.ts#setUpLogin");
			const callees = index
				.edgesFrom(caller?.id ?? -1)
				.map((e) => index.defById(e.dst)?.defId)
				.sort();
			expect(callees).toContain("src/oauth/provider.js#OAuthProvider.configure");
			expect(callees).toContain("src/oauth/provider.js#OAuthProvider");
			// The types-only declaration file is not indexed and has no twin: nothing of it is a definition.
			expect(callees.filter((c) => c?.includes("scopes"))).toEqual([]);
		} finally {
			index.close();
		}
	});
});
