/**
 * The pattern answer for "how do I add a new package?" in a monorepo: a package is a folder with
 * manifests, not a class, so its shape is read from the indexed manifests (indexer/manifests.ts).
 * The root lists the workspace folders (`workspaces` in package.json, or pnpm-workspace.yaml); an
 * existing package is the worked example — the smallest one that shows the whole shape: its
 * package.json with a `build` script, a tsconfig.json extending a base other packages extend too (a
 * client or a server base: either is a template), an entry file — and the build orchestrator's
 * `build` task (turbo.json, nx.json) runs it with the rest.
 */
import type { IndexReader } from "../../index/reader.js";
import type { DefRow, PackageRow } from "../../index/types.js";
import { isAuxiliaryPath } from "../auxiliary-code.js";
import type { CitationBook } from "../citation-book.js";
import { code } from "../markdown.js";
import { conceptMatch, wordStems } from "../match.js";
import type { Concept } from "../query.js";

export type WorkspaceIndex = Pick<
	IndexReader,
	"packages" | "packageSizes" | "defsInFile" | "edgesFrom" | "defById" | "file" | "fileLines"
>;

/** One workspace package, as its manifests show it. */
interface PackageShape {
	pkg: PackageRow;
	/** The package.json's root section (its `name`). */
	manifest: DefRow;
	/** The package.json's `scripts` section, when it has a `build` script. */
	build: DefRow | null;
	/** tsconfig.json's `extends` section and the config it extends. */
	extendsDef: DefRow | null;
	base: DefRow | null;
	/** The entry file's first definition (`src/index.ts`). */
	entry: DefRow | null;
	definitions: number;
}

export interface WorkspaceFamily {
	kind: "workspace";
	/** The noun asked for ("package"). */
	subject: string;
	/** The packages, the example first. */
	shapes: PackageShape[];
	/** The base tsconfig most packages extend, and how many do. */
	base: DefRow | null;
	baseCount: number;
	/** How many packages extend each base tsconfig (by its definition's id). */
	baseCounts: ReadonlyMap<number, number>;
	/** The root's list of workspace folders. */
	workspaces: DefRow | null;
	/** The orchestrator's build task. */
	buildTask: DefRow | null;
}

/** Nouns that name a workspace package. */
const PACKAGE_WORDS = wordStems("package workspace library");
/** Packages a monorepo needs for its packages to be a family. */
const MIN_PACKAGES = 3;
/** Packages extending one tsconfig for it to be a shared base (a client and a server base both are). */
const SHARED_BASE = 2;
const ENTRIES = ["src/index.ts", "src/index.tsx", "index.ts", "src/index.js", "index.js"];

/** The monorepo's packages when the subject's head noun is "package" (or "workspace", "library"), else null. */
export function findWorkspaceFamily(
	index: WorkspaceIndex,
	subject: string,
	concepts: readonly Concept[],
): WorkspaceFamily | null {
	const head = concepts.at(-1);
	if (!head || conceptMatch(head, PACKAGE_WORDS) < 1) return null;
	const sizes = new Map(index.packageSizes().map((p) => [p.dir, p.definitions]));
	const shapes = index
		.packages()
		.filter((p) => p.dir !== "" && !isAuxiliaryPath(`${p.dir}/`))
		.map((pkg) => shapeOf(index, pkg, sizes.get(pkg.dir) ?? 0))
		.filter((s): s is PackageShape => s !== null);
	if (shapes.length < MIN_PACKAGES) return null;
	const bases = new Map<number, { def: DefRow; count: number }>();
	for (const s of shapes)
		if (s.base) bases.set(s.base.id, { def: s.base, count: (bases.get(s.base.id)?.count ?? 0) + 1 });
	const common = [...bases.values()].sort(
		(a, b) => b.count - a.count || a.def.defId.localeCompare(b.def.defId),
	)[0];
	// The example shows the whole shape on the least code: a template to copy, not a subsystem to read.
	// Its tsconfig extends the commonest base or another that packages share (client and server bases).
	const sharedBase = (base: DefRow | null) =>
		base !== null && (base.id === common?.def.id || (bases.get(base.id)?.count ?? 0) >= SHARED_BASE);
	const whole = (s: PackageShape) =>
		Number(s.build !== null) + Number(sharedBase(s.base)) + Number(s.entry !== null);
	shapes.sort(
		(a, b) => whole(b) - whole(a) || a.definitions - b.definitions || a.pkg.name.localeCompare(b.pkg.name),
	);
	return {
		kind: "workspace",
		subject,
		shapes,
		base: common?.def ?? null,
		baseCount: common?.count ?? 0,
		baseCounts: new Map([...bases].map(([id, b]) => [id, b.count])),
		workspaces:
			section(index, "package.json", /^workspaces$/) ?? section(index, "pnpm-workspace.yaml", /^packages$/),
		buildTask:
			section(index, "turbo.json", /^(tasks|pipeline)\.build$/) ??
			section(index, "nx.json", /^targetDefaults\.build$/),
	};
}

