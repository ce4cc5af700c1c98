/**
 * Where a gold core file was lost on its way through the pipeline. Each stage narrows the one
 * before (index → route → seed → skeleton → read → cite), so a miss is charged to the first stage
 * after the furthest one the file reached. A file counts as routed when a routed outline section lists
 * it, or, for a section with a folder path, when it lies under that folder.
 */
import type { OutlineSectionRow } from "../index/types.js";
import type { AskTrace } from "../pipeline/types.js";
import { defIdFile } from "./symbols.js";

export const LOSS_STAGES = [
	"not indexed",
	"not routed",
	"not seeded",
	"cut from skeleton",
	"not read",
	"not cited",
] as const;
export type LossStage = (typeof LOSS_STAGES)[number];

export interface Miss {
	file: string;
	stage: LossStage;
}

type Section = Pick<OutlineSectionRow, "sectionId" | "path" | "files">;

export interface LossInput {
	core: readonly string[];
	trace: Pick<AskTrace, "routedSections" | "seeds" | "skeleton" | "read">;
	/** Files cited with a valid citation. */
	citedFiles: ReadonlySet<string>;
	/** Outline sections by id (from the index), to know which files a routed section covers. */
	sections: ReadonlyMap<string, Section>;
	/** Whether the index holds the file; a core file it does not hold is lost before any stage. */
	isIndexed?: (file: string) => boolean;
}

export function routedCovers(section: Section, file: string): boolean {
	return section.files.includes(file) || (section.path !== "" && file.startsWith(`${section.path}/`));
}

/** The core files the answer did not cite, each with the stage it was lost at. */
export function findMisses(input: LossInput): Miss[] {
	const { trace } = input;
	const read = new Set(trace.read.map((r) => r.file));
	const skeleton = new Set(
		trace.skeleton.flatMap((s) => s.defIds.map(defIdFile)).filter((f): f is string => f !== null),
	);
	const seeded = new Set(trace.seeds.map((s) => s.file));
	const routed = trace.routedSections
		.map((r) => input.sections.get(r.sectionId))
		.filter((s): s is Section => s !== undefined);
	const misses: Miss[] = [];
	for (const file of input.core) {
		if (input.citedFiles.has(file)) continue;
		const stage: LossStage = !(input.isIndexed?.(file) ?? true)
			? "not indexed"
			: read.has(file)
				? "not cited"
				: skeleton.has(file)
					? "not read"
					: seeded.has(file)
						? "cut from skeleton"
						: routed.some((s) => routedCovers(s, file))
							? "not seeded"
							: "not routed";
		misses.push({ file, stage });
	}
	return misses;
}
