/**
 * Where `import '<workspace package>'` lands: the source its package.json entry is built from,
 * also when that source sits in a folder of its own beside `src/` (`./dist/shared/index.js` built
 * from `shared/index.ts`, as Directus's @directus/utils is).
 */
import { rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { indexRepository } from "../../src/indexer/index.js";
import { workspaceEntry } from "../../src/indexer/resolve.js";
import { describePackage } from "../../src/indexer/workspace.js";
import { withIndexAt } from "../support/open-index.js";
import { repoWith } from "../support/repo-with.js";

const scratch: string[] = [];
afterAll(() => {
	for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});
const repo = (files: Record<string, string>) => {
	const root = repoWith(files, "codeask-ws-entry-");
	scratch.push(root);
	return root;
};
const json = (value: unknown) => JSON.stringify(value);
const entryOf = (root: string, dir: string) =>
	workspaceEntry(root, describePackage(root, dir), "")?.slice(root.length + 1);

describe("workspace package entry", () => {
	it("finds the source of a build output in a folder beside src/ (dist/shared/index.js → shared/index.ts)", () => {
		const root = repo({
			"packages/util/package.json": json({
				name: "@r/util",
				exports: { ".": "./dist/shared/index.js" },
				main: "dist/shared/index.js",
			}),
			"packages/util/shared/index.ts": "export const x = 1;\n",
			"packages/util/node/index.ts": "export const y = 1;\n",
		});
		expect(entryOf(root, "packages/util")).toBe("packages/util/shared/index.ts");
	});

	it("keeps what the src/ rewrite finds, whichever hint comes first", () => {
		const root = repo({
			"packages/ui/package.json": json({
				name: "@r/ui",
				types: "dist/types/index.d.ts",
				main: "dist/index.js",
			}),
			"packages/ui/types/index.ts": "export type T = 1;\n",
			"packages/ui/src/index.ts": "export const ui = 1;\n",
		});
		expect(entryOf(root, "packages/ui")).toBe("packages/ui/src/index.ts");
	});

	it("resolves a workspace import to that source in an index", async () => {
		const root = repo({
			"package.json": json({ name: "repro", private: true, workspaces: ["packages/*"] }),
			"packages/util/package.json": json({ name: "@r/util", exports: { ".": "./dist/shared/index.js" } }),
			"packages/util/shared/index.ts":
				"export function getEndpoint(collection: string) { return `/items/${collection}`; }\n",
			"packages/web/package.json": json({ name: "@r/web", dependencies: { "@r/util": "workspace:*" } }),
			"packages/web/src/use-item.ts":
				"import { getEndpoint } from '@r/util';\nexport function save() { return fetch(getEndpoint('a')); }\n",
		});
		const out = join(root, ".codeask/index.db");
		const result = await indexRepository({ repo: root, out, full: true });
		await withIndexAt(out, (index) => {
			const from = index.def("packages/web/src/use-item.ts#save");
			expect(index.edgesFrom(from?.id ?? -1).map((e) => index.defById(e.dst)?.defId)).toContain(
				"packages/util/shared/index.ts#getEndpoint",
			);
			expect(result.imports.byKind.workspace).toEqual({ inRepo: 1, resolved: 1 });
		});
	});
});
