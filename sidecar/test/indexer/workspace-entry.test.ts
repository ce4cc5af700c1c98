/**
 * Where `import '<workspace package>'` lands: the source its package.json entry is built from,
 * also when that source sits in a folder of its own beside `src/` (`./dist/shared/index.js` built
 * from `shared/index.ts`, as Directus's @directus/utils is).
 */
import { rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { indexRepository } from "../../src/indexer/index.js";
import { createModuleResolver, workspaceEntry } from "../../src/indexer/resolve.js";
import { describePackage, discoverPackages } from "../../src/workspace/packages.js";
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

/** What an import written in `packages/web` resolves to (repo-relative), with the repository's packages. */
const resolvedFromWeb = (root: string) => {
	const resolver = createModuleResolver(root, discoverPackages(root), {});
	const from = join(root, "packages/web/src/page.ts");
	return (m: string) => resolver.resolve(m, from)?.resolvedFileName.slice(root.length + 1);
};

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

	it("resolves a subpath only `exports` names to the source its build output came from", () => {
		const root = repo({
			"package.json": json({ name: "repro", private: true, workspaces: ["packages/*"] }),
			"packages/shared/package.json": json({
				name: "@r/shared",
				main: "./dist/src/index.js",
				exports: {
					".": { import: "./dist/src/index.js" },
					"./query": {
						types: "./dist/src/features/query/index.d.ts",
						import: "./dist/src/features/query/index.js",
					},
					"./helpers/*": "./dist/src/utils/*.js",
				},
			}),
			// tsc compiles the package folder (rootDir ".") into dist/: dist/src/x.js comes from src/x.ts.
			"packages/shared/tsconfig.json": json({ compilerOptions: { rootDir: ".", outDir: "./dist" } }),
			"packages/shared/src/index.ts": "export const root = 1;\n",
			"packages/shared/src/features/query/index.ts": "export const query = 1;\n",
			"packages/shared/src/utils/dates.ts": "export const dates = 1;\n",
			"packages/shared/src/features/other.ts": "export const other = 1;\n",
			"packages/web/package.json": json({ name: "@r/web" }),
		});
		const resolved = resolvedFromWeb(root);
		expect(resolved("@r/shared/query")).toBe("packages/shared/src/features/query/index.ts");
		expect(resolved("@r/shared/helpers/dates")).toBe("packages/shared/src/utils/dates.ts");
		expect(resolved("@r/shared")).toBe("packages/shared/src/index.ts");
		// A subpath `exports` does not name stays unresolved, as it would for Node.
		expect(resolved("@r/shared/other")).toBeUndefined();
	});

	it("resolves a deep import through an unbuilt build folder to its source (pkg/dist/x → src/x, or x)", () => {
		const root = repo({
			"package.json": json({ name: "repro", private: true, workspaces: ["packages/*"] }),
			// `exports` names some build subpaths, not the deep one imported below.
			"packages/kit/package.json": json({
				name: "@r/kit",
				exports: { ".": "./dist/index.js", "./dist/text": "./dist/text/index.js" },
			}),
			"packages/kit/src/index.ts": "export const kit = 1;\n",
			"packages/kit/src/text/index.ts": "export * from './slug';\n",
			"packages/kit/src/text/slug.ts": "export const slug = (s: string) => s;\n",
			// No `exports`; built from files at the package root.
			"packages/pad/package.json": json({ name: "@r/pad", main: "dist/index.js" }),
			"packages/pad/index.ts": "export const pad = 1;\n",
			"packages/pad/client/store.tsx": "export const store = 1;\n",
			"packages/web/package.json": json({ name: "@r/web" }),
		});
		const resolved = resolvedFromWeb(root);
		expect(resolved("@r/kit/dist/text")).toBe("packages/kit/src/text/index.ts");
		expect(resolved("@r/kit/dist/text/slug")).toBe("packages/kit/src/text/slug.ts");
		expect(resolved("@r/kit/dist/text/slug.js")).toBe("packages/kit/src/text/slug.ts");
		expect(resolved("@r/pad/dist/client/store")).toBe("packages/pad/client/store.tsx");
		// No source behind it (a stylesheet the build writes): still unresolved.
		expect(resolved("@r/kit/dist/style.css")).toBeUndefined();
	});

	it("maps outDir back to rootDir when the build folder is no common name", () => {
		const root = repo({
			"packages/core/package.json": json({
				name: "@r/core",
				exports: { "./server": "./compiled/server/main.js" },
			}),
			"packages/core/tsconfig.json": json({ compilerOptions: { rootDir: "./lib", outDir: "./compiled" } }),
			"packages/core/lib/server/main.ts": "export const server = 1;\n",
		});
		const pkg = describePackage(root, "packages/core");
		const dir = join(root, "packages/core");
		const layout = { rootDir: join(dir, "lib"), outDir: join(dir, "compiled") };
		expect(workspaceEntry(root, pkg, "server", layout)?.slice(root.length + 1)).toBe(
			"packages/core/lib/server/main.ts",
		);
		expect(workspaceEntry(root, pkg, "server")).toBeUndefined();
	});
});
