/**
 * Where a gold core file was lost on its way through the pipeline. Each stage narrows the one
 * before (index → seeding candidates → seeds → skeleton → material → citation), so a miss is charged
 * to the first stage after the furthest one the file reached. The material counts twice: a file it
 * holds only as a signature line or a site (a caller's lines around its call, an impact listing's
 * use) is "named only"; one whose code it reads (a definition whole or sliced, a module-level block)
 * and the answer does not cite is "read but not cited".
 */
import type { AskTrace, HeldUnit } from "../pipeline/types.js";
import { defIdFile } from "./symbols.js";

export const LOSS_STAGES = [
	"not indexed",
	"never a candidate",
	"not seeded",
	"cut from skeleton",
	"not read",
	"named only",
	"read but not cited",
] as const;
export type LossStage = (typeof LOSS_STAGES)[number];

/** What each stage means, for the reports' legend. */
export const LOSS_STAGE_MEANING: Record<LossStage, string> = {
	"not indexed": "not a file of the index (not source, a test, excluded by the indexer)",
	"never a candidate":
		"no definition of it was scored by the seeding (not found by its searches, not in a routed section, not named)",
	"not seeded": "a seeding candidate, but none of its definitions became a seed",
	"cut from skeleton": "seeded, but no definition of it is in a chain's skeleton",
	"not read": "in a skeleton, but nothing of it is in the material",
	"named only":
		"in the material only as a signature line or a site (a caller's call, an impact listing's use)",
	"read but not cited":
		"its code is in the material (a definition whole or sliced, a module-level block), but not cited",
};

/** A miss as a report line's tail: the stage, then what the material held and where it ranked. */
export function describeMiss(m: Miss): string {
	const notes = [
		m.held,
		m.fused !== undefined ? `fused ${m.fused}` : "",
		m.ranked !== undefined ? `cite rank ${m.ranked}` : "",
	].filter(Boolean);
	return notes.length ? `${m.stage} (${notes.join(", ")})` : m.stage;
}

export interface Miss {
	file: string;
	stage: LossStage;
	/** The most of the file the material holds (named only, read but not cited). */
	held?: HeldUnit;
	/** Its place in the seeding's fused file ranking (1 = first), when a channel ranked it. */
	fused?: number;
	/** Its place in the citation ranking (1 = first; the trace keeps its first 40 files). */
	ranked?: number;
}

export interface LossInput {
	core: readonly string[];
	trace: Pick<AskTrace, "seeds" | "skeleton" | "read" | "held" | "candidates" | "ranking">;
	/** Files cited with a valid citation. */
	citedFiles: ReadonlySet<string>;
	/** Whether the index holds the file; a core file it does not hold is lost before any stage. */
	isIndexed?: (file: string) => boolean;
	/** The row ids of the file's definitions (the index's), to tell a scored candidate from a file never one. */
	defIdsOf?: (file: string) => readonly number[];
}

/** Units that are the file's code read, not just its name or a line that uses it. */
const READ_UNITS: ReadonlySet<HeldUnit> = new Set(["whole", "slice", "block"]);

/** The core files the answer did not cite, each with the stage it was lost at. */
export function findMisses(input: LossInput): Miss[] {
	const { trace } = input;
	const inMaterial = new Set(trace.read.map((r) => r.file));
	// A trace without `held` (a stand-in pipeline's) leaves the units unknown: its ranges count as read.
	const held = new Map(trace.held?.map((h) => [h.file, h.unit]));
	const skeleton = new Set(
		trace.skeleton.flatMap((s) => s.defIds.map(defIdFile)).filter((f): f is string => f !== null),
	);
	const seeded = new Set(trace.seeds.map((s) => s.file));
	const fused = trace.candidates?.fused ?? [];
	const scored = new Set(trace.candidates?.scored ?? []);
	const isCandidate = (file: string) =>
		fused.includes(file) || (input.defIdsOf?.(file) ?? []).some((id) => scored.has(id));
	const cited = trace.ranking?.cited ?? [];
	const misses: Miss[] = [];
	for (const file of input.core) {
		if (input.citedFiles.has(file)) continue;
		const unit = held.get(file);
		const stage: LossStage = !(input.isIndexed?.(file) ?? true)
			? "not indexed"
			: inMaterial.has(file) || unit !== undefined
				? unit === undefined || READ_UNITS.has(unit)
					? "read but not cited"
					: "named only"
				: skeleton.has(file)
					? "not read"
					: seeded.has(file)
						? "cut from skeleton"
						: isCandidate(file)
							? "not seeded"
							: "never a candidate";
		const place = (list: readonly string[]) => list.indexOf(file) + 1 || undefined;
		const fusedAt = place(fused);
		const rankedAt = place(cited);
		misses.push({
			file,
			stage,
			...(unit !== undefined && { held: unit }),
			...(fusedAt !== undefined && { fused: fusedAt }),
			...(rankedAt !== undefined && { ranked: rankedAt }),
		});
	}
	return misses;
}
