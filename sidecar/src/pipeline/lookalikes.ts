/**
 * Lookalikes: definitions a reader tells apart only by a name, listed line by line where a prompt
 * has room for few lines — the members of a plug-in family (60 `*Provider.sendMessage` implementing
 * four interface members) and near-identical versions (`postWorkflowV102`…`V109`). The select prompt
 * and the material's map list a group by its best-ranked members and name the rest in one line
 * (select-fold.ts, material/map-fold.ts); a member the question's words pick out keeps its line.
 */
import type { IndexReader } from "../index/reader.js";
import type { DefRow } from "../index/types.js";
import { FAMILY_SIZE, familiesOf, implementationsOf } from "./families.js";
import { stemsMeet, wordStems } from "./match.js";
import { newerVersion, versionOf } from "./versions.js";
import { stem } from "./vocabulary.js";

export type LookalikeIndex = Pick<IndexReader, "edgesTo" | "edgesFrom" | "defById">;

export interface Lookalike {
	/** Equal for the members of one group. */
	key: string;
	kind: "family" | "version";
	/** How a folded member is named: its class (`FcmPushProvider`), or its version (`V103`, `v1.0.8`). */
	tag: string;
	/** The stems of the member's own words: its class or name, and its path. */
	own: readonly string[];
	/** The own stems of each member of its family, or the stems every version shares. */
	shared: readonly (readonly string[])[];
}

/** Members of a family listed in full (with the interface member); the rest go by name. */
export const FAMILY_KEEP = 2;
/** Versions listed in full; the others go by their version. */
export const VERSION_KEEP = 1;

/** The members of `kind` a listing keeps in full. */
export const keepOf = (kind: Lookalike["kind"]) => (kind === "family" ? FAMILY_KEEP : VERSION_KEEP);

/** A definition's class (the qualified name less its member), or its name. */
const ownerOf = (d: DefRow) =>
	d.qualifiedName.includes(".") ? d.qualifiedName.slice(0, d.qualifiedName.lastIndexOf(".")) : d.name;
const ownWords = (d: DefRow) => wordStems(`${ownerOf(d)} ${d.file ?? ""}`);

/** The lookalike group of a definition, memoised per definition and per family; null for none. */
export function lookalikes(index: LookalikeIndex): (def: DefRow) => Lookalike | null {
	const byDef = new Map<number, Lookalike | null>();
	const byFamily = new Map<number, (readonly string[])[]>();
	const familyOf = (contract: number) => {
		let shared = byFamily.get(contract);
		if (!shared) {
			const def = index.defById(contract);
			shared = def ? implementationsOf(index, def).map(ownWords) : [];
			byFamily.set(contract, shared);
		}
		return shared;
	};
	const find = (def: DefRow): Lookalike | null => {
		if (!def.file) return null;
		const [contract] = familiesOf(index, def, FAMILY_SIZE);
		if (contract !== undefined)
			return {
				key: `family:${contract}`,
				kind: "family",
				tag: ownerOf(def),
				own: ownWords(def),
				shared: familyOf(contract),
			};
		const v = versionOf(def);
		if (!v) return null;
		return {
			key: `version:${v.key}`,
			kind: "version",
			tag: v.tag,
			own: wordStems(`${def.qualifiedName} ${def.file}`),
			shared: [wordStems(v.key)],
		};
	};
	return (def) => {
		if (!byDef.has(def.id)) byDef.set(def.id, find(def));
		return byDef.get(def.id) ?? null;
	};
}

/**
 * Does one of the question's `words` pick this member out of its group: it meets a stem of the
 * member's own words by the ranking's rule (match.ts `stemsMeet`), and those of at most half of its
 * group's members (a family's `push` providers for a push question; not `provider`, which every
 * member's path holds)? Short words meet too many names; a letter-digit token (`v2`, `s3`) is
 * distinctive at any length. Matching exact stems only folded a member Novu's email-provider
 * question needed (offline key lines 0.791 -> 0.781).
 */
export function standsOut(look: Lookalike, words: readonly string[]): boolean {
	const meets = (stems: readonly string[], w: string) => stems.some((s) => stemsMeet(s, w));
	return words
		.flatMap((w) => [w, stem(w)])
		.some(
			(w) =>
				(w.length >= 4 || (w.length >= 2 && /\d/.test(w))) &&
				meets(look.own, w) &&
				look.shared.filter((s) => meets(s, w)).length * 2 <= look.shared.length,
		);
}

/**
 * How the members folded into a line are named: `and N more implementations of send: A, B, …` (the
 * member they implement: one class may be in several families), `(also V103, V104)`.
 */
export function foldNote(
	kind: Lookalike["kind"],
	tags: readonly string[],
	member: string,
	shown = NOTE_TAGS,
): string {
	const names = [...new Set(tags)];
	// Versions newest first: the order a reader looks for the one in use.
	if (kind === "version") names.sort((x, y) => Number(newerVersion(y, x)) - Number(newerVersion(x, y)));
	const list = `${names.slice(0, shown).join(", ")}${names.length > shown ? ", …" : ""}`;
	const n = tags.length;
	return kind === "family"
		? `and ${n} more implementation${n === 1 ? "" : "s"} of ${member}: ${list}`
		: `(also ${list})`;
}
/** Names a fold note shows at most: the note is a pointer, not the family's listing. */
const NOTE_TAGS = 8;
