/**
 * Workspace and build manifests as definitions of kind `manifest`, so "how do I add a package",
 * "where is the build configured" have material: each manifest is one definition over the whole
 * file (named after its package, or its file), and its structural sections are definitions inside
 * it on their own lines (package.json `workspaces`, `scripts`, dependency lists, `exports`; a
 * tsconfig's `extends`, `compilerOptions`, `references`; turbo/nx tasks; pnpm `packages`).
 *
 * Edges, where the text says exactly what they point at: a dependency on a package of this
 * repository → that package's manifest (`import`), a tsconfig `extends` → the tsconfig it extends
 * (`extends`), a project reference → the referenced tsconfig (`import`). Signatures count dependencies
 * rather than name them: a dependency's name would match questions about anything. Neither a manifest
 * nor its definitions have full-text rows (index/writer.ts): they are reached by defId, name and edges.
 *
 * Manifests are few and small: every run reads them all, and a run where any of them changed (or
 * came, or went) rewrites all their rows, so edges between them are always those of a full run.
 */
import { dirname, posix } from "node:path";
import { type Node as JsonNode, parseTree } from "jsonc-parser";
import type { Scalar } from "yaml";
import { defIdPrefix } from "../index/def-id.js";
import type { WriteDef, WriteEdge } from "../index/writer.js";

/** The YAML library, loaded only for a repository with a YAML manifest (~0.5 s to load). */
type Yaml = typeof import("yaml");

export interface ManifestFile {
	/** Repo-relative posix path. */
	path: string;
	content: string;
}

/** A member of an object node: its key, where the key starts, and its value. */
interface JsonMember {
	key: string;
	keyStart: number;
	value: JsonNode;
}

/** The document's tree with offsets: comments and trailing commas allowed (tsconfig files have them). */
function parseJson(text: string): JsonNode | undefined {
	return parseTree(text, [], { allowTrailingComma: true, disallowComments: false, allowEmptyContent: true });
}

function membersOf(node: JsonNode | undefined): JsonMember[] {
	if (node?.type !== "object") return [];
	const out: JsonMember[] = [];
	for (const property of node.children ?? []) {
		const [key, value] = property.children ?? [];
		if (key?.type === "string" && value) out.push({ key: String(key.value), keyStart: key.offset, value });
	}
	return out;
}

/** A member's value by key (the last one, as JSON.parse keeps). */
function member(node: JsonNode | undefined, key: string): JsonNode | undefined {
	return membersOf(node).findLast((m) => m.key === key)?.value;
}

function stringOf(node: JsonNode | undefined): string | undefined {
	return node?.type === "string" ? String(node.value) : undefined;
}

/** 1-based line of an offset: a binary search over where lines start. */
function lineFinder(text: string): (offset: number) => number {
	const starts = [0];
	for (let i = 0; i < text.length; i++) if (text[i] === "\n") starts.push(i + 1);
	return (offset) => {
		let lo = 0;
		let hi = starts.length - 1;
		while (lo < hi) {
			const mid = (lo + hi + 1) >> 1;
			if ((starts[mid] ?? 0) <= offset) lo = mid;
			else hi = mid - 1;
		}
		return lo + 1;
	};
}

/** package.json members that are a section of their own. */
const PACKAGE_SECTIONS = [
	"workspaces",
	"scripts",
	"dependencies",
	"devDependencies",
	"peerDependencies",
	"optionalDependencies",
	"exports",
	"bin",
];
const DEPENDENCY_SECTIONS = new Set([
	"dependencies",
	"devDependencies",
	"peerDependencies",
	"optionalDependencies",
]);
const TSCONFIG_SECTIONS = ["extends", "compilerOptions", "references", "include", "files"];
/** Sections whose members (tasks, targets) are definitions too, per manifest file name. */
const TASK_SECTIONS: Record<string, string[]> = {
	"turbo.json": ["pipeline", "tasks"],
	"nx.json": ["targetDefaults"],
	"project.json": ["targets"],
};
const OTHER_SECTIONS: Record<string, string[]> = {
	"turbo.json": ["globalDependencies", "globalEnv"],
	"nx.json": ["namedInputs", "plugins", "workspaceLayout", "tasksRunnerOptions", "release"],
	"lerna.json": ["packages", "npmClient", "version", "command"],
	"project.json": ["sourceRoot", "projectType", "implicitDependencies"],
};
/** Names listed in a signature, at most. */
const LISTED = 12;

interface Built {
	defs: WriteDef[];
	edges: WriteEdge[];
}

