/**
 * A material index over one file's lines, its definitions and call edges: what the material tests
 * that build their own small graph (pick bridges, chain callers) read the assembler against.
 */
import type { DefRow, DispatchSiteRow, EdgeRow } from "../../src/index/types.js";
import { assembleMaterial } from "../../src/pipeline/material/assemble.js";
import type { MaterialIndex } from "../../src/pipeline/material/material-index.js";
import type { MATERIAL_REACH } from "../../src/pipeline/material/reach.js";
import type { Skeleton } from "../../src/pipeline/skeleton.js";

/** A call edge of `file`, resolved by the checker, from `src` to `dst` at `line`. */
export const callEdge = (file: string, src: DefRow, dst: DefRow, line: number): EdgeRow => ({
	src: src.id,
	dst: dst.id,
	kind: "call",
	file,
	line,
	srcDefId: src.defId,
	dstDefId: dst.defId,
	resolution: "checker",
});

/** The index the assembler reads: these lines, definitions, edges and dispatch sites (none by default), no packages. */
export function fakeMaterialIndex(
	lines: readonly string[],
	defs: readonly DefRow[],
	edges: readonly EdgeRow[],
	sites: readonly DispatchSiteRow[] = [],
): MaterialIndex {
	return {
		fileLines: (_f: string, s: number, e: number) => lines.slice(s - 1, e),
		fileContent: () => lines.join("\n"),
		edgesFrom: (id: number) => edges.filter((e) => e.src === id),
		edgesTo: (id: number) => edges.filter((e) => e.dst === id),
		defById: (id: number) => defs.find((d) => d.id === id),
		def: () => undefined,
		dispatchSitesInFile: () => sites,
		defsInFile: (f: string) => defs.filter((d) => d.file === f),
		packages: () => [],
	} as unknown as MaterialIndex;
}

/** What the assembler gives for `picks` on these skeletons, at a small budget, with `reach`. */
export function assembledSources(
	index: MaterialIndex,
	skeletons: readonly Skeleton[],
	picks: string[],
	reach: typeof MATERIAL_REACH,
	tokenBudget = 400,
) {
	return assembleMaterial(
		index,
		{ skeletons: [...skeletons], picks, words: [], relevance: () => 0 },
		{ tokenBudget, wholeDefLines: 150, sliceLines: 60 },
		() => 1,
		reach,
	).sources;
}

/** The sources holding `def`'s lines (not its one-line signature). */
export const bodiesOf = (list: ReturnType<typeof assembledSources>, def: DefRow) =>
	list.filter((s) => s.node.def.id === def.id && s.unit !== "signature");

/**
 * What the assembler gives for one chain of `nodes` over a file's `lines`, `defs` and register
 * `sites` (no edges), at `tokenBudget` with two-line slices and four characters a token: the budget
 * decides whether a definition is read or only named in the map.
 */
export function tightBudgetSources(
	lines: readonly string[],
	defs: readonly DefRow[],
	skeletons: readonly Skeleton[],
	tokenBudget: number,
	reach: typeof MATERIAL_REACH,
	sites: readonly DispatchSiteRow[] = [],
) {
	return assembleMaterial(
		fakeMaterialIndex(lines, defs, [], sites),
		{ skeletons: [...skeletons], words: [], relevance: () => 1 },
		{ tokenBudget, wholeDefLines: 2, sliceLines: 2 },
		(t) => Math.ceil(t.length / 4),
		reach,
	).sources;
}
