/** Which of an impact answer's places it shows: as many as one message holds, in the order that matters. */
import type { Group, GroupId, Place } from "./groups.js";

/**
 * The places shown. Pass 0: of each group's first few, those in X's own folder (the module's own
 * wiring) — they keep their place whatever the groups before them take; pass 1: each group its first
 * few, in group order; pass 2: the rest (up to a group's `max`), in group order, while room lasts. A
 * place that does not fit ends its group's turn in that pass.
 */
export function placesThatFit(
	groups: readonly Group[],
	candidates: ReadonlyMap<GroupId, readonly Place[]>,
	atHome: (group: GroupId, place: Place) => boolean,
	fits: (chosen: ReadonlySet<Place>) => boolean,
): Set<Place> {
	const chosen = new Set<Place>();
	for (const pass of [0, 1, 2]) {
		for (const g of groups) {
			const list = candidates.get(g.id) ?? [];
			const upTo = pass === 2 ? (g.max ?? list.length) : g.first;
			for (const p of list.slice(0, upTo)) {
				if (pass === 0 && !atHome(g.id, p)) continue;
				if (chosen.has(p)) continue;
				chosen.add(p);
				if (!fits(chosen)) {
					chosen.delete(p);
					break;
				}
			}
		}
	}
	return chosen;
}
