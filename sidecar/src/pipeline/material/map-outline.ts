/**
 * The map's outlines of the files the material holds: their other definitions, one line each (a
 * flow often runs through several methods of one class, not all of them on a chain) — those the
 * question's words and the material's edges rate best, the first of each file, those past that
 * cap the words rate, and fewer of the files whose chain steps are only signatures.
 */
import type { DefRow } from "../../index/types.js";
import { HOT_FAN_IN } from "./candidate.js";
import type { SignatureMap } from "./signature-map.js";
import type { MaterialSource } from "./types.js";

/** Files whose other functions and methods are listed as signatures (an outline), and how many each. */
export const OUTLINE_FILES = 30;
const OUTLINE_DEFS = 20;
/** Definitions past that cap the question's words rate, listed per file with what the neighbours leave. */
const OUTLINE_RELEVANT = 10;
const OUTLINE_KINDS = new Set(["function", "method", "class"]);
/**
 * Kinds of definition of a held file the map may name, the edges that tie one to a body read,
 * and what those edges weigh beside the question's words.
 */
const HELD_KINDS = new Set(["function", "method", "class", "variable", "interface", "type", "object"]);
const ADJACENT_KINDS = new Set(["call", "new", "jsx", "dispatch", "handler", "implementation"]);
const ADJACENT_WEIGHT = 0.5;
const ADJACENT_CAP = 4;
/** The first files of the material (bodies first) whose definitions are rated so. */
const HELD_FILES = 40;

/** The files the material reads a body, slice or block of, in the order it first reached them. */
export function readFiles(sources: readonly MaterialSource[]): string[] {
	return [...new Set(sources.filter((s) => s.unit !== "signature").map((s) => s.range.file))];
}

/**
 * The definitions of the files the material holds that no entry names yet, ranked by the
 * question's words and by their edges to what the material holds (a body counts twice a
 * signature): the best `n` as one-line entries.
 */
export function listHeldFileDefs(m: SignatureMap, n: number, onChain: ReadonlySet<number>): void {
	if (n <= 0) return;
	const { a, input } = m;
	const index = a.index;
	// Edges walked from the material's side: what a definition calls into a body read, and what
	// calls it from one (unless it is widely used); what a chain step listed as a signature calls.
	const near = new Map<number, number>();
	const bump = (id: number) => near.set(id, (near.get(id) ?? 0) + 1);
	const bodies = new Set(a.sources.filter((x) => x.unit !== "signature").map((x) => x.node.def.id));
	for (const id of bodies) {
		const d = index.defById(id);
		if (!d) continue;
		for (const e of index.edgesFrom(id)) if (ADJACENT_KINDS.has(e.kind)) bump(e.dst);
		if (d.fanIn <= HOT_FAN_IN) for (const e of index.edgesTo(id)) if (ADJACENT_KINDS.has(e.kind)) bump(e.src);
	}
	for (const x of a.sources) {
		if (x.unit !== "signature" || bodies.has(x.node.def.id) || !onChain.has(x.node.def.id)) continue;
		for (const e of index.edgesFrom(x.node.def.id)) if (ADJACENT_KINDS.has(e.kind)) bump(e.dst);
	}
	const scored: { d: DefRow; owner: MaterialSource; score: number }[] = [];
	for (const file of a.files().slice(0, HELD_FILES)) {
		const owner = a.firstSourceIn(file) as MaterialSource;
		for (const d of index.defsInFile(file)) {
			if (m.known.has(d.id) || !HELD_KINDS.has(d.kind) || d.startLine === null) continue;
			const adj = d.fanIn > HOT_FAN_IN ? 0 : (near.get(d.id) ?? 0);
			const score = input.relevance(d) + ADJACENT_WEIGHT * Math.min(adj, ADJACENT_CAP);
			if (score > 0) scored.push({ d, owner, score });
		}
	}
	scored.sort((x, y) => y.score - x.score);
	for (const { d, owner } of scored.slice(0, n)) m.listOnce(m.outlineNeighbour(d, owner));
}

/** Up to `perFile` (the outline's cap by default) further functions, methods and classes of each file. */
export function listOutline(m: SignatureMap, files: readonly string[], perFile = OUTLINE_DEFS): void {
	for (const file of files) {
		const owner = m.a.firstSourceIn(file) as MaterialSource;
		let n = 0;
		for (const d of m.a.index.defsInFile(file)) {
			if (n >= perFile || !OUTLINE_KINDS.has(d.kind) || m.known.has(d.id)) continue;
			n++;
			m.listOnce(m.outlineNeighbour(d, owner));
		}
	}
}

/**
 * The functions and methods past each file's outline cap that the question's words rate (in a
 * long class the method the question names is often past the first twenty), most relevant first.
 */
export function listPastOutline(m: SignatureMap, files: readonly string[]): void {
	for (const file of files) {
		const owner = m.a.firstSourceIn(file) as MaterialSource;
		for (const d of pastOutline(m.a.index.defsInFile(file), m.known, m.input.relevance))
			m.listOnce(m.outlineNeighbour(d, owner));
	}
}

/**
 * A file's functions, methods and classes past the outline's first `OUTLINE_DEFS` that the
 * question's words rate, most relevant first, at most `OUTLINE_RELEVANT`, not yet in the material.
 */
export function pastOutline(
	defs: readonly DefRow[],
	known: ReadonlySet<number>,
	relevance: (d: DefRow) => number,
): DefRow[] {
	return defs
		.filter((d) => OUTLINE_KINDS.has(d.kind))
		.slice(OUTLINE_DEFS)
		.filter((d) => !known.has(d.id))
		.map((d) => ({ d, r: relevance(d) }))
		.filter((x) => x.r > 0)
		.sort((x, y) => y.r - x.r)
		.slice(0, OUTLINE_RELEVANT)
		.map((x) => x.d);
}

/**
 * The files whose chain steps are listed only as signatures (a flow's other methods in a class no
 * body was read from), but for `readFiles`: their outline comes last, fewer files and definitions.
 */
export function stepFiles(sources: readonly MaterialSource[], readFiles: readonly string[]): string[] {
	return [
		...new Set(
			sources
				.filter((s) => s.unit === "signature" && s.node.via !== "outline" && s.node.via !== "parent")
				.map((s) => s.range.file),
		),
	].filter((f) => !readFiles.includes(f));
}

/**
 * Of `files` (step files), those `rule` keeps: `keyed`, a file a signature-only entry of which the
 * path entered through a key hop (a dispatch or a handler); `multi`, a file holding two chain steps
 * or more as signatures; `keyedOrMulti`, either.
 */
export function keptStepFiles(
	sources: readonly MaterialSource[],
	files: readonly string[],
	rule: "keyed" | "multi" | "keyedOrMulti",
	onChain: ReadonlySet<number>,
): string[] {
	const keyed = new Set<string>();
	const steps = new Map<string, Set<number>>();
	for (const s of sources) {
		if (s.unit !== "signature") continue;
		const via = s.node.via;
		if (via.startsWith("dispatch") || via.startsWith("handler")) keyed.add(s.range.file);
		if (onChain.has(s.node.def.id)) {
			const set = steps.get(s.range.file) ?? new Set<number>();
			set.add(s.node.def.id);
			steps.set(s.range.file, set);
		}
	}
	const multi = (f: string) => (steps.get(f)?.size ?? 0) >= 2;
	return files.filter((f) =>
		rule === "keyed" ? keyed.has(f) : rule === "multi" ? multi(f) : keyed.has(f) || multi(f),
	);
}
