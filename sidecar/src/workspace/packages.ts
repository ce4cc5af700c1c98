/**
 * Workspace discovery: which folders of a repository are packages. Reads npm/yarn `workspaces`
 * globs from the root package.json and `packages:` from pnpm-workspace.yaml; a repository
 * declaring neither has a package in every folder holding a project's package.json
 * (package-folders.ts), and is one package rooted at the repository root when there is none.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { undeclaredPackageDirs } from "./package-folders.js";

export interface WorkspacePackage {
	/** package.json name, or the folder name when there is none. */
	name: string;
	/** Repo-relative posix folder ('' for the root package). */
	dir: string;
	description: string | null;
	/** First paragraph(s) of the package README. */
	readme: string | null;
	/** package.json fields that point at the package's entry (main/types/module/exports['.']). */
	entryHints: string[];
	/**
	 * package.json `exports` subpaths (`./query`, `./utils/*`) → the files they name, every condition's
	 * target in order; absent when `exports` has no subpath other than `.`.
	 */
	subpathExports?: Record<string, string[]>;
	/** `file:`/`link:` dependencies inside the repository: the name imported and the folder (repo-relative) it points at. */
	fileDependencies?: { name: string; dir: string }[];
	/**
	 * Found without a workspace declaration: with no tsconfig of its own, the nearest one above
	 * applies, as it would for tsc (a declared workspace package keeps its own options alone).
	 */
	inheritsTsconfig?: boolean;
}

interface PackageJson {
	name?: string;
	description?: string;
	main?: string;
	types?: string;
	typings?: string;
	module?: string;
	exports?: unknown;
	workspaces?: string[] | { packages?: string[] };
	dependencies?: Record<string, unknown>;
	devDependencies?: Record<string, unknown>;
	peerDependencies?: Record<string, unknown>;
}

export function readPackageJson(dir: string): PackageJson | null {
	const file = join(dir, "package.json");
	if (!existsSync(file)) return null;
	try {
		return JSON.parse(readFileSync(file, "utf8")) as PackageJson;
	} catch {
		return null;
	}
}

/** Workspace globs of the repository: npm/yarn `workspaces`, then pnpm-workspace.yaml. */
export function workspaceGlobs(repoRoot: string): string[] {
	const pkg = readPackageJson(repoRoot);
	const ws = pkg?.workspaces;
	if (Array.isArray(ws)) return ws;
	if (ws && Array.isArray(ws.packages)) return ws.packages;
	const pnpm = join(repoRoot, "pnpm-workspace.yaml");
	if (existsSync(pnpm)) return parsePnpmPackages(readFileSync(pnpm, "utf8"));
	return [];
}

