/**
 * Direct neighbours of a definition in a chain's direction: what it calls (a flow) or who calls it
 * (an impact question), looked up in the index. The skeleton's walk shows a node once, under the
 * first node that reached it, so an entry point's own callers or callees are often printed
 * elsewhere or cut; the answer names them under the entry point from this list instead.
 */
import type { IndexReader } from "../index/reader.js";
import type { DefRow } from "../index/types.js";
import { isAuxiliaryPath } from "./auxiliary-code.js";
import type { Direction } from "./skeleton.js";

export type NeighbourIndex = Pick<IndexReader, "edgesFrom" | "edgesTo" | "defById">;

export interface Neighbour {
	def: DefRow;
	/** An interface member and its implementation are linked, not called. */
	implementation: boolean;
}

/** Direct neighbours of `def` in `direction`, each once, in edge order. */
export type Neighbours = (def: DefRow, direction: Direction) => Neighbour[];

/** Edges that are a step of the flow itself (keys are rendered with their handlers elsewhere). */
const STEP_KINDS = new Set(["call", "new", "jsx", "implementation"]);

/** Edges of one definition looked at, at most (a hub's thousands of users say nothing more). */
const MAX_EDGES = 200;

/**
 * Neighbours from the index, leaving out test/story files and, downstream, widely used helpers
 * (fan-in above `hotFanIn`): they are called from everywhere and say nothing about this flow.
 */
export function neighbourFinder(index: NeighbourIndex, hotFanIn: number): Neighbours {
	const cache = new Map<string, Neighbour[]>();
	return (def, direction) => {
		const key = `${def.id}:${direction}`;
		const known = cache.get(key);
		if (known) return known;
		const edges = (direction === "downstream" ? index.edgesFrom(def.id) : index.edgesTo(def.id)).slice(
			0,
			MAX_EDGES,
		);
		const out: Neighbour[] = [];
		const seen = new Set<number>([def.id]);
		for (const e of edges) {
			if (!STEP_KINDS.has(e.kind)) continue;
			const id = direction === "downstream" ? e.dst : e.src;
			if (seen.has(id)) continue;
			seen.add(id);
			const other = index.defById(id);
			if (!other?.file || other.kind === "module" || isAuxiliaryPath(other.file)) continue;
			if (direction === "downstream" && other.fanIn > hotFanIn) continue;
			out.push({ def: other, implementation: e.kind === "implementation" });
		}
		cache.set(key, out);
		return out;
	};
}
