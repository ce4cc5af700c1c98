/**
 * Preset detection: which presets apply to a repository, decided only by each preset's own
 * `detect` data (package names, dependencies, files), never by code that knows a framework.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { undeclaredPackageDirs } from "../workspace/package-folders.js";
import { declaresWorkspaces } from "../workspace/packages.js";
import type { DetectSpec, Preset } from "./config.js";

export interface RepoFacts {
	packageNames: Set<string>;
	dependencies: Set<string>;
}

function readPackageJson(dir: string): Record<string, unknown> | null {
	try {
		return JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as Record<string, unknown>;
	} catch {
		return null;
	}
}

/** Workspace globs from package.json `workspaces`, pnpm-workspace.yaml and lerna.json. */
function workspaceGlobs(root: string, pkg: Record<string, unknown> | null): string[] {
	const globs: string[] = [];
	const ws = pkg?.workspaces;
	if (Array.isArray(ws)) globs.push(...ws.filter((w): w is string => typeof w === "string"));
	else if (ws && typeof ws === "object" && Array.isArray((ws as { packages?: unknown }).packages)) {
		globs.push(
			...((ws as { packages: unknown[] }).packages.filter((w) => typeof w === "string") as string[]),
		);
	}
	try {
		const yaml = readFileSync(join(root, "pnpm-workspace.yaml"), "utf8");
		for (const m of yaml.matchAll(/^\s*-\s*['"]?([^'"\n#]+?)['"]?\s*$/gm)) if (m[1]) globs.push(m[1]);
	} catch {}
	try {
		const lerna = JSON.parse(readFileSync(join(root, "lerna.json"), "utf8")) as { packages?: unknown };
		if (Array.isArray(lerna.packages)) globs.push(...lerna.packages.filter((p) => typeof p === "string"));
	} catch {}
	return globs.filter((g) => !g.startsWith("!"));
}

/** Expand `a/*`, `a/**` (one level) and plain folders; enough for workspace lists. */
function expand(root: string, glob: string): string[] {
	const clean = glob.replace(/\/+$/, "").replace(/\/\*\*$/, "/*");
	if (!clean.includes("*")) return [join(root, clean)];
	const star = clean.indexOf("*");
	const base = clean.slice(0, clean.lastIndexOf("/", star) + 1);
	const rest = clean.slice(base.length);
	if (rest !== "*") return [];
	try {
		return readdirSync(join(root, base), { withFileTypes: true })
			.filter((d) => d.isDirectory() && d.name !== "node_modules")
			.map((d) => join(root, base, d.name));
	} catch {
		return [];
	}
}

export function repoFacts(root: string): RepoFacts {
	const facts: RepoFacts = { packageNames: new Set(), dependencies: new Set() };
	const rootPkg = readPackageJson(root);
	// Without a workspace declaration, the sub-projects' own package.json (a NestJS `server/`) count.
	const packageDirs = declaresWorkspaces(root)
		? workspaceGlobs(root, rootPkg).flatMap((g) => expand(root, g))
		: undeclaredPackageDirs(root).map((d) => join(root, d));
	const dirs = [root, ...packageDirs];
	for (const dir of dirs) {
		const pkg = dir === root ? rootPkg : readPackageJson(dir);
		if (!pkg) continue;
		if (typeof pkg.name === "string") facts.packageNames.add(pkg.name);
		for (const field of ["dependencies", "devDependencies", "peerDependencies"]) {
			const deps = pkg[field];
			if (deps && typeof deps === "object") for (const d of Object.keys(deps)) facts.dependencies.add(d);
		}
	}
	return facts;
}

export function detects(spec: DetectSpec, root: string, facts: RepoFacts): boolean {
	if (spec.always) return true;
	return (
		spec.packages.some((p) => facts.packageNames.has(p)) ||
		spec.dependencies.some((d) => facts.dependencies.has(d)) ||
		spec.files.some((f) => existsSync(join(root, f)))
	);
}

/** The presets whose detection matches the repository at `root`. */
export function enabledPresets(presets: readonly Preset[], root: string): Preset[] {
	const facts = repoFacts(root);
	return presets.filter((p) => detects(p.detect, root, facts));
}
