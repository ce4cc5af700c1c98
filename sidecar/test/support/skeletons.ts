/** Skeletons shaped like the skeleton stage's, for tests that hand the later stages a chain directly. */
import type { DefRow } from "../../src/index/types.js";
import type { Skeleton, SkeletonNode } from "../../src/pipeline/skeleton.js";

/** A major node: the chain's seed at depth 0, else reached by a call from `from`. */
export function callNode(def: DefRow, depth: number, relevance: number, from: DefRow): SkeletonNode {
	return {
		def,
		depth,
		via: depth ? "call" : "seed",
		from: depth ? from.id : null,
		nodeClass: "major",
		relevance,
	};
}

/** A major node at depth 0, reached `via` (a seed, a member …), of relevance 1. */
export function majorNode(def: DefRow, via: string): SkeletonNode {
	return { def, depth: 0, via, from: null, nodeClass: "major", relevance: 1 };
}

/** One downstream chain `c1` over `src` holding `nodes`. */
export function oneChain(title: string, nodes: SkeletonNode[]): Skeleton[] {
	return [
		{ chain: { id: "c1", title, paths: ["src"], score: 1 }, direction: "downstream", nodes },
	] as Skeleton[];
}

/** The definition `defId` of an index, or a thrown error naming it (a fixture that lost a definition). */
export function defIn(index: { def(defId: string): DefRow | undefined }, defId: string): DefRow {
	const d = index.def(defId);
	if (!d) throw new Error(`no ${defId}`);
	return d;
}