function section(index: WorkspaceIndex, file: string, name: RegExp): DefRow | null {
	return index.defsInFile(file).find((d) => d.kind === "manifest" && name.test(d.qualifiedName)) ?? null;
}

function shapeOf(index: WorkspaceIndex, pkg: PackageRow, definitions: number): PackageShape | null {
	const manifests = index.defsInFile(`${pkg.dir}/package.json`).filter((d) => d.kind === "manifest");
	const manifest = manifests.find((d) => d.parentId === null) ?? manifests[0];
	if (!manifest) return null;
	const scripts = manifests.find((d) => d.qualifiedName === "scripts");
	const build =
		scripts &&
		(index.fileLines(`${pkg.dir}/package.json`, scripts.startLine ?? 1, scripts.endLine ?? 1) ?? []).some(
			(l) => /"build"\s*:/.test(l),
		)
			? scripts
			: null;
	const extendsDef =
		index
			.defsInFile(`${pkg.dir}/tsconfig.json`)
			.find((d) => d.kind === "manifest" && d.qualifiedName === "extends") ?? null;
	const base = extendsDef
		? (index
				.edgesFrom(extendsDef.id)
				.filter((e) => e.kind === "extends")
				.map((e) => index.defById(e.dst))
				.find((d) => d !== undefined) ?? null)
		: null;
	const entryFile = ENTRIES.map((f) => `${pkg.dir}/${f}`).find((f) => index.file(f) !== undefined);
	const entry = entryFile ? (index.defsInFile(entryFile).find((d) => d.kind !== "module") ?? null) : null;
	return { pkg, manifest, build, extendsDef, base, entry, definitions };
}

