/**
 * Packages of a repository that declares no workspaces (no `workspaces`, pnpm-workspace.yaml,
 * lerna.json or rush.json): sub-projects side by side (`server/`, `web/`, `cli/`), each with its
 * own package.json and tsconfig.json. Each folder holding a package.json is a package, so its
 * imports resolve with its own `baseUrl`/`paths` and its dependencies count for preset detection.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { ALWAYS_SKIPPED_DIRS, TEST_DIRS } from "./skipped-dirs.js";

const dependencyList = z.record(z.string(), z.unknown());
const manifestSchema = z.looseObject({
	name: z.string().optional(),
	scripts: z.record(z.string(), z.unknown()).optional(),
	dependencies: dependencyList.optional(),
	devDependencies: dependencyList.optional(),
	peerDependencies: dependencyList.optional(),
});
type Manifest = z.infer<typeof manifestSchema>;

function readManifest(dir: string): Manifest | null {
	try {
		const parsed = manifestSchema.safeParse(JSON.parse(readFileSync(join(dir, "package.json"), "utf8")));
		return parsed.success ? parsed.data : null;
	} catch {
		return null;
	}
}

const hasTsconfig = (dir: string) => ["tsconfig.json", "jsconfig.json"].some((f) => existsSync(join(dir, f)));

const dependencyCount = (m: Manifest) =>
	Object.keys(m.dependencies ?? {}).length +
	Object.keys(m.devDependencies ?? {}).length +
	Object.keys(m.peerDependencies ?? {}).length;

/**
 * A project of its own, not a marker: a folder's `{ "type": "module" }` or `{ "sideEffects": false }`
 * only changes how the files around it load.
 */
function isProject(m: Manifest, dir: string): boolean {
	return m.name !== undefined || m.scripts !== undefined || dependencyCount(m) > 0 || hasTsconfig(dir);
}

/**
 * Inside another package, a package.json is a package only when it is one that could be published
 * or built alone (a name, and dependencies or a tsconfig of its own); a package's examples,
 * templates and generated markers stay its files.
 */
function isSubPackage(m: Manifest, dir: string): boolean {
	return m.name !== undefined && (dependencyCount(m) > 0 || hasTsconfig(dir));
}

/**
 * Folders (repo-relative, sorted) holding the package.json of a project, outside node_modules,
 * dot folders, build output and test/fixture folders (which collect.ts never indexes either). The
 * root does not count as enclosing: a root package.json with no workspaces holds the tooling.
 */
export function undeclaredPackageDirs(repoRoot: string): string[] {
	const found: string[] = [];
	const walk = (rel: string, insidePackage: boolean): void => {
		let entries: import("node:fs").Dirent[];
		try {
			entries = readdirSync(join(repoRoot, rel), { withFileTypes: true });
		} catch {
			return;
		}
		let inside = insidePackage;
		if (rel && entries.some((e) => e.isFile() && e.name === "package.json")) {
			const abs = join(repoRoot, rel);
			const manifest = readManifest(abs);
			if (manifest && (insidePackage ? isSubPackage(manifest, abs) : isProject(manifest, abs))) {
				found.push(rel);
				inside = true;
			}
		}
		for (const e of entries) {
			if (!e.isDirectory() || e.name.startsWith(".")) continue;
			if (ALWAYS_SKIPPED_DIRS.has(e.name) || TEST_DIRS.has(e.name)) continue;
			walk(rel ? `${rel}/${e.name}` : e.name, inside);
		}
	};
	walk("", false);
	return found.sort();
}
