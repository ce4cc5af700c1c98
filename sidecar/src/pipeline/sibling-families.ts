/**
 * Plug-in families no edge declares: sibling files of one folder whose lead definitions share a
 * shape — the same base expression, even one outside the repository (`extends PassportStrategy(…)`),
 * or the same method name (`isEnabled` of each check class beside its interface, when the interface
 * has too few implementations for families.ts). families.ts finds a family by its implementation
 * edges; these are the strategies, checks and adapters a library's base class or a folder's
 * convention holds together instead. A shared last word of the names (`…Message`, `…Element`) was
 * measured and dropped: helper files share it too (benchmarks/answers.md, session 28 — fam28b).
 */
import type { IndexReader } from "../index/reader.js";
import type { DefRow } from "../index/types.js";

export type SiblingIndex = Pick<IndexReader, "defById">;

/** Sibling files sharing one shape before they are a family (two are a pair, not a plug-in set). */
export const SIBLING_FAMILY_SIZE = 3;

/** A family of sibling files: the files (best first) and their lead definitions. */
export interface SiblingFamily {
	folder: string;
	shape: string;
	files: string[];
	leads: DefRow[];
}

/** Method names every class has: sharing them says nothing. */
const GENERIC_METHODS: ReadonlySet<string> = new Set(["constructor"]);

/** The base expression's head in a class signature: `PassportStrategy` of `extends PassportStrategy(Strategy)`. */
export function baseHead(signature: string | null): string | null {
	const m = /\bextends\s+([A-Za-z_$][\w$.]*)/.exec(signature ?? "");
	return m?.[1] ?? null;
}

/** The shapes of a lead definition: the base its class extends, its own name when it is a class member. */
export function shapesOf(index: SiblingIndex, def: DefRow): string[] {
	const owner = def.parentId != null ? index.defById(def.parentId) : undefined;
	const cls = def.kind === "class" ? def : owner?.kind === "class" ? owner : undefined;
	const shapes: string[] = [];
	const base = baseHead(cls?.signature ?? null);
	if (base) shapes.push(`base:${base}`);
	if (owner && !GENERIC_METHODS.has(def.name)) shapes.push(`method:${def.name}`);
	return shapes;
}

function folderOf(file: string): string {
	const slash = file.lastIndexOf("/");
	return slash < 0 ? "" : file.slice(0, slash);
}

/**
 * The sibling families among `files` (best first; `lead` gives each file's first definition):
 * SIBLING_FAMILY_SIZE or more files of one folder whose leads share a shape, best file first. A
 * group holding a file of an earlier family is not another family.
 */
export function siblingFamilies(
	index: SiblingIndex,
	files: readonly string[],
	lead: (file: string) => DefRow | undefined,
): SiblingFamily[] {
	const groups = new Map<string, SiblingFamily>();
	for (const file of files) {
		const def = lead(file);
		if (!def) continue;
		const folder = folderOf(file);
		for (const shape of shapesOf(index, def)) {
			const key = `${folder}\u0000${shape}`;
			const group = groups.get(key) ?? { folder, shape, files: [], leads: [] };
			group.files.push(file);
			group.leads.push(def);
			groups.set(key, group);
		}
	}
	const families: SiblingFamily[] = [];
	const taken = new Set<string>();
	for (const group of groups.values()) {
		if (group.files.length < SIBLING_FAMILY_SIZE || group.files.some((f) => taken.has(f))) continue;
		for (const f of group.files) taken.add(f);
		families.push(group);
	}
	return families;
}
