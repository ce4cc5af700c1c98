/** What an impact question's target is made of: a key's declared signature, a register site's handler, a class's members in use. */
import type { IndexReader } from "../../index/reader.js";
import type { DefRow } from "../../index/types.js";
import { TEST_PATH } from "../material/test-scan.js";

export type TargetIndex = Pick<IndexReader, "defsByName" | "def" | "defsInFile" | "edgesTo">;

/**
 * Where a key's signature is declared: a member named as the key of an interface, type or class
 * (a map of signatures such as `interface Events { 'user.created': … }`), the most used first.
 */
export function keySignature(index: TargetIndex, key: string): DefRow | undefined {
	return index
		.defsByName(key, 20)
		.find((d) => d.kind !== "dispatch-key" && d.parentId !== null && d.file && !TEST_PATH.test(d.file));
}

/** The handler a register site names: its own name, or null for an inline callback (named by where it is written). */
export function handlerName(index: Pick<IndexReader, "def">, defId: string): string | null {
	const def = index.def(defId);
	if (!def || def.qualifiedName.includes("(")) return null;
	return def.qualifiedName;
}

/** Members of a class (interface, enum) used by name, with their site counts, most used first. */
export function memberNames(
	index: TargetIndex,
	target: DefRow,
): { names: string[]; counts: [string, number][] } {
	if (!target.file || !["class", "interface", "enum"].includes(target.kind)) return { names: [], counts: [] };
	const counts = new Map<string, Set<string>>();
	for (const m of index.defsInFile(target.file).filter((d) => d.parentId === target.id)) {
		const at = counts.get(m.name) ?? new Set<string>();
		for (const e of index.edgesTo(m.id))
			if (e.file && e.line && !TEST_PATH.test(e.file)) at.add(`${e.file}:${e.line}`);
		counts.set(m.name, at);
	}
	const sorted = [...counts.entries()]
		.map(([name, at]) => [name, at.size] as [string, number])
		.filter(([, n]) => n > 0)
		.sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
	return { names: sorted.map(([n]) => n), counts: sorted };
}

/**
 * The key a definition is registered to handle (a module's method under a registry key, a route's
 * handler): whoever dispatches that key runs it, so those dispatch sites are calls of it. Null when
 * it handles none, or several (then no one key speaks for it).
 */
export function handledKey(index: Pick<IndexReader, "edgesTo" | "defById">, target: DefRow): DefRow | null {
	if (target.id < 0 || target.kind === "dispatch-key") return null;
	const keys = new Map<number, DefRow>();
	for (const e of index.edgesTo(target.id)) {
		if (e.kind !== "handler") continue;
		const key = index.defById(e.src);
		if (key?.kind === "dispatch-key" && key.defId.startsWith("trunk:")) keys.set(key.id, key);
	}
	return keys.size === 1 ? ([...keys.values()][0] as DefRow) : null;
}