/** The definitions and edges of every manifest (edges join manifests: give them all at once). */
export async function manifestDefinitions(files: readonly ManifestFile[]): Promise<Built> {
	const out: Built = { defs: [], edges: [] };
	const yaml = files.some((f) => f.path.endsWith(".yaml")) ? await import("yaml") : null;
	// Package name → its package.json's top definition, for dependency edges.
	const packageDefs = new Map<string, string>();
	const parsed = files.map((f) => {
		const root = f.path.endsWith(".yaml") ? undefined : parseJson(f.content);
		const top = topDefinition(f, root);
		if (baseName(f.path) === "package.json") {
			const name = stringOf(member(root, "name"));
			if (name && !packageDefs.has(name)) packageDefs.set(name, top.defId);
		}
		return { f, root, top };
	});
	const manifestPaths = new Map(parsed.map((p) => [p.f.path, p.top.defId]));
	for (const { f, root, top } of parsed) {
		out.defs.push(top);
		const line = lineFinder(f.content);
		// A key written twice (JSON allows it), or a section named as its package, is one definition.
		const written = new Map<string, WriteDef>([[top.qualifiedName, top]]);
		const section = (m: JsonMember, signature: string, qualifiedName = m.key, parent = top.defId) => {
			const known = written.get(qualifiedName);
			if (known) return known;
			const def: WriteDef = {
				defId: `${f.path}#${qualifiedName}`,
				file: f.path,
				name: m.key,
				qualifiedName,
				kind: "manifest",
				startLine: line(m.keyStart),
				endLine: line(m.value.offset + Math.max(0, m.value.length - 1)),
				signature,
				doc: null,
				description: null,
				exported: false,
				parentDefId: parent,
			};
			written.set(qualifiedName, def);
			out.defs.push(def);
			return def;
		};
		const name = baseName(f.path);
		if (name.endsWith(".yaml")) {
			if (yaml) out.defs.push(...yamlSections(yaml, f, top.defId));
			continue;
		}
		if (root?.type !== "object") continue;
		const taken = new Set<string>();
		const edge = (src: string, dst: string | undefined, kind: WriteEdge["kind"], offset: number) => {
			if (dst && dst !== top.defId)
				out.edges.push({ src, dst, kind, file: f.path, line: line(offset), resolution: "syntactic" });
		};
		for (const m of membersOf(root)) {
			if (taken.has(m.key)) continue;
			if (name === "package.json" && PACKAGE_SECTIONS.includes(m.key)) {
				taken.add(m.key);
				if (!DEPENDENCY_SECTIONS.has(m.key) || m.value.type !== "object") {
					section(m, `${m.key}: ${summary(m.value)}`);
					continue;
				}
				const deps = membersOf(m.value);
				const inRepo = deps.filter((d) => packageDefs.has(d.key)).length;
				const def = section(m, `${m.key}: ${deps.length} packages, ${inRepo} of this repository`);
				for (const dep of deps) edge(def.defId, packageDefs.get(dep.key), "import", dep.keyStart);
			} else if (/^[tj]sconfig/.test(name) && TSCONFIG_SECTIONS.includes(m.key)) {
				taken.add(m.key);
				const def = section(m, `${m.key}: ${summary(m.value)}`);
				if (m.key === "extends") {
					const targets = m.value.type === "array" ? (m.value.children ?? []) : [m.value];
					for (const t of targets) {
						const target = stringOf(t);
						if (target)
							edge(
								def.defId,
								tsconfigTarget(f.path, target, manifestPaths, packageDefs),
								"extends",
								t.offset,
							);
					}
				} else if (m.key === "references" && m.value.type === "array") {
					for (const ref of m.value.children ?? []) {
						const target = stringOf(member(ref, "path"));
						if (target) edge(def.defId, referenceTarget(f.path, target, manifestPaths), "import", ref.offset);
					}
				} else if (m.key === "compilerOptions") {
					const paths = membersOf(m.value).find((x) => x.key === "paths");
					if (paths) section(paths, `paths: ${summary(paths.value)}`, "compilerOptions.paths", def.defId);
				}
			} else if (TASK_SECTIONS[name]?.includes(m.key)) {
				taken.add(m.key);
				const def = section(m, `${m.key}: ${summary(m.value)}`);
				if (m.value.type !== "object") continue;
				for (const task of membersOf(m.value))
					section(
						task,
						`${task.key}: ${taskSummary(task.value)}`,
						// `pkg#task` (turbo) is `pkg:task` in the defId: def-id.ts reads a `#` inside a
						// qualified name as an ES private member's (`Class.#m`), which a task is not.
						`${m.key}.${task.key.replaceAll("#", ":")}`,
						def.defId,
					);
			} else if (OTHER_SECTIONS[name]?.includes(m.key)) {
				taken.add(m.key);
				section(m, `${m.key}: ${summary(m.value)}`);
			}
		}
	}
	return out;
}

