/**
 * Collecting the overview from the index: packages with their size, purpose and most-used
 * symbols, the static dependency graph between packages, the string-dispatch keys each package
 * registers and dispatches (who talks to whom over which trunk), and entry points.
 * Pure reads; a few aggregate queries, so it stays fast on a 9,000-file repository.
 */
import { posix } from "node:path";
import { codedError } from "../coded-error.js";
import { defIdName } from "../index/def-id.js";
import type { IndexReader } from "../index/reader.js";
import type { DefRow } from "../index/types.js";
import { upsert } from "../upsert.js";
import type {
	EntryPoint,
	FolderSummary,
	OverviewData,
	PackageDependency,
	PackageSummary,
	SymbolSummary,
	TrunkLink,
	TrunkUse,
} from "./types.js";

export class OverviewError extends codedError<"unknown-package" | "ambiguous-package">("OverviewError") {}

export interface CollectOptions {
	/** Package name (`@scope/name` or `name`) or folder (`apps/meteor`); absent for the whole repository. */
	package?: string;
	/** Most-used symbols listed per package. */
	topSymbols?: number;
	/** Feature folders listed for a package overview. */
	maxFolders?: number;
}

/** File names (without extension) that mark a package's entry points when near its root. */
const ENTRY_NAMES = new Set([
	"index",
	"main",
	"server",
	"client",
	"app",
	"cli",
	"bin",
	"start",
	"startup",
	"worker",
]);
const MAX_ENTRY_POINTS = 4;
const MAX_SAMPLE_KEYS = 5;
const DESCRIPTION_CHARS = 300;
const FOLDER_SUMMARY_CHARS = 160;
const MAX_SUBFOLDERS = 8;

/** A package's own figures, before its neighbours and entry points are added. */
type PackageInfo = Pick<PackageSummary, "name" | "dir" | "description" | "files" | "lines" | "definitions">;

export function collectOverview(index: IndexReader, options: CollectOptions = {}): OverviewData {
	const meta = index.meta();
	const rows = index.packages();
	const sizes = new Map(index.packageSizes().map((s) => [s.packageName, s]));
	const infos: PackageInfo[] = rows.map((p) => {
		const s = sizes.get(p.name);
		return {
			name: p.name,
			dir: p.dir,
			description: describe(p.description, p.readme),
			files: s?.files ?? 0,
			lines: s?.lines ?? 0,
			definitions: s?.definitions ?? 0,
		};
	});
	const focus = options.package ? findPackage(infos, options.package) : null;

	const dependencies = collectDependencies(index);
	const { uses, links } = collectTrunks(index);
	const top = groupTopSymbols(index.topDefsPerPackage(options.topSymbols ?? 8));
	const entries = collectEntryPoints(index, infos);

	const summarise = (p: PackageInfo): PackageSummary => ({
		...p,
		topSymbols: top.get(p.name) ?? [],
		dependsOn: dependencies.filter((d) => d.from === p.name).map((d) => ({ package: d.to, edges: d.edges })),
		usedBy: dependencies.filter((d) => d.to === p.name).map((d) => ({ package: d.from, edges: d.edges })),
		trunks: uses.get(p.name) ?? [],
		entryPoints: entries.get(p.name) ?? [],
	});

	const withCode = infos.filter((p) => p.files > 0);
	const totals = {
		packages: withCode.length,
		files: sum(withCode.map((p) => p.files)),
		lines: sum(withCode.map((p) => p.lines)),
		definitions: sum(withCode.map((p) => p.definitions)),
	};
	const base = { repoRoot: meta.repoRoot, commit: meta.commit, totals };

	if (!focus) {
		return {
			...base,
			scope: "repository",
			focus: null,
			packages: withCode.sort((a, b) => b.lines - a.lines || a.name.localeCompare(b.name)).map(summarise),
			dependencies,
			trunkLinks: links,
			folders: [],
		};
	}

	const touches = (d: { from: string; to: string }) => d.from === focus.name || d.to === focus.name;
	const focusDeps = dependencies.filter(touches);
	const focusLinks = links.filter(touches);
	const neighbourNames = new Set([...focusDeps, ...focusLinks].flatMap((d) => [d.from, d.to]));
	neighbourNames.delete(focus.name);
	const neighbours = infos
		.filter((p) => neighbourNames.has(p.name))
		.sort((a, b) => a.name.localeCompare(b.name))
		.map(summarise);
	return {
		...base,
		scope: "package",
		focus: focus.name,
		packages: [summarise(focus), ...neighbours],
		dependencies: focusDeps,
		trunkLinks: focusLinks,
		folders: collectFolders(index, focus, options.maxFolders ?? 20),
	};
}

