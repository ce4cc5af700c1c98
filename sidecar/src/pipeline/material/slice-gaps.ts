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
 * For the definitions read in slices that `eligible` takes, fill the gaps of at most `maxGap`
 * lines between two of their slices, smallest first across them all, within `limit`: taken pick
 * by pick, the first picks' wider gaps spent the share before a later pick's few lines were
 * reached (run 24: a workflow's 11-line sleep between two slices left out).
 */
export function fillSliceGaps(
	a: Assembly,
	maxGap: number,
	limit: number,
	eligible: (c: Candidate) => boolean,
): void {
	if (maxGap <= 0) return;
	const gaps: { id: number; c: Candidate; from: number; lines: number }[] = [];
	for (const [id, c] of a.sliced) {
		if (!eligible(c)) continue;
		const held = slicesOf(a, id);
		held.slice(1).forEach((s, i) => {
			const end = held[i]?.range.endLine ?? s.range.startLine;
			const lines = s.range.startLine - end - 1;
			if (lines >= 0 && lines <= maxGap) gaps.push({ id, c, from: end + 1, lines });
		});
	}
	// A stable sort: equal gaps keep the order the definitions were read in.
	gaps.sort((x, y) => x.lines - y.lines);
	for (const g of gaps) {
		const list = slicesOf(a, g.id);
		const before = list.find((s) => s.range.endLine === g.from - 1);
		const after = list.find((s) => s.range.startLine === g.from + g.lines);
		if (before && after) a.joinSlices(g.c, before, after, limit);
	}
}