/** The whole-file definition: named after the package (package.json, project.json) or the file. */
function topDefinition(f: ManifestFile, root: JsonNode | undefined): WriteDef {
	const file = baseName(f.path);
	const named =
		file === "package.json" || file === "project.json" ? stringOf(member(root, "name")) : undefined;
	const name = (named ?? file).replaceAll("#", ":");
	const lines = f.content.split("\n");
	while (lines.length > 1 && lines[lines.length - 1]?.trim() === "") lines.pop();
	const description = stringOf(member(root, "description"));
	const folder = dirname(f.path);
	return {
		defId: `${f.path}#${name}`,
		file: f.path,
		name,
		qualifiedName: name,
		kind: "manifest",
		startLine: 1,
		endLine: Math.max(1, lines.length),
		signature: named ? `${file} of ${named} (${folder === "." ? "repository root" : folder})` : f.path,
		doc: description ?? null,
		description: description ?? null,
		exported: true,
		parentDefId: null,
	};
}

/** pnpm-workspace.yaml: each top-level key (`packages:`, `catalog:`) over its lines. */
function yamlSections(
	{ isNode, LineCounter, parseDocument }: Yaml,
	f: ManifestFile,
	parent: string,
): WriteDef[] {
	const lineCounter = new LineCounter();
	const doc = parseDocument(f.content, { lineCounter });
	const top = doc.contents;
	if (!top || !("items" in top) || doc.errors.length > 0) return [];
	const defs: WriteDef[] = [];
	for (const pair of top.items) {
		if (!("key" in pair) || !isNode(pair.key) || !pair.key.range) continue;
		const key = String((pair.key as Scalar).value);
		const value = isNode(pair.value) ? pair.value : null;
		const end = value?.range ? value.range[1] - 1 : pair.key.range[1];
		const items = value && "items" in value ? (value.items as unknown[]) : [];
		const names = items.map((item) => {
			const node = isNode(item) ? item : (item as { key?: unknown }).key;
			return isNode(node) && "value" in node ? String(node.value) : "…";
		});
		defs.push({
			defId: `${f.path}#${key}`,
			file: f.path,
			name: key,
			qualifiedName: key,
			kind: "manifest",
			startLine: lineCounter.linePos(pair.key.range[0]).line,
			endLine: lineCounter.linePos(Math.max(pair.key.range[0], end)).line,
			signature: `${key}: ${value && !("items" in value) && "value" in value ? String(value.value) : listed(names)}`,
			doc: null,
			description: null,
			exported: false,
			parentDefId: parent,
		});
	}
	return defs;
}

/** What a section holds, in one line: its keys or items (without dependency names: a count). */
function summary(node: JsonNode): string {
	if (node.type === "array")
		return listed((node.children ?? []).map((x) => stringOf(x) ?? stringOf(member(x, "path")) ?? "…"));
	if (node.type === "object") return listed(membersOf(node).map((m) => m.key));
	return String(node.value);
}

/** A task's `dependsOn` and `outputs`, the two things that say how it runs. */
function taskSummary(node: JsonNode): string {
	const parts: string[] = [];
	for (const key of ["dependsOn", "outputs", "command", "executor"]) {
		const value = member(node, key);
		if (value) parts.push(`${key} ${summary(value)}`);
	}
	return parts.join("; ") || summary(node);
}

function listed(items: string[]): string {
	return items.length > LISTED
		? `${items.slice(0, LISTED).join(", ")}, … (${items.length})`
		: items.join(", ");
}

function baseName(path: string): string {
	return path.slice(path.lastIndexOf("/") + 1);
}

/** A tsconfig `extends`: a relative path (`.json` optional) or a package's file (`@scope/tsconfig/base.json`). */
function tsconfigTarget(
	from: string,
	target: string,
	manifests: ReadonlyMap<string, string>,
	packageDefs: ReadonlyMap<string, string>,
): string | undefined {
	if (target.startsWith(".") || target.startsWith("/")) {
		const joined = posix.normalize(posix.join(posix.dirname(from), target));
		return (
			manifests.get(joined) ?? manifests.get(`${joined}.json`) ?? manifests.get(`${joined}/tsconfig.json`)
		);
	}
	const segments = target.split("/");
	const nameLength = target.startsWith("@") ? 2 : 1;
	const packageFile = defIdPrefix(packageDefs.get(segments.slice(0, nameLength).join("/")) ?? "");
	if (!packageFile) return undefined;
	const dir = posix.dirname(packageFile);
	const rest = segments.slice(nameLength).join("/") || "tsconfig.json";
	const joined = posix.normalize(dir === "." ? rest : `${dir}/${rest}`);
	return manifests.get(joined) ?? manifests.get(`${joined}.json`);
}

/** A project reference's `path`: a folder (its tsconfig.json) or a tsconfig file. */
function referenceTarget(
	from: string,
	target: string,
	manifests: ReadonlyMap<string, string>,
): string | undefined {
	const joined = posix.normalize(posix.join(posix.dirname(from), target));
	return manifests.get(joined) ?? manifests.get(`${joined}/tsconfig.json`);
}