/** The `packages:` list of a pnpm-workspace.yaml (a flat YAML list; no YAML library needed). */
export function parsePnpmPackages(yaml: string): string[] {
	const out: string[] = [];
	let inPackages = false;
	for (const line of yaml.split("\n")) {
		if (/^packages\s*:/.test(line)) {
			inPackages = true;
			continue;
		}
		if (inPackages) {
			const item = /^\s+-\s*['"]?([^'"#]+?)['"]?\s*(#.*)?$/.exec(line);
			if (item?.[1]) out.push(item[1]);
			else if (/^\S/.test(line)) inPackages = false;
		}
	}
	return out;
}

/** Expand workspace globs (`apps/*`, `packages/**`, `tools/x`, `!excluded`) to folders holding a package.json. */
export function expandWorkspaceGlobs(repoRoot: string, globs: string[]): string[] {
	const include = globs.filter((g) => !g.startsWith("!"));
	const exclude = globs.filter((g) => g.startsWith("!")).map((g) => globToRegExp(g.slice(1)));
	const dirs = new Set<string>();
	for (const glob of include) {
		for (const dir of matchDirs(repoRoot, glob.replace(/^\.\//, "").replace(/\/$/, "").split("/"), "")) {
			if (!exclude.some((re) => re.test(dir)) && existsSync(join(repoRoot, dir, "package.json"))) {
				dirs.add(dir);
			}
		}
	}
	return [...dirs].sort();
}

function matchDirs(root: string, segments: string[], prefix: string): string[] {
	const [head, ...rest] = segments;
	if (head === undefined) return [prefix];
	if (head === "**") {
		const here = matchDirs(root, rest, prefix);
		return [...here, ...subdirs(root, prefix).flatMap((d) => matchDirs(root, segments, d))];
	}
	if (!/[*?[]/.test(head)) {
		const next = prefix ? `${prefix}/${head}` : head;
		return isDir(join(root, next)) ? matchDirs(root, rest, next) : [];
	}
	const re = globToRegExp(head);
	return subdirs(root, prefix)
		.filter((d) => re.test(d.slice(d.lastIndexOf("/") + 1)))
		.flatMap((d) => matchDirs(root, rest, d));
}

function subdirs(root: string, prefix: string): string[] {
	try {
		return readdirSync(join(root, prefix), { withFileTypes: true })
			.filter((e) => e.isDirectory() && e.name !== "node_modules" && !e.name.startsWith("."))
			.map((e) => (prefix ? `${prefix}/${e.name}` : e.name));
	} catch {
		return [];
	}
}

function isDir(path: string): boolean {
	try {
		return statSync(path).isDirectory();
	} catch {
		return false;
	}
}

function globToRegExp(glob: string): RegExp {
	const body = glob
		.replace(/[.+^${}()|\\]/g, "\\$&")
		.replace(/\*\*\/?/g, "§DOUBLESTAR§")
		.replace(/\*/g, "[^/]*")
		.replace(/\?/g, "[^/]")
		.replace(/§DOUBLESTAR§/g, ".*");
	return new RegExp(`^${body}$`);
}

/** First paragraph(s) of a README: skips headings, badges and HTML, up to ~600 characters. */
export function readmeIntro(markdown: string, maxChars = 600): string | null {
	const paragraphs = markdown
		.replace(/<!--[\s\S]*?-->/g, "")
		.split(/\n\s*\n/)
		.map((p) => p.trim())
		.filter(
			(p) => p && !p.startsWith("#") && !p.startsWith("<") && !p.startsWith("[![") && !p.startsWith("!["),
		);
	let out = "";
	for (const p of paragraphs) {
		if (out && out.length + p.length > maxChars) break;
		out = out ? `${out}\n\n${p}` : p;
	}
	return out ? out.slice(0, maxChars) : null;
}

function readReadme(dir: string): string | null {
	for (const name of ["README.md", "readme.md", "Readme.md", "README"]) {
		const file = join(dir, name);
		if (existsSync(file)) return readmeIntro(readFileSync(file, "utf8"));
	}
	return null;
}

function entryHints(pkg: PackageJson): string[] {
	const hints = [pkg.types, pkg.typings, pkg.module, pkg.main];
	const dot = (pkg.exports as Record<string, unknown> | undefined)?.["."] ?? pkg.exports;
	const collect = (v: unknown): void => {
		if (typeof v === "string") hints.push(v);
		else if (v && typeof v === "object") for (const x of Object.values(v)) collect(x);
	};
	collect(dot);
	return hints.filter((h): h is string => typeof h === "string");
}

/** Every string target under an `exports` value (conditions and fallback arrays flattened, in order). */
function exportTargets(value: unknown): string[] {
	if (typeof value === "string") return [value];
	if (Array.isArray(value)) return value.flatMap(exportTargets);
	if (value && typeof value === "object") return Object.values(value).flatMap(exportTargets);
	return [];
}

function subpathExports(pkg: PackageJson): Record<string, string[]> | undefined {
	const exports = pkg.exports;
	if (!exports || typeof exports !== "object" || Array.isArray(exports)) return undefined;
	const subpaths = Object.entries(exports).filter(
		([key]) => key.startsWith("./") && key !== "./package.json",
	);
	if (subpaths.length === 0) return undefined;
	return Object.fromEntries(subpaths.map(([key, value]) => [key, exportTargets(value)]));
}

function describe(repoRoot: string, dir: string, fallbackName: string): WorkspacePackage {
	const abs = join(repoRoot, dir);
	const pkg = readPackageJson(abs) ?? {};
	const fileDeps = fileDependencies(repoRoot, dir, pkg);
	const subpaths = subpathExports(pkg);
	return {
		name: pkg.name ?? fallbackName,
		dir,
		description: pkg.description ?? null,
		readme: readReadme(abs),
		entryHints: entryHints(pkg),
		...(subpaths ? { subpathExports: subpaths } : {}),
		...(fileDeps.length > 0 ? { fileDependencies: fileDeps } : {}),
	};
}

/** The package described by the package.json in `dir` (repo-relative), named after the folder when it has no name. */
export function describePackage(repoRoot: string, dir: string): WorkspacePackage {
	return describe(repoRoot, dir, dir.slice(dir.lastIndexOf("/") + 1));
}

/** `"@acme/sdk": "file:../sdk"` (or `link:`) → `{ name: "@acme/sdk", dir: "sdk" }`, for folders inside the repository. */
function fileDependencies(repoRoot: string, dir: string, pkg: PackageJson): { name: string; dir: string }[] {
	const out: { name: string; dir: string }[] = [];
	for (const list of [pkg.dependencies, pkg.devDependencies, pkg.peerDependencies]) {
		for (const [name, spec] of Object.entries(list ?? {})) {
			const target = typeof spec === "string" ? /^(?:file|link):(.+)$/.exec(spec)?.[1] : undefined;
			if (!target) continue;
			const rel = relative(repoRoot, join(repoRoot, dir, target))
				.split("\\")
				.join("/");
			if (rel.startsWith("..") || rel.startsWith("/") || !existsSync(join(repoRoot, rel, "package.json")))
				continue;
			if (!out.some((d) => d.name === name)) out.push({ name, dir: rel });
		}
	}
	return out;
}

/**
 * The repository's packages. The root is always a package (it owns files outside every
 * workspace folder); workspace folders follow, sorted by folder.
 */
export function discoverPackages(repoRoot: string): WorkspacePackage[] {
	const rootName = repoRoot.split(/[\\/]/).filter(Boolean).pop() ?? "root";
	const root = describe(repoRoot, "", rootName);
	if (!declaresWorkspaces(repoRoot)) {
		const found = undeclaredPackageDirs(repoRoot).map((d) => ({
			...describePackage(repoRoot, d),
			inheritsTsconfig: true,
		}));
		return [root, ...found];
	}
	const dirs = expandWorkspaceGlobs(repoRoot, workspaceGlobs(repoRoot)).filter((d) => d !== "");
	return [root, ...dirs.map((d) => describePackage(repoRoot, d))];
}

/**
 * Folders of the packages the repository declares, or of those found without a declaration
 * (package-folders.ts): what preset detection reads dependencies from besides the root.
 */
export function packageDirs(repoRoot: string): string[] {
	return declaresWorkspaces(repoRoot)
		? expandWorkspaceGlobs(repoRoot, workspaceGlobs(repoRoot)).filter((d) => d !== "")
		: undeclaredPackageDirs(repoRoot);
}

/**
 * Whether the root lists its packages: npm/yarn `workspaces`, pnpm-workspace.yaml, or the list of
 * another monorepo tool (lerna.json, rush.json). Such a repository's packages are the ones listed,
 * however many other package.json files it holds.
 */
export function declaresWorkspaces(repoRoot: string): boolean {
	return (
		readPackageJson(repoRoot)?.workspaces !== undefined ||
		["pnpm-workspace.yaml", "lerna.json", "rush.json"].some((f) => existsSync(join(repoRoot, f)))
	);
}