/** Resolve a package reference by name, unscoped name, folder or folder basename. */
export function findPackage<T extends { name: string; dir: string }>(packages: readonly T[], ref: string): T {
	const want = ref.trim().replace(/\/+$/, "");
	const tiers: ((p: T) => boolean)[] = [
		(p) => p.name === want || p.dir === want,
		(p) => p.name.replace(/^@[^/]+\//, "") === want,
		(p) => posix.basename(p.dir) === want,
		(p) =>
			p.name.toLowerCase().includes(want.toLowerCase()) || p.dir.toLowerCase().includes(want.toLowerCase()),
	];
	for (const tier of tiers) {
		const hits = packages.filter(tier);
		if (hits.length === 1 && hits[0]) return hits[0];
		if (hits.length > 1) {
			throw new OverviewError(
				"ambiguous-package",
				`"${ref}" matches ${hits.length} packages: ${hits
					.slice(0, 8)
					.map((p) => p.name)
					.join(", ")}`,
			);
		}
	}
	throw new OverviewError("unknown-package", `no package "${ref}" in the index`);
}

/** package.json description, else the README's first paragraph, trimmed to one readable line. */
function describe(description: string | null, readme: string | null): string | null {
	const text = description?.trim() || firstParagraph(readme);
	if (!text) return null;
	const flat = text.replace(/\s+/g, " ").trim();
	return flat.length > DESCRIPTION_CHARS ? `${flat.slice(0, DESCRIPTION_CHARS - 1).trimEnd()}…` : flat;
}

function firstParagraph(readme: string | null): string | null {
	if (!readme) return null;
	const para = readme
		.split(/\n\s*\n/)
		.map((p) => p.trim())
		// Headings, badges and HTML are not a description.
		.find((p) => p && !/^(#|!\[|\[!\[|<|`|\$ |npm |yarn |pnpm )/.test(p));
	return para ?? null;
}

function collectDependencies(index: IndexReader): PackageDependency[] {
	const byPair = new Map<string, PackageDependency>();
	for (const row of index.crossPackageEdgeCounts()) {
		// interface member → implementing member points against the dependency; `implements` covers it.
		if (row.kind === "implementation") continue;
		const id = `${row.from}\u0000${row.to}`;
		let dep = byPair.get(id);
		if (!dep) {
			dep = { from: row.from, to: row.to, edges: 0, kinds: {} };
			byPair.set(id, dep);
		}
		dep.edges += row.count;
		dep.kinds[row.kind] = (dep.kinds[row.kind] ?? 0) + row.count;
	}
	return [...byPair.values()].sort((a, b) => b.edges - a.edges || a.from.localeCompare(b.from));
}

function collectTrunks(index: IndexReader): { uses: Map<string, TrunkUse[]>; links: TrunkLink[] } {
	// trunk → key → side → package → sites
	const keys = new Map<
		string,
		Map<string, { register: Map<string, number>; dispatch: Map<string, number> }>
	>();
	for (const r of index.dispatchKeyPackages()) {
		const byKey = upsert(keys, r.trunk, () => new Map());
		const sides = upsert(byKey, r.key, () => ({ register: new Map(), dispatch: new Map() }));
		sides[r.side].set(r.packageName, (sides[r.side].get(r.packageName) ?? 0) + r.sites);
	}

	const useOf = new Map<
		string,
		Map<string, { reg: Set<string>; disp: Set<string>; weight: Map<string, number> }>
	>();
	const linkOf = new Map<string, { link: TrunkLink; weight: Map<string, number> }>();
	for (const [trunk, byKey] of keys) {
		for (const [key, sides] of byKey) {
			for (const side of ["register", "dispatch"] as const) {
				for (const [pkg, sites] of sides[side]) {
					const perTrunk = upsert(useOf, pkg, () => new Map());
					const use = upsert(perTrunk, trunk, () => ({ reg: new Set(), disp: new Set(), weight: new Map() }));
					(side === "register" ? use.reg : use.disp).add(key);
					use.weight.set(key, (use.weight.get(key) ?? 0) + sites);
				}
			}
			for (const [from, dispatchSites] of sides.dispatch) {
				for (const to of sides.register.keys()) {
					if (from === to) continue;
					const id = `${trunk}\u0000${from}\u0000${to}`;
					let entry = linkOf.get(id);
					if (!entry) {
						entry = { link: { from, to, trunk, keys: 0, sampleKeys: [] }, weight: new Map() };
						linkOf.set(id, entry);
					}
					entry.link.keys++;
					entry.weight.set(key, dispatchSites);
				}
			}
		}
	}

	const uses = new Map<string, TrunkUse[]>();
	for (const [pkg, perTrunk] of useOf) {
		uses.set(
			pkg,
			[...perTrunk.entries()]
				.map(([trunk, u]) => ({
					trunk,
					registers: u.reg.size,
					dispatches: u.disp.size,
					sampleKeys: heaviest(u.weight),
				}))
				.sort(
					(a, b) =>
						b.registers + b.dispatches - (a.registers + a.dispatches) || a.trunk.localeCompare(b.trunk),
				),
		);
	}
	const links = [...linkOf.values()]
		.map(({ link, weight }) => ({ ...link, sampleKeys: heaviest(weight) }))
		.sort((a, b) => b.keys - a.keys || a.trunk.localeCompare(b.trunk) || a.from.localeCompare(b.from));
	return { uses, links };
}

function heaviest(weight: Map<string, number>): string[] {
	return [...weight.entries()]
		.filter(([key]) => key.trim() !== "")
		.sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
		.slice(0, MAX_SAMPLE_KEYS)
		.map(([k]) => k);
}

function groupTopSymbols(defs: readonly DefRow[]): Map<string, SymbolSummary[]> {
	const out = new Map<string, SymbolSummary[]>();
	for (const d of defs) {
		if (!d.packageName || !d.file) continue;
		const list = upsert(out, d.packageName, () => []);
		list.push({
			defId: d.defId,
			name: d.qualifiedName,
			kind: d.kind,
			fanIn: d.fanIn,
			file: d.file,
			line: d.startLine,
		});
	}
	return out;
}

/** Files named like entry points (index, main, server, …) at most two folders below the package root. */
function collectEntryPoints(index: IndexReader, packages: readonly PackageInfo[]): Map<string, EntryPoint[]> {
	const dirOf = new Map(packages.map((p) => [p.name, p.dir]));
	const found = new Map<string, { file: string; depth: number }[]>();
	for (const f of index.files()) {
		const dir = dirOf.get(f.packageName);
		if (dir === undefined) continue;
		const rel = dir ? f.path.slice(dir.length + 1) : f.path;
		const depth = rel.split("/").length - 1;
		const stem = posix.basename(rel).replace(/\.(d\.)?[cm]?[jt]sx?$/, "");
		if (
			depth > 2 ||
			!ENTRY_NAMES.has(stem) ||
			/\.d\.[cm]?ts$/.test(rel) ||
			/(^|\/)(test|tests|__tests__)\//.test(rel)
		) {
			continue;
		}
		const list = upsert(found, f.packageName, () => []);
		list.push({ file: f.path, depth });
	}
	const out = new Map<string, EntryPoint[]>();
	for (const [pkg, list] of found) {
		out.set(
			pkg,
			list
				.sort((a, b) => a.depth - b.depth || a.file.localeCompare(b.file))
				.slice(0, MAX_ENTRY_POINTS)
				.map((e) => ({
					file: e.file,
					reason: e.depth === 0 ? "package root entry file" : "entry file near the package root",
				})),
		);
	}
	return out;
}

/**
 * The package's feature folders from the index outline, largest first: the shallowest folder
 * level below the package root with at least three sections (`apps/x/app/<feature>`,
 * `packages/y/src/<area>`), sized by the files the index holds under each.
 */
function collectFolders(index: IndexReader, pkg: PackageInfo, limit: number): FolderSummary[] {
	const prefix = pkg.dir ? `${pkg.dir}/` : "";
	const base = prefix ? prefix.split("/").length - 1 : 0;
	const sections = index.outlineSections().filter((s) => s.kind === "folder" && s.path.startsWith(prefix));
	const depthOf = (path: string) => path.split("/").length - base;
	const byDepth = new Map<number, typeof sections>();
	for (const s of sections) upsert(byDepth, depthOf(s.path), () => []).push(s);
	const depths = [...byDepth.keys()].sort((a, b) => a - b);
	const level =
		depths.find((d) => (byDepth.get(d)?.length ?? 0) >= 3) ??
		depths.sort((a, b) => (byDepth.get(b)?.length ?? 0) - (byDepth.get(a)?.length ?? 0))[0];
	const chosen = level === undefined ? [] : (byDepth.get(level) ?? []);
	const files = index.files().filter((f) => f.path.startsWith(prefix));
	const countUnder = (path: string) => files.filter((f) => f.path.startsWith(`${path}/`)).length;
	const children = level === undefined ? [] : (byDepth.get(level + 1) ?? []);
	return chosen
		.map((s) => ({ s, files: countUnder(s.path) }))
		.sort((a, b) => b.files - a.files || a.s.path.localeCompare(b.s.path))
		.slice(0, limit)
		.map(({ s, files }) => ({
			path: s.path,
			title: s.title,
			summary: clip(s.summary, FOLDER_SUMMARY_CHARS),
			files,
			topSymbols: s.topSymbols.slice(0, 5).map(defIdName),
			subfolders: children
				.filter((c) => c.path.startsWith(`${s.path}/`))
				.map((c) => ({ name: c.path.slice(s.path.length + 1), files: countUnder(c.path) }))
				.sort((a, b) => b.files - a.files || a.name.localeCompare(b.name))
				.slice(0, MAX_SUBFOLDERS),
		}));
}

function clip(text: string, max: number): string {
	const flat = text.replace(/\s+/g, " ").trim();
	return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
}

function sum(values: readonly number[]): number {
	return values.reduce((a, b) => a + b, 0);
}
