/**
 * Where a definition hops by key (dispatches or registers one), read by the signature map (whether a
 * step may wait for the map's tail) and by the map's key lines (which lines to list): its own module
 * so neither of the two imports the other.
 */
import type { DefRow } from "../../index/types.js";
import type { Assembly } from "./assembly.js";
import type { AssembleInput } from "./input.js";

/** What the lookup reads of the signature map: the assembly's index and the question's ratings. */
export interface KeyHopScope {
	readonly a: Assembly;
	readonly input: AssembleInput;
}

/**
 * The lines inside `d` (its first line excluded) where it dispatches or registers a key, in the
 * index's order; with `minKeyRating`, only those of a key the question's words rate at least that.
 */
export function keyHopLinesOf(m: KeyHopScope, d: DefRow, minKeyRating = 0): number[] {
	const { a } = m;
	const { file, startLine, endLine } = d;
	if (!file || startLine === null || endLine === null) return [];
	const rated = (id: number) => {
		const key = a.index.defById(id);
		return key !== undefined && m.input.relevance(key) >= minKeyRating;
	};
	return [
		...new Set(
			a.index
				.edgesFrom(d.id)
				.filter(
					(e) =>
						(e.kind === "dispatch" || e.kind === "register") &&
						e.file === file &&
						e.line !== null &&
						e.line > startLine &&
						e.line <= endLine &&
						(minKeyRating <= 0 || rated(e.dst)),
				)
				.map((e) => e.line as number),
		),
	];
}
