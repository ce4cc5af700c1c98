/**
 * A signature map over a fake index whose material holds some definitions as one-line signatures:
 * what a test of a map line listed for a held file (namesakes, most used definitions) starts from.
 */
import type { DefRow } from "../../src/index/types.js";
import { Assembly } from "../../src/pipeline/material/assembly.js";
import { reachedCandidate } from "../../src/pipeline/material/candidate.js";
import type { MaterialIndex } from "../../src/pipeline/material/material-index.js";
import { MATERIAL_REACH } from "../../src/pipeline/material/reach.js";
import { SignatureMap } from "../../src/pipeline/material/signature-map.js";
import type { Skeleton } from "../../src/pipeline/skeleton.js";

/** Where a held definition was reached: a seed, unrated. */
export const heldAt = { depth: 0, via: "seed" as const, from: null, relevance: 0 };

/**
 * A map over `index` (one chain, whose only step is `step`) holding `held` as signatures; `picks`
 * make unrated entries wait; `relevance` rates what the question's words rate (nothing by default).
 * `names()` lists the qualified names the material holds, in order.
 */
export function mapHolding(
	index: MaterialIndex,
	step: DefRow,
	held: readonly DefRow[],
	picks: string[] = [],
	relevance: (d: DefRow) => number = () => 0,
) {
	const a = new Assembly(index, (t) => Math.ceil(t.length / 4), MATERIAL_REACH);
	const skeletons = [
		{
			chain: { id: "c1", title: "c", paths: [], score: 1 },
			direction: "downstream",
			nodes: [{ def: step, depth: 0, via: "seed", from: null, nodeClass: "major", relevance: 0 }],
		},
	] as unknown as Skeleton[];
	const map = new SignatureMap(a, { skeletons, picks, words: [], relevance }, new Set(), 10_000);
	for (const d of held) map.listOnce(reachedCandidate(d, heldAt, "c1", "neighbour"));
	const names = () => a.sources.map((s) => s.node.def.qualifiedName);
	return { map, names };
}