/** The folder pattern a workspace list's line holds: `"packages/*",` → `packages/*`. */
const globOf = (line: string) => line.trim().replace(/^-\s*/, "").replace(/[",']/g, "").trim();

/** The answer's lines for a workspace family. */
export function workspaceLines(
	index: WorkspaceIndex,
	question: string,
	family: WorkspaceFamily,
	book: CitationBook,
	/** Further small packages named at most. */
	others: number,
): string[] {
	const [example, ...rest] = family.shapes;
	if (!example) return [];
	const { pkg } = example;
	const head = (d: DefRow) => ({ startLine: d.startLine ?? 1, endLine: d.startLine ?? 1 });
	const lineOf = (d: DefRow, test: (l: string) => boolean) => {
		const lines = index.fileLines(d.file ?? "", d.startLine ?? 1, d.endLine ?? 1) ?? [];
		const at = lines.findIndex(test);
		return at < 0 ? null : (d.startLine ?? 1) + at;
	};
	const quote = (file: string, line: number) => {
		const text = (index.fileLines(file, line, line)?.[0] ?? "").trim();
		return text ? `: ${code(text)}` : "";
	};
	const citeLine = (d: DefRow, line: number) => book.citeRange(d.file ?? "", line, line, d.qualifiedName);
	// A package.json is cited at its `name` line, by the name written there.
	const nameLine = (s: PackageShape) =>
		lineOf(s.manifest, (l) => /"name"\s*:/.test(l)) ?? s.manifest.startLine ?? 1;
	const citeManifest = (s: PackageShape) =>
		book.citeRange(s.manifest.file ?? "", nameLine(s), nameLine(s), s.pkg.name);
	const top = pkg.dir.split("/")[0] ?? "";
	const globLine = family.workspaces ? lineOf(family.workspaces, (l) => l.includes(`${top}/`)) : null;
	const buildLine = example.build ? lineOf(example.build, (l) => /"build"\s*:/.test(l)) : null;
	const total = family.shapes.length;

	const out: string[] = [`**Question:** ${question.trim()}`, ""];
	const summary = [
		`A new ${family.subject} is a folder of the monorepo like the ${total} that exist${family.workspaces && globLine ? `, under a workspace folder the root lists (${code(globOf(index.fileLines(family.workspaces.file ?? "", globLine, globLine)?.[0] ?? ""))} in ${code(family.workspaces.file ?? "")})` : ""}.`,
		`The smallest that shows the whole shape is ${code(pkg.name)} ${citeManifest(example)}.`,
		`In ${code(pkg.dir)}: its package manifest${example.build && buildLine ? ` with a ${code("build")} script ${citeLine(example.build, buildLine)}` : ""}${example.extendsDef && example.base ? `, a ${code("tsconfig.json")} extending ${code(example.base.file ?? "")} ${book.cite(example.extendsDef, head(example.extendsDef))}${baseShare(family, example.base, total)}` : ""}${example.entry ? `, and its code from ${code(example.entry.file ?? "")} ${book.cite(example.entry, head(example.entry))}` : ""}.`,
	];
	if (family.buildTask)
		summary.push(
			`${code(family.buildTask.file ?? "")} runs every package's ${code("build")} ${book.cite(family.buildTask, head(family.buildTask))}.`,
		);
	out.push("**In short**", summary.join(" "), "");

	out.push("**The shape, step by step**");
	let n = 1;
	if (family.workspaces && globLine)
		out.push(
			`${n++}. Create the folder under a workspace folder, as ${code(pkg.dir)} is ${citeLine(family.workspaces, globLine)}${quote(family.workspaces.file ?? "", globLine)}`,
		);
	out.push(
		`${n++}. Name it in its package manifest, as ${code(pkg.name)} does ${citeManifest(example)}${quote(example.manifest.file ?? "", nameLine(example))}`,
	);
	if (example.build && buildLine)
		out.push(
			`${n++}. Give it the scripts the others have ${citeLine(example.build, buildLine)}${quote(example.build.file ?? "", buildLine)}`,
		);
	if (example.extendsDef && example.base)
		out.push(
			`${n++}. Extend the shared TypeScript config in its ${code("tsconfig.json")} ${book.cite(example.extendsDef, head(example.extendsDef))}${quote(example.extendsDef.file ?? "", example.extendsDef.startLine ?? 1)}${commonerBase(family, example.base)}`,
		);
	if (example.entry)
		out.push(
			`${n++}. Export its code from ${code(example.entry.file ?? "")} ${book.cite(example.entry, head(example.entry))}${quote(example.entry.file ?? "", example.entry.startLine ?? 1)}`,
		);
	if (family.buildTask)
		out.push(
			`${n++}. The build runs it with the rest: ${code(family.buildTask.qualifiedName)} in ${code(family.buildTask.file ?? "")} ${book.cite(family.buildTask, head(family.buildTask))}`,
		);
	out.push("");
	const more = rest.slice(0, others);
	if (more.length > 0) {
		out.push("**Other small packages**");
		for (const s of more) out.push(`- ${code(s.pkg.name)} in ${code(s.pkg.dir)} ${citeManifest(s)}`);
		out.push("");
	}
	out.push("_Offline answer (no LLM), from the manifests in the index._");
	return out;
}

/** "(as 21 of the 64 do)": how many packages extend the example's base tsconfig, when shared. */
function baseShare(family: WorkspaceFamily, base: DefRow, total: number): string {
	const count = family.baseCounts.get(base.id) ?? 0;
	return count >= SHARED_BASE ? ` (as ${count} of the ${total} do)` : "";
}

/**
 * The commoner base when the example extends another: a new package picks the base of its kind
 * (client, server), so both are told.
 */
function commonerBase(family: WorkspaceFamily, base: DefRow): string {
	return family.base && family.base.id !== base.id
		? `; ${family.baseCount} extend ${code(family.base.file ?? "")} instead`
		: "";
}

/** The manifests and entry an answer about the workspace is made of, for the answer stage's material. */
export function workspaceDefinitions(family: WorkspaceFamily): DefRow[] {
	const example = family.shapes[0];
	return [
		family.workspaces,
		example?.manifest,
		example?.build,
		example?.extendsDef,
		example?.base,
		example?.entry,
		family.buildTask,
	].filter((d): d is DefRow => d !== null && d !== undefined);
}
