/**
 * A family the noun's qualifiers name without its head: "a new OAuth service" where each OAuth login
 * is `const Forge = new OAuthLogin('forge', config)` and no name says "service", "a new storage
 * provider" where the stores extend `Store`. Sought only when the head's own family carries none of
 * the qualifiers and the head is a role word (headIsRole); the family must carry every one (pattern/qualifier.ts) and be a convention,
 * not a pair: at least three members in at least two files.
 */
import type { IndexReader } from "../../index/reader.js";
import type { DefRow } from "../../index/types.js";
import { isAuxiliaryPath } from "../auxiliary-code.js";
import { conceptMatch, wordStems } from "../match.js";
import type { Concept } from "../query.js";
import type { ClassFamily } from "./class-family.js";
import { type InstanceFamily, type InstanceIndex, instanceMembers } from "./instances.js";
import { carriesWord, definitionTexts, familyCarries, type Qualifier } from "./qualifier.js";

export type HeadlessIndex = InstanceIndex & Pick<IndexReader, "familyBases" | "typesNamedCount">;

/** Members a family needs, and files they must span (variants of one file are one type's cases). */
const MIN_MEMBERS = 3;
const MIN_FILES = 2;
/** A qualifier carried by the base's file, or by its members only, weighs less than one in its name. */
const FILE_WEIGHT = 0.6;
const MEMBERS_WEIGHT = 0.5;

/** The head's family holds less than this share of the classes the head names when the head is a role word. */
const ROLE_SHARE = 0.5;

/**
 * Whether the head noun is a role many unrelated kinds share ("service" naming a hundred classes, a
 * third of them the core services) rather than the name of the head's own family ("searcher" naming
 * eighteen, eleven of them the searchers). Only then may a family the qualifiers alone name be what the noun means: a
 * "store searcher" is a searcher, an "OAuth service" any OAuth thing.
 */
export function headIsRole(
	index: HeadlessIndex,
	headWord: string,
	head: Concept,
	familyDefs: readonly DefRow[],
): boolean {
	const named = familyDefs.filter(
		(d) => (d.kind === "class" || d.kind === "interface") && conceptMatch(head, wordStems(d.name)) >= 1,
	).length;
	return named === 0 || named < ROLE_SHARE * index.typesNamedCount(headWord);
}

/**
 * The family carrying every qualifier, by its base's name or file or by half its members, best by
 * where it carries them times the log of its members; null when none does ("payment provider" where
 * nothing says payment). `classMembers` reads a class family's members as pattern/answer.ts does.
 */
export function headlessFamily(
	index: HeadlessIndex,
	subject: string,
	qualifiers: readonly Qualifier[],
	classMembers: (base: DefRow) => DefRow[],
): ClassFamily | InstanceFamily | null {
	if (qualifiers.length === 0) return null;
	let best: { family: ClassFamily | InstanceFamily; score: number } | null = null;
	const consider = (family: ClassFamily | InstanceFamily) => {
		const { base, members } = family;
		if (members.length < MIN_MEMBERS || new Set(members.map((m) => m.file)).size < MIN_FILES) return;
		const texts = definitionTexts(base, members);
		if (!qualifiers.every((q) => familyCarries(texts, q))) return;
		const weight = qualifiers.reduce(
			(sum, q) =>
				sum +
				(carriesWord(q, base.name) ? 1 : carriesWord(q, base.file ?? "") ? FILE_WEIGHT : MEMBERS_WEIGHT),
			0,
		);
		const score = weight * Math.log2(1 + members.length);
		if (!best || score > best.score) best = { family, score };
	};
	for (const { def } of index.familyBases(MIN_MEMBERS)) {
		if (!def.file || isAuxiliaryPath(def.file)) continue;
		consider({ kind: "class", subject, base: def, members: classMembers(def) });
	}
	// Instances kept in their modules count here: a family sought by its qualifiers needs no export to be
	// one. A constant named after its class (`const adapter = new TeamEnvironmentAdapter()` in a component)
	// is a use of one service, not a member of a convention (`const Forge = new OAuthLogin('forge', …)`).
	for (const { def } of index.instanceBases(MIN_MEMBERS, false)) {
		if (!def.file || isAuxiliaryPath(def.file)) continue;
		const members = instanceMembers(index, def, false).filter((m) => m.exported || !namedAfter(m, def));
		consider({ kind: "instances", subject, base: def, members });
	}
	return (best as { family: ClassFamily | InstanceFamily } | null)?.family ?? null;
}

/** Whether the constant's name holds its class's last word (`teamEnvListAdapter` of `TeamEnvironmentAdapter`). */
function namedAfter(member: DefRow, cls: DefRow): boolean {
	const last = wordStems(cls.name).at(-1);
	return last !== undefined && wordStems(member.name).includes(last);
}
