// The data shapes a flow passes around: a type, interface or enum that several of the fused
// ranking's top files use (reference edges out of their definitions). No flow edge (call, new,
// implementation …) reaches a type, so the graph channel lifts every linked file past it and a
// type the question names (`IMeeting` for "video conference") falls out of the seeds.
// Its users give it back a share of their score, but never a place above the one its own words
// earned before the graph channel: it is kept, not promoted, so it does not take the place of the
// implementation or model beside it (benchmarks/answers.md, session 29 rt29).
import type { DefRow } from "../index/types.js";

const SHAPE_KINDS: ReadonlySet<string> = new Set(["type", "interface", "enum"]);
/** Share of the question's concept weight the type's name and path must cover. */
export const SHAPE_MIN_COVERAGE = 0.5;
/** Top files that must use the type: one or two users make it their local detail. */
export const SHAPE_MIN_USERS = 3;
/** Share of each user's score the type receives in the graph channel. */
export const SHAPE_REFERENCE_WEIGHT = 0.5;

export function isShapeKind(def: Pick<DefRow, "kind">): boolean {
	return SHAPE_KINDS.has(def.kind);
}

/** Which top files use which shape files, with the users' pre-graph scores. */
export class ShapeUsers {
	private readonly users = new Map<string, Map<string, number>>();

	add(shapeFile: string, userFile: string, userScore: number): void {
		const users = this.users.get(shapeFile) ?? new Map<string, number>();
		users.set(userFile, userScore);
		this.users.set(shapeFile, users);
	}

	/**
	 * Graph-channel scores of the shapes enough top files use, leaving out files a flow edge
	 * already links (those get the channel's full lift).
	 */
	lifts(flowLinked: ReadonlySet<string>): Map<string, number> {
		const out = new Map<string, number>();
		for (const [file, users] of this.users) {
			if (flowLinked.has(file) || users.size < SHAPE_MIN_USERS) continue;
			let score = 0;
			for (const s of users.values()) score += SHAPE_REFERENCE_WEIGHT * s;
			out.set(file, score);
		}
		return out;
	}
}

/**
 * Caps a lifted file's fused score so that it ranks no higher than `preRank` (its place before
 * the graph channel), and never below `preScore` (what it had without the lift).
 */
export function holdAtRank(
	fused: Map<string, number>,
	file: string,
	preRank: number,
	preScore: number,
): void {
	if (preRank === 0) return;
	const others = [...fused.entries()].filter(([f]) => f !== file).sort((x, y) => y[1] - x[1]);
	const cap = (others[preRank - 1]?.[1] ?? 0) * (1 - 1e-9);
	if ((fused.get(file) ?? 0) > cap) fused.set(file, Math.max(preScore, cap));
}
