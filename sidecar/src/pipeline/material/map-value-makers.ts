/**
 * Where a module-level value the material names is made: the functions its initializer calls or
 * the class it constructs (`export const cache = globalThis.cache ?? createCacheClient()`,
 * `export const db = Store.getInstance()`). The value's line names the shared client every user
 * meets, but not the code that connects it; no other pass of the map leads from a value to its
 * maker (a variable is read as one line, so no callee or neighbour pass starts from it).
 */
import type { DefRow } from "../../index/types.js";
import { isAuxiliaryPath } from "../auxiliary-code.js";
import { HOT_FAN_IN } from "./candidate.js";
import type { MaterialIndex } from "./material-index.js";
import { isModuleLevel } from "./material-index.js";
import type { SignatureMap } from "./signature-map.js";
import type { MaterialSource } from "./types.js";

/** Edges by which an initializer makes its value. */
const MAKER_KINDS = new Set(["call", "new"]);
/**
 * A value longer than this is a literal (a config object, a table of handlers): the functions its
 * entries call are theirs, not what makes the value.
 */
const MADE_VALUE_LINES = 6;
/** Kinds of definition that can make a value. */
const MAKER_DEFS = new Set(["function", "method", "class"]);

/**
 * The makers of module-level variable `v` (of at most 6 lines: a made instance, not a literal), at
 * most `max`, in the order its initializer names them:
 * each function or class of `v`'s own file it calls or constructs (the file that exports a shared
 * client holds the code that makes it; a class or factory of another file is its own file's concern,
 * and a value made by a shared helper that helper's), a static factory's class first
 * (`Store.getInstance()`: the class holds the instance), and for a function the same file's functions
 * it calls in turn (a local `createClient` wrapping the exported factory that connects).
 */
export function valueMakers(
	index: Pick<MaterialIndex, "edgesFrom" | "defById">,
	v: DefRow,
	max: number,
): DefRow[] {
	const out: DefRow[] = [];
	const add = (d: DefRow | undefined): void => {
		if (out.length < max && d && d.id !== v.id && !out.some((x) => x.id === d.id)) out.push(d);
	};
	if (v.startLine === null || v.endLine === null || v.endLine - v.startLine + 1 > MADE_VALUE_LINES)
		return out;
	for (const d of makersOf(index, v)) {
		if (d.file !== v.file) continue;
		const owner = d.kind === "method" && d.parentId !== null ? index.defById(d.parentId) : undefined;
		if (owner?.kind === "class") add(owner);
		add(d);
		if (d.kind === "function")
			for (const next of makersOf(index, d)) if (next.file === v.file && next.kind === "function") add(next);
	}
	return out;
}

/** The definitions `d`'s code calls or constructs, in line order, shared helpers and test code left out. */
function makersOf(index: Pick<MaterialIndex, "edgesFrom" | "defById">, d: DefRow): DefRow[] {
	const out: DefRow[] = [];
	const edges = index
		.edgesFrom(d.id)
		.filter((e) => MAKER_KINDS.has(e.kind))
		.sort((x, y) => (x.line ?? 0) - (y.line ?? 0));
	for (const e of edges) {
		const t = index.defById(e.dst);
		if (!t?.file || t.startLine === null || !MAKER_DEFS.has(t.kind)) continue;
		if (t.fanIn > HOT_FAN_IN || isAuxiliaryPath(t.file) || out.some((x) => x.id === t.id)) continue;
		out.push(t);
	}
	return out;
}

/**
 * List right away (not waiting) the makers of each module-level variable the material names and
 * `done` has not seen, at most `perValue` each, as one-line neighbours of the value's entry.
 */
export function listValueMakers(m: SignatureMap, perValue: number, done: Set<number>): void {
	if (perValue <= 0) return;
	const { a } = m;
	const values: MaterialSource[] = a.sources.filter(
		(s) => s.node.def.kind === "variable" && !done.has(s.node.def.id) && isModuleLevel(a.index, s.node.def),
	);
	for (const s of values) {
		done.add(s.node.def.id);
		for (const d of valueMakers(a.index, s.node.def, perValue))
			if (!m.known.has(d.id)) m.listOnce(m.neighbourOf(d, s, "maker"), false);
	}
}
