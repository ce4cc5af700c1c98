/**
 * How the example member of a class family is plugged in and reached: the family of its own creator
 * (each provider created by its handler, the handlers by a factory) and the constant the rest of the
 * code reaches it through.
 */
import type { DefRow } from "../../index/types.js";
import { isAuxiliaryPath } from "../auxiliary-code.js";
import { type ClassFamily, FAMILY_KINDS, familyMembers, MIN_MEMBERS } from "./class-family.js";
import type { PatternIndex } from "./family.js";
import { type Creation, creationsOf, ownCreator, type Shape } from "./shapes.js";
import { accessPoint } from "./use.js";

/**
 * The family the example's creator belongs to, when a member is created by a class of another family
 * (each provider by its own handler, the handlers by a factory): how the new member is plugged in. The
 * creator's class, the base it shares with at least MIN_MEMBERS others, and where it is created.
 */
export interface CreatorFamily {
	cls: DefRow;
	base: DefRow;
	members: number;
	created: Creation | null;
	/** Members of the creator's family that the same definition creates. */
	sameCreator: number;
}

function creatorFamilyOf(index: PatternIndex, family: ClassFamily, shape: Shape): CreatorFamily | null {
	const by = shape.created?.by;
	const cls = by?.kind === "class" ? by : by?.parentId ? index.defById(by.parentId) : undefined;
	// Only the member's own creator pairs the families (each provider its handler); a caller that
	// merely creates it (a processor scheduling a task) plugs nothing in.
	if (
		cls?.kind !== "class" ||
		cls.id === shape.cls?.id ||
		!by ||
		!shape.cls ||
		!ownCreator(index, by, shape.cls)
	)
		return null;
	let best: { base: DefRow; members: DefRow[] } | null = null;
	for (const e of index.edgesFrom(cls.id)) {
		if (!FAMILY_KINDS.has(e.kind) || e.dst === family.base.id) continue;
		const base = index.defById(e.dst);
		if (!base?.file || isAuxiliaryPath(base.file)) continue;
		const members = familyMembers(index, base);
		if (members.length >= MIN_MEMBERS && (!best || members.length > best.members.length))
			best = { base, members };
	}
	if (!best) return null;
	const created = creationsOf(index, cls).find((c) => c.by.id !== cls.id) ?? null;
	const ids = new Set(best.members.map((d) => d.id));
	const sameCreator = created
		? new Set(
				index
					.edgesFrom(created.by.id)
					.filter((e) => e.kind === "new" && ids.has(e.dst))
					.map((e) => e.dst),
			).size
		: 0;
	return { cls, base: best.base, members: best.members.length, created, sameCreator };
}

/**
 * The constant the rest of the code reaches a created member through (`Settings = proxify<…>(…)`):
 * only for a member a class carries out, and only a variable (a function merely typed with the
 * member's contract is no way to reach it).
 */
function reachedThrough(index: PatternIndex, family: ClassFamily, shape: Shape) {
	if (!shape.cls) return null;
	const found = accessPoint(index, family, shape.member, shape.cls);
	return found?.access.kind === "variable" ? found : null;
}

/**
 * The example's creator family and access point, read once per question: the material and the
 * answer both tell them, and the shapes (so the example) are read once for both (orderedShapes).
 */
export function exampleReach(
	index: PatternIndex,
	family: ClassFamily,
	example: Shape,
): { plugged: CreatorFamily | null; reached: ReturnType<typeof reachedThrough> } {
	let known = reachOfExample.get(example);
	if (!known) {
		known = {
			plugged: creatorFamilyOf(index, family, example),
			reached: reachedThrough(index, family, example),
		};
		reachOfExample.set(example, known);
	}
	return known;
}

const reachOfExample = new WeakMap<Shape, ReturnType<typeof exampleReach>>();
