/**
 * What comes with a body read, found from the index: the wrapper it is written into, the short
 * module-level values a wrapper decides on, the call sites of its few callers, its next steps on
 * the chain.
 */
import type { DefRow } from "../../index/types.js";
import { isAuxiliaryPath } from "../auxiliary-code.js";
import type { Skeleton, SkeletonNode } from "../skeleton.js";
import { HOT_FAN_IN } from "./candidate.js";
import { isModuleLevel, type MaterialIndex } from "./material-index.js";

/** A wrapper applied at a definition is read when it is at most this long (a guard, not a framework). */
const WRAPPER_LINES = 40;
const WRAPPER_KINDS = new Set(["function", "method", "variable"]);
/** Module-level values a wrapper reads that come with it, and their length at most. */
const VALUES_PER_WRAPPER = 3;
const VALUE_LINES = 8;
/** Callers above which a definition is a helper, not an entry (its call sites are not shown). */
const CALLER_FAN_IN = 5;
/** The chain hops that are a path's next step (calls, constructions, implementations). */
const CALLEE_VIA = new Set(["call", "new", "jsx", "implementation"]);

/**
 * The wrappers a definition is wrapped in where it is defined (`export const f = wrap(async () =>
 * …)`): functions called on its first line, short enough to be a guard. Their lines decide whether
 * and how the body runs, which its own text never says.
 */
export function wrappersOf(
	index: Pick<MaterialIndex, "edgesFrom" | "defById" | "fileLines">,
	def: DefRow,
): DefRow[] {
	if (!def.file || def.startLine === null || def.kind === "class" || def.kind === "interface") return [];
	// Only a function written into the call is wrapped (`wrap(async () => …)`), not a value built by it.
	const first = index.fileLines(def.file, def.startLine, def.startLine)?.[0] ?? "";
	if (!/=>|\bfunction\b/.test(first)) return [];
	const out: DefRow[] = [];
	for (const e of index.edgesFrom(def.id)) {
		if (e.kind !== "call" || e.line !== def.startLine || e.file !== def.file) continue;
		const w = index.defById(e.dst);
		if (!w?.file || w.startLine === null || w.endLine === null || !WRAPPER_KINDS.has(w.kind)) continue;
		if (w.endLine - w.startLine + 1 > WRAPPER_LINES || isAuxiliaryPath(w.file)) continue;
		if (!out.some((x) => x.id === w.id)) out.push(w);
	}
	return out;
}

/** Short module-level values (flags, config) a definition reads: what a guard decides on. */
export function valuesRead(index: Pick<MaterialIndex, "edgesFrom" | "defById">, def: DefRow): DefRow[] {
	const out: DefRow[] = [];
	for (const e of index.edgesFrom(def.id)) {
		if (e.kind !== "reference" || out.length >= VALUES_PER_WRAPPER) continue;
		const v = index.defById(e.dst);
		if (!v?.file || v.kind !== "variable" || v.startLine === null || v.endLine === null) continue;
		if (v.endLine - v.startLine + 1 > VALUE_LINES || out.some((x) => x.id === v.id)) continue;
		if (!isModuleLevel(index, v)) continue;
		out.push(v);
	}
	return out;
}

/** Callers of a definition with few of them (an entry, not a helper): the call line in each, best first. */
export function callerSites(
	index: Pick<MaterialIndex, "edgesTo" | "defById">,
	def: DefRow,
	relevance: (d: DefRow) => number,
): { def: DefRow; line: number }[] {
	if (def.fanIn > CALLER_FAN_IN) return [];
	const out: { def: DefRow; line: number; r: number }[] = [];
	for (const e of index.edgesTo(def.id)) {
		if ((e.kind !== "call" && e.kind !== "jsx" && e.kind !== "new") || e.line === null) continue;
		const d = index.defById(e.src);
		if (!d?.file || d.file !== e.file || d.kind === "module" || isAuxiliaryPath(d.file)) continue;
		if (out.some((x) => x.def.id === d.id)) continue;
		out.push({ def: d, line: e.line, r: relevance(d) });
	}
	return out.sort((a, b) => b.r - a.r);
}

/** The chain hops out of `def` (calls, constructions, implementations), best first. */
export function calleesOnChain(skeletons: readonly Skeleton[], def: DefRow): SkeletonNode[] {
	const out = new Map<number, SkeletonNode>();
	for (const sk of skeletons) {
		for (const n of sk.nodes) {
			if (n.from !== def.id || !CALLEE_VIA.has(n.via) || n.def.id === def.id || out.has(n.def.id)) continue;
			if (!n.def.file || isAuxiliaryPath(n.def.file)) continue;
			// A shared helper (a logger, a settings getter, a base model's update) is no step of this
			// path, and a declaration without a body (an interface member) has nothing to read.
			if (n.def.fanIn > HOT_FAN_IN || n.def.kind === "interface" || n.def.kind === "type") continue;
			if (n.def.endLine === n.def.startLine) continue;
			out.set(n.def.id, n);
		}
	}
	return [...out.values()].sort((a, b) => b.relevance - a.relevance);
}
