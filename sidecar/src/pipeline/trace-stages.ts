/**
 * The trace fields the benchmark's loss stages read (bench/loss.ts): which files the seeding had as
 * candidates at all, and how much of each file the material holds. Nothing in the answer uses them.
 */
import type { MaterialSource } from "./material/types.js";
import type { SeedResult } from "./seed.js";
import type { AskTrace, HeldUnit } from "./types.js";

/** Strongest first: a file the material holds in several ways is charged to the strongest. */
const HELD_ORDER: readonly HeldUnit[] = ["whole", "slice", "block", "site", "signature"];

/**
 * The seeding's candidates: every file of the fused ranking (best first), and the row ids of every
 * definition it scored (a file none of whose definitions was scored was never a candidate). Ids, not
 * files: resolving them is left to the bench, which needs it for a few core files only.
 */
export function candidateTrace(
	seeded: Pick<SeedResult, "files" | "relevance">,
): NonNullable<AskTrace["candidates"]> {
	return { fused: seeded.files.map((f) => f.file), scored: [...seeded.relevance.keys()] };
}

/**
 * Each file the material mentions, in first-mention order, with the most of it the material holds:
 * a caller's lines around its call and an impact listing's sites are sites, not the file's code read.
 */
export function heldTrace(
	sources: readonly Pick<MaterialSource, "range" | "role" | "unit">[],
	sites: readonly { file: string }[],
): NonNullable<AskTrace["held"]> {
	const held = new Map<string, HeldUnit>();
	const note = (file: string, unit: HeldUnit) => {
		const was = held.get(file);
		if (was === undefined || HELD_ORDER.indexOf(unit) < HELD_ORDER.indexOf(was)) held.set(file, unit);
	};
	for (const s of sources) note(s.range.file, s.role === "caller" ? "site" : s.unit);
	for (const s of sites) note(s.file, "site");
	return [...held].map(([file, unit]) => ({ file, unit }));
}
