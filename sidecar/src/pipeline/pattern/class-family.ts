/**
 * A family of classes a pattern question's noun names: a base (class or interface) that at least
 * MIN_MEMBERS definitions outside tests extend or implement, in more than one file.
 */
import type { IndexReader } from "../../index/reader.js";
import type { DefRow } from "../../index/types.js";
import { isAuxiliaryPath } from "../auxiliary-code.js";
import { conceptMatch, wordStems } from "../match.js";
import type { Concept } from "../query.js";

export type ClassFamilyIndex = Pick<IndexReader, "familyBases" | "edgesTo" | "defById">;

/** Members a base needs to be a family (two subclasses are a pair, not a convention). */
export const MIN_MEMBERS = 3;

/** A path match counts this much of a name match (as the seeding stage weighs a definition's path). */
const PATH_FACTOR = 0.6;

export interface ClassFamily {
	kind: "class";
	/** The noun asked for ("database model"). */
	subject: string;
	base: DefRow;
	/** Definitions extending or implementing the base, outside tests and fixtures. */
	members: DefRow[];
}

export const FAMILY_KINDS = new Set(["extends", "implements"]);

/**
 * The class family the subject names: a base whose own name holds the subject's head noun, scored by
 * how many of the subject's words its name (or, weaker, path) matches times the log of its members.
 * With `accept` (families sought by the noun's qualifiers), only families it accepts, and also a base
 * whose members mostly carry the noun.
 */
export function findFamily(
	index: ClassFamilyIndex,
	subject: string,
	concepts: readonly Concept[],
	accept?: (family: ClassFamily) => boolean,
): ClassFamily | null {
	const head = concepts.at(-1);
	if (!head) return null;
	const match = (c: Concept, def: DefRow) =>
		Math.max(conceptMatch(c, wordStems(def.name)), PATH_FACTOR * conceptMatch(c, wordStems(def.file ?? "")));
	let best: { family: ClassFamily; score: number } | null = null;
	for (const { def } of index.familyBases(MIN_MEMBERS)) {
		if (!def.file || isAuxiliaryPath(def.file)) continue;
		// The noun itself is in the base's name: a path word (`packages/`, `models/`) is in too many paths to name a family.
		// Sought by qualifiers, a base whose members carry the noun is one too (`EmailInterface` of `ResendProvider`, …).
		const baseHead = conceptMatch(head, wordStems(def.name));
		if (baseHead < 1 && !accept) continue;
		const own = familyMembers(index, def);
		if (own.length < MIN_MEMBERS) continue;
		const headMatch = baseHead >= 1 || membersCarry(head, own) ? 1 : 0;
		if (headMatch < 1) continue;
		const words = concepts.reduce((sum, c) => sum + (c === head ? headMatch : match(c, def)), 0);
		// Variants declared side by side in one file (`IOptionColor`, `IOptionAction` of one union) are
		// one type's cases: nothing a newcomer adds a file of its own for.
		if (new Set(own.map((d) => d.file)).size < 2) continue;
		const score = words * Math.log2(1 + own.length);
		const family: ClassFamily = { kind: "class", subject, base: def, members: own };
		if ((!best || score > best.score) && (!accept || accept(family))) best = { family, score };
	}
	return best?.family ?? null;
}

/** At least half of the members carry the noun in their names or files (`ResendProvider`, `providers/dub.ts`). */
function membersCarry(head: Concept, members: readonly DefRow[]): boolean {
	const carrying = members.filter(
		(m) => conceptMatch(head, wordStems(m.name)) >= 1 || conceptMatch(head, wordStems(m.file ?? "")) >= 1,
	).length;
	return carrying * 2 >= members.length;
}

/** The definitions outside tests that extend or implement `base`, each once. */
export function familyMembers(index: ClassFamilyIndex, base: DefRow): DefRow[] {
	const seen = new Set<number>();
	const out: DefRow[] = [];
	for (const e of index.edgesTo(base.id)) {
		if (!FAMILY_KINDS.has(e.kind) || seen.has(e.src)) continue;
		seen.add(e.src);
		const d = index.defById(e.src);
		if (d?.file && !isAuxiliaryPath(d.file)) out.push(d);
	}
	return out;
}

/** "classes", "interfaces", or "definitions" when the members are of both kinds. */
export function memberWord(members: readonly DefRow[]): string {
	if (members.every((m) => m.kind === "class")) return "classes";
	if (members.every((m) => m.kind === "interface")) return "interfaces";
	return "definitions";
}
