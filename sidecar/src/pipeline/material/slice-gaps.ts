/**
 * The lines between the slices of a definition the model asked for. A long pick read as slices
 * (its head, the hops, what decides them) leaves out the lines between them, and there the
 * deciding logic often sits: a result computed from two calls, the branch between two hops
 * (run 22's readers: a CLI's pass/fail `&&` 20 lines under its last slice, a pointer-move
 * handler's snapping and duplicating between its hops). A gap of a few dozen lines costs little
 * more than the two headers it saves; the pick then reads as one piece.
 */
import type { Assembly } from "./assembly.js";
import type { Candidate } from "./candidate.js";
import type { MaterialSource } from "./types.js";

/** The slices of `id` held in the material (not a caller's glimpse), top to bottom. */
function slicesOf(a: Assembly, id: number): MaterialSource[] {
	return a.sources
		.filter((s) => s.node.def.id === id && (s.unit === "slice" || s.unit === "whole") && s.role !== "caller")
		.sort((x, y) => x.range.startLine - y.range.startLine);
}

/**
 * For each definition read in slices that `eligible` takes (in the order read), fill the gaps of
 * at most `maxGap` lines between two of its slices, smallest first, within `limit`.
 */
export function fillSliceGaps(
	a: Assembly,
	maxGap: number,
	limit: number,
	eligible: (c: Candidate) => boolean,
): void {
	if (maxGap <= 0) return;
	for (const [id, c] of a.sliced) {
		if (!eligible(c)) continue;
		const held = slicesOf(a, id);
		const gaps = held
			.slice(1)
			.map((s, i) => {
				const end = held[i]?.range.endLine ?? s.range.startLine;
				return { from: end + 1, lines: s.range.startLine - end - 1 };
			})
			.filter((g) => g.lines >= 0 && g.lines <= maxGap)
			.sort((x, y) => x.lines - y.lines);
		for (const g of gaps) {
			const list = slicesOf(a, id);
			const before = list.find((s) => s.range.endLine === g.from - 1);
			const after = list.find((s) => s.range.startLine === g.from + g.lines);
			if (before && after) a.joinSlices(c, before, after, limit);
		}
	}
}
