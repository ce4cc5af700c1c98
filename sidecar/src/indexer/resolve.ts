/**
 * Module resolution without node_modules. One program covers the whole repository (sources are
 * parsed once), but each import is resolved with the options of the package that writes it:
 * its tsconfig `paths`/`baseUrl`, then workspace package names mapped to their source folders
 * (`@scope/pkg`, `@scope/pkg/sub`), then ordinary node_modules lookup when they exist.
 */
import { existsSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { ts } from "#ts-morph";
import { describePackage, type WorkspacePackage } from "../workspace/packages.js";
import { sfcOfVirtual } from "./sfc.js";
import { svelteKitPaths } from "./sveltekit-aliases.js";

export interface ConfigProblem {
	file: string;
	reason: string;
	/** The config extends a file that is not there (typically an uninstalled package). */
	missingExtends?: boolean;
}

const SOURCE_CANDIDATES = [".ts", ".tsx", ".mts", ".cts", ".js", ".jsx", ".mjs", ".cjs"];

/** Map a `…/node_modules/<workspace package>/rest` path onto the package's folder (for tsconfig `extends`). */
function workspacePathMapper(repoRoot: string, packages: WorkspacePackage[]): (path: string) => string {
	const byName = new Map(packages.filter((p) => p.dir).map((p) => [p.name, join(repoRoot, p.dir)]));
	return (path) => {
		const at = path.lastIndexOf("/node_modules/");
		if (at < 0 || existsSync(path)) return path;
		const rest = path.slice(at + "/node_modules/".length);
		const parts = rest.split("/");
		const name = rest.startsWith("@") ? parts.slice(0, 2).join("/") : (parts[0] ?? "");
		const dir = byName.get(name);
		return dir ? join(dir, rest.slice(name.length)) : path;
	};
}

/**
 * Compiler options of one package's tsconfig.json (following `extends`, also into workspace
 * packages without node_modules). Never reads the file list: we collect files ourselves.
 */
export function loadPackageOptions(
	tsconfigPath: string,
	mapPath: (p: string) => string,
): { options: ts.CompilerOptions; problem: ConfigProblem | null } {
	const host: ts.ParseConfigHost = {
		useCaseSensitiveFileNames: true,
		readDirectory: () => [],
		fileExists: (p) => existsSync(mapPath(p)),
		readFile: (p) => {
			try {
				return ts.sys.readFile(mapPath(p));
			} catch {
				return undefined;
			}
		},
	};
	const read = ts.readConfigFile(tsconfigPath, host.readFile);
	if (read.error) {
		return { options: {}, problem: { file: tsconfigPath, reason: flatten(read.error) } };
	}
	const parsed = ts.parseJsonConfigFileContent(
		read.config,
		host,
		dirname(tsconfigPath),
		undefined,
		tsconfigPath,
	);
	// 18003: "No inputs were found" (we gave it no directory listing on purpose).
	const errors = parsed.errors.filter((e) => e.code !== 18003 && e.category === ts.DiagnosticCategory.Error);
	// 6053: "File '…' not found" — an `extends` into a package that is not installed; 5083: "Cannot
	// read file '…'" — a relative `extends` into a generated config absent from a checkout
	// (SvelteKit's `./.svelte-kit/tsconfig.json`). Both are what a fresh clone looks like.
	const problem = errors[0]
		? {
				file: tsconfigPath,
				reason: flatten(errors[0]),
				missingExtends: errors.every((e) => e.code === 6053 || e.code === 5083),
			}
		: null;
	return { options: parsed.options, problem };
}

function flatten(d: ts.Diagnostic): string {
	return ts.flattenDiagnosticMessageText(d.messageText, "\n");
}

function isFile(path: string): boolean {
	try {
		return statSync(path).isFile();
	} catch {
		return false;
	}
}

/** The first existing source file for a path written without (or with a build) extension. */
function sourceFileFor(base: string): string | undefined {
	const stripped = base.replace(/\.(d\.ts|[cm]?js|jsx)$/, "");
	for (const candidate of [base, ...SOURCE_CANDIDATES.map((x) => stripped + x)]) {
		if (isFile(candidate) && !candidate.endsWith(".d.ts")) return candidate;
	}
	for (const x of SOURCE_CANDIDATES) {
		const index = join(stripped, `index${x}`);
		if (isFile(index)) return index;
	}
	return undefined;
}

/** Where a package's build output came from, per its tsconfig: files under `outDir` were compiled from `rootDir` (absolute paths). */
export interface BuildLayout {
	rootDir?: string;
	outDir?: string;
}

const BUILD_FOLDER = /^(dist|build|lib|out)\//;

/**
 * The source file a build-output path (`./dist/src/query/index.js`) was compiled from, since a
 * checkout has no build: by the tsconfig's `outDir` → `rootDir` when the path lies under `outDir`,
 * else the common layouts (`dist/x` from `src/x`, or from `x`), else the path itself.
 */
function sourceOfBuildPath(dir: string, target: string, layout: BuildLayout | undefined): string | undefined {
	const relativeTarget = target.replace(/^\.\//, "");
	const absolute = join(dir, relativeTarget);
	const candidates: string[] = [];
	const { rootDir, outDir } = layout ?? {};
	if (outDir && absolute.startsWith(`${outDir}/`)) {
		candidates.push(join(rootDir ?? dir, absolute.slice(outDir.length + 1)));
	}
	if (BUILD_FOLDER.test(relativeTarget)) {
		candidates.push(
			join(dir, relativeTarget.replace(BUILD_FOLDER, "src/")),
			join(dir, relativeTarget.replace(BUILD_FOLDER, "")),
		);
	}
	candidates.push(absolute);
	for (const candidate of candidates) {
		const found = sourceFileFor(candidate);
		if (found) return found;
	}
	return undefined;
}

/** The targets `exports` gives for `./<sub>`: an exact key, else the longest `*` pattern with the match put in. */
function exportedTargets(pkg: WorkspacePackage, sub: string): string[] {
	const exports = pkg.subpathExports;
	if (!exports) return [];
	const key = `./${sub}`;
	const exact = exports[key];
	if (exact) return exact;
	let best: { head: string; targets: string[]; match: string } | undefined;
	for (const [pattern, targets] of Object.entries(exports)) {
		const star = pattern.indexOf("*");
		if (star < 0) continue;
		const head = pattern.slice(0, star);
		const tail = pattern.slice(star + 1);
		if (key.length < head.length + tail.length || !key.startsWith(head) || !key.endsWith(tail)) continue;
		if (best && best.head.length >= head.length) continue;
		best = { head, targets, match: key.slice(head.length, key.length - tail.length) };
	}
	return best ? best.targets.map((t) => t.replaceAll("*", best.match)) : [];
}

/** Where a workspace package's source lives for `import '<name>'` and `import '<name>/<sub>'`. */
export function workspaceEntry(
	repoRoot: string,
	pkg: WorkspacePackage,
	sub: string,
	layout?: BuildLayout,
): string | undefined {
	const dir = join(repoRoot, pkg.dir);
	if (sub) {
		const direct = sourceFileFor(join(dir, sub)) ?? sourceFileFor(join(dir, "src", sub));
		if (direct) return direct;
		// A subpath that only `exports` knows (`./query` → `./dist/src/features/query/index.js`).
		for (const target of exportedTargets(pkg, sub)) {
			const found = sourceOfBuildPath(dir, target, layout);
			if (found) return found;
		}
		// A deep import through the build folder that no `exports` names (`pkg/dist/utils/x`): a checkout
		// has no build, so the file it was compiled from (`src/utils/x`, or `utils/x`).
		return BUILD_FOLDER.test(sub) ? sourceOfBuildPath(dir, sub, layout) : undefined;
	}
	const buildFolder = BUILD_FOLDER;
	for (const hint of pkg.entryHints) {
		const asSource = hint.replace(/^\.\//, "").replace(buildFolder, "src/");
		const found = sourceFileFor(join(dir, asSource)) ?? sourceFileFor(join(dir, hint));
		if (found) return found;
	}
	// Built from a folder of its own beside src/ (`./dist/shared/index.js` from `shared/index.ts`):
	// tried only once no hint names a file the ways above, so a `types` hint's folder never wins.
	for (const hint of pkg.entryHints) {
		const relativeHint = hint.replace(/^\.\//, "");
		const found = buildFolder.test(relativeHint)
			? sourceFileFor(join(dir, relativeHint.replace(buildFolder, "")))
			: undefined;
		if (found) return found;
	}
	return sourceFileFor(join(dir, "src", "index")) ?? sourceFileFor(join(dir, "index"));
}

export interface ModuleResolver {
	resolve(moduleName: string, containingFile: string): ts.ResolvedModuleFull | undefined;
	/** True when `moduleName` names a workspace package (an in-repo import that is not relative). */
	isWorkspaceImport(moduleName: string): boolean;
	/**
	 * True when `moduleName` matches a `paths` alias of the importing file's package (`@app/*`,
	 * `~/lib`; the catch-all `*` is no alias): in-repo by declaration, whether it resolves or not.
	 */
	isAliasImport(moduleName: string, containingFile: string): boolean;
	problems: ConfigProblem[];
}

export function createModuleResolver(
	repoRoot: string,
	packages: WorkspacePackage[],
	baseOptions: ts.CompilerOptions,
): ModuleResolver {
	const mapPath = workspacePathMapper(repoRoot, packages);
	const problems: ConfigProblem[] = [];
	const byName = new Map(packages.filter((p) => p.dir).map((p) => [p.name, p]));
	const byDir = new Map(packages.map((p) => [p.dir, p]));
	// Innermost package first, so a file is resolved with its own package's options.
	const ordered = packages
		.map((p, i) => ({ p, i, abs: p.dir ? `${join(repoRoot, p.dir)}/` : `${repoRoot}/` }))
		.sort((a, b) => b.abs.length - a.abs.length);
	const perPackage = packages.map((p) => {
		const tsconfig = packageTsconfig(repoRoot, p);
		let own: ts.CompilerOptions = {};
		if (existsSync(tsconfig)) {
			const loaded = loadPackageOptions(tsconfig, mapPath);
			own = loaded.options;
			if (loaded.problem) problems.push(loaded.problem);
		}
		// A SvelteKit app's `$lib` lives in a generated tsconfig absent from a checkout.
		const kit = svelteKitPaths(join(repoRoot, p.dir));
		// Resolve like a bundler: extensionless relative imports and `.js` → `.ts` both work.
		const options: ts.CompilerOptions = {
			...baseOptions,
			baseUrl: own.baseUrl,
			paths: kit || own.paths ? { ...kit, ...own.paths } : undefined,
			pathsBasePath:
				(own as { pathsBasePath?: string }).pathsBasePath ?? (kit ? join(repoRoot, p.dir) : undefined),
			customConditions: own.customConditions,
		};
		const cache = ts.createModuleResolutionCache(join(repoRoot, p.dir), (f) => f, options);
		const layout: BuildLayout = { rootDir: own.rootDir, outDir: own.outDir };
		return { options, cache, layout };
	});
	// The tree does not change during a run: each path is looked up once (imports of absent
	// packages probe the same node_modules folders from every directory).
	const memo = (lookup: (path: string) => boolean) => {
		const known = new Map<string, boolean>();
		return (path: string) => {
			let found = known.get(path);
			if (found === undefined) {
				found = lookup(path);
				known.set(path, found);
			}
			return found;
		};
	};
	const host: ts.ModuleResolutionHost = {
		// `./Card.vue` resolves to the component's program name `Card.vue.ts` (see sfc.ts).
		fileExists: memo((p) => isFile(p) || isFile(sfcOfVirtual(p) ?? "")),
		readFile: (f) => ts.sys.readFile(f),
		directoryExists: memo((d) => ts.sys.directoryExists(d)),
		realpath: (f) => f,
		getCurrentDirectory: () => repoRoot,
	};
	const packageIndexOf = (file: string): number => ordered.find((o) => file.startsWith(o.abs))?.i ?? 0;
	const workspaceName = (moduleName: string): string | undefined => {
		const parts = moduleName.split("/");
		const name = moduleName.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
		return name !== undefined && byName.has(name) ? name : undefined;
	};
	const workspaceEntries = new Map<string, string | null>();
	// `file:` dependencies: the name a package imports → the folder it points at (its own name may differ).
	const fileDependencies = packages.map(
		(p) =>
			new Map(
				(p.fileDependencies ?? []).map((d) => [d.name, byDir.get(d.dir) ?? describePackage(repoRoot, d.dir)]),
			),
	);
	const fileDependencyEntries = new Map<string, string | null>();
	const full = (resolvedFileName: string): ts.ResolvedModuleFull => ({
		resolvedFileName,
		extension: extensionOf(resolvedFileName),
		isExternalLibraryImport: false,
	});
	const fileDependencyEntry = (moduleName: string, packageIndex: number): string | undefined => {
		const deps = fileDependencies[packageIndex];
		if (!deps?.size) return undefined;
		const parts = moduleName.split("/");
		const name = moduleName.startsWith("@") ? parts.slice(0, 2).join("/") : (parts[0] ?? "");
		const target = deps.get(name);
		if (!target) return undefined;
		const key = `${target.dir}\0${moduleName}`;
		let found = fileDependencyEntries.get(key);
		if (found === undefined) {
			found = workspaceEntry(repoRoot, target, moduleName.slice(name.length + 1)) ?? null;
			fileDependencyEntries.set(key, found);
		}
		return found ?? undefined;
	};
	// A key whose every target is under node_modules maps a package, not an in-repo folder.
	const aliasesOf = perPackage.map(({ options }) =>
		Object.entries(options.paths ?? {})
			.filter(([k, targets]) => k !== "*" && targets.some((t) => !t.includes("node_modules")))
			.map(([k]) => {
				const star = k.indexOf("*");
				return star < 0 ? { head: k, tail: null } : { head: k.slice(0, star), tail: k.slice(star + 1) };
			}),
	);
	return {
		problems,
		isWorkspaceImport: (m) => workspaceName(m) !== undefined,
		isAliasImport: (m, containingFile) =>
			(aliasesOf[packageIndexOf(containingFile)] ?? []).some((a) =>
				a.tail === null
					? m === a.head
					: m.length >= a.head.length + a.tail.length && m.startsWith(a.head) && m.endsWith(a.tail),
			),
		resolve(moduleName, containingFile) {
			const viaFile = fileDependencyEntry(moduleName, packageIndexOf(containingFile));
			if (viaFile) return full(viaFile);
			const wsName = workspaceName(moduleName);
			if (wsName) {
				let found = workspaceEntries.get(moduleName);
				if (found === undefined) {
					const pkg = byName.get(wsName) as WorkspacePackage;
					const layout = perPackage[packages.indexOf(pkg)]?.layout;
					found = workspaceEntry(repoRoot, pkg, moduleName.slice(wsName.length + 1), layout) ?? null;
					workspaceEntries.set(moduleName, found);
				}
				if (found) return full(found);
			}
			const { options, cache } = perPackage[packageIndexOf(containingFile)] as (typeof perPackage)[number];
			return ts.resolveModuleName(moduleName, containingFile, options, host, cache).resolvedModule;
		},
	};
}

/**
 * The tsconfig a package's imports resolve with: its own (Nx-style workspaces keep `paths` in a
 * `tsconfig.base.json` and have no `tsconfig.json`), else for a package found without a workspace
 * declaration the nearest one above it, as tsc would take. Not there: no options of its own.
 */
function packageTsconfig(repoRoot: string, pkg: WorkspacePackage): string {
	const own = (dir: string) =>
		["tsconfig.json", "tsconfig.base.json"].map((f) => join(repoRoot, dir, f)).find((f) => existsSync(f));
	let found = own(pkg.dir);
	if (!found && pkg.inheritsTsconfig) {
		for (let dir = pkg.dir; dir && !found; ) {
			dir = dir.includes("/") ? dir.slice(0, dir.lastIndexOf("/")) : "";
			found = own(dir);
		}
	}
	return found ?? join(repoRoot, pkg.dir, "tsconfig.json");
}

function extensionOf(file: string): ts.Extension {
	const ext = [".d.ts", ".tsx", ".ts", ".mts", ".cts", ".jsx", ".js", ".mjs", ".cjs", ".json"].find((x) =>
		file.endsWith(x),
	);
	return (ext ?? ".ts") as ts.Extension;
}

/**
 * Module resolutions remembered across runs (table file_imports): per importing file, each module
 * name's result (null: not resolved), recorded when the file is extracted. A result depends on
 * which files exist (and the tsconfigs, which a run does not re-check: docs/indexing.md), so a
 * file's record is taken only while the tree's layout is the one it was recorded under.
 */
export type RecordedImports = [moduleName: string, resolved: ts.ResolvedModuleFull | null][];

/** `base`, recording what it resolves for the files in `files` (absolute paths). */
export function recordingResolver(
	base: ModuleResolver,
	files: ReadonlySet<string>,
): { resolver: ModuleResolver; recordedFor(file: string): string | null } {
	const recorded = new Map<string, Map<string, ts.ResolvedModuleFull | null>>();
	return {
		resolver: {
			problems: base.problems,
			isWorkspaceImport: (m) => base.isWorkspaceImport(m),
			isAliasImport: (m, from) => base.isAliasImport(m, from),
			resolve(moduleName, containingFile) {
				const resolved = base.resolve(moduleName, containingFile);
				if (files.has(containingFile)) {
					const own = recorded.get(containingFile) ?? new Map<string, ts.ResolvedModuleFull | null>();
					recorded.set(containingFile, own);
					own.set(moduleName, resolved ?? null);
				}
				return resolved;
			},
		},
		recordedFor(file) {
			const own = recorded.get(file);
			return own ? JSON.stringify([...own] satisfies RecordedImports) : null;
		},
	};
}

/**
 * `base`, answering from each importing file's record (`recall`: its JSON, or undefined when
 * there is none valid for this tree) and resolving what the record does not hold.
 */
export function recallingResolver(
	base: ModuleResolver,
	recall: (containingFile: string) => string | undefined,
): ModuleResolver {
	const records = new Map<string, Map<string, ts.ResolvedModuleFull | null> | null>();
	return {
		problems: base.problems,
		isWorkspaceImport: (m) => base.isWorkspaceImport(m),
		isAliasImport: (m, from) => base.isAliasImport(m, from),
		resolve(moduleName, containingFile) {
			let record = records.get(containingFile);
			if (record === undefined) {
				const text = recall(containingFile);
				record = text === undefined ? null : new Map(JSON.parse(text) as RecordedImports);
				records.set(containingFile, record);
			}
			const known = record?.get(moduleName);
			if (known !== undefined) return known ?? undefined;
			return base.resolve(moduleName, containingFile);
		},
	};
}
