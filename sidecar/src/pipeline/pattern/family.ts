/**
 * What a pattern question's noun names in the code: a family of string keys (a trunk), of workspace
 * packages, of classes or of instances; a usage question's family of classes; or, when no family carries
 * the noun's qualifiers, the family its head alone (or its qualifiers alone) names, as unmet.
 */
import type { IndexReader } from "../../index/reader.js";
import type { DefRow } from "../../index/types.js";
import { analyzeQuestion } from "../query.js";
import { type ClassFamily, familyMembers, findFamily } from "./class-family.js";
import { headIsRole, headlessFamily } from "./headless.js";
import { findInstanceFamily, type InstanceFamily } from "./instances.js";
import { findKeyFamily, type KeyFamily } from "./key-family.js";
import { carriedCount, definitionTexts, type FamilyTexts, qualifiersOf } from "./qualifier.js";
import { patternQuestion } from "./question.js";
import { findUse, type UseFamily, useSubject } from "./use.js";
import { findWorkspaceFamily, type WorkspaceFamily } from "./workspace.js";

export type PatternIndex = Pick<
	IndexReader,
	| "familyBases"
	| "instanceBases"
	| "typesNamedCount"
	| "edgesTo"
	| "edgesFrom"
	| "defById"
	| "fileLines"
	| "defsInFile"
	| "defAt"
	| "def"
	| "packages"
	| "trunkNames"
	| "dispatchSites"
	| "packageSizes"
	| "file"
	| "defsByQualifiedName"
>;

/** What a pattern question's noun names in the code: a family of classes, or of string keys. */
export type PatternFamily = ClassFamily | KeyFamily | WorkspaceFamily | UseFamily | InstanceFamily;

/**
 * A noun whose qualifiers no family carries ("OAuth service" where the only services are the core
 * ones): the answer tells the family its head alone names, and says first that no family carries
 * them (unmetNote).
 */
export interface UnmetFamily {
	kind: "unmet";
	subject: string;
	/** The qualifiers as written ("OAuth"). */
	missing: string[];
	/**
	 * The family told: the one the head noun alone names ("head"), or, when one carries every
	 * qualifier though none of its names holds the head, that one ("qualifiers": `OAuthLogin` for "OAuth service").
	 */
	closest: PatternFamily;
	namedBy: "head" | "qualifiers";
}

/**
 * The family a pattern question's noun names in the code, or null (then the flow answer stands). The
 * head noun finds it; its qualifiers decide between families sharing the head (pattern/qualifier.ts):
 * a family carrying them all before the head's first, else one carrying some when the head's carries
 * none; when none carries any, a family carrying them all without the head (pattern/headless.ts),
 * else the head's family, comes back as unmet (which words name it is said first in the answer).
 */
export function patternFamily(index: PatternIndex, question: string): PatternFamily | UnmetFamily | null {
	const asked = patternQuestion(question);
	if (!asked) return usageFamily(index, question);
	const { subject } = asked;
	// A noun that names what the code registers by key ("endpoint", "hook") is registered so; else a class family.
	const concepts = analyzeQuestion(subject).concepts;
	if (asked.passive) return findKeyFamily(index, subject, concepts);
	const first = (accept?: (f: PatternFamily) => boolean) =>
		findKeyFamily(index, subject, concepts, accept) ??
		(accept ? null : findWorkspaceFamily(index, subject, concepts)) ??
		findFamily(index, subject, concepts, accept) ??
		findInstanceFamily(index, subject, concepts, accept);
	const found = first();
	// The noun's qualifiers ("OAuth" of "OAuth service") decide between families sharing its head.
	const qualifiers = qualifiersOf(subject, concepts);
	if (qualifiers.length === 0 || found?.kind === "workspace") return found;
	const carried = (f: PatternFamily) => carriedCount(familyTexts(f), qualifiers);
	const had = found ? carried(found) : 0;
	if (had === qualifiers.length) return found;
	const better =
		first((f) => carried(f) === qualifiers.length) ?? (had === 0 ? first((f) => carried(f) > 0) : null);
	if (better) return better;
	// None carrying them names the head: one carrying them all may still be what the noun means
	// (`new OAuthLogin(…)` constants for "OAuth service"; pattern/headless.ts). Only beside a
	// family of the head: without one, the noun names no convention here and the flow answer stands.
	const head = subject.split(/\s+/).at(-1) ?? subject;
	const headConcept = concepts.at(-1);
	const roleHead =
		found && had === 0 && headConcept && headIsRole(index, head, headConcept, familyDefinitions(found));
	const headless = roleHead
		? headlessFamily(index, subject, qualifiers, (b) => familyMembers(index, b))
		: null;
	const missing = qualifiers.map((q) => q.word);
	// Told after a note all the same: the head may be what the noun means ("store searcher": a searcher, not a store).
	if (headless) return { kind: "unmet", subject, missing, closest: headless, namedBy: "qualifiers" };
	if (!found || had > 0) return found;
	// The head's family is told as one of the head alone ("a new provider", not "a new payment provider").
	return {
		kind: "unmet",
		subject,
		missing,
		closest: { ...found, subject: head },
		namedBy: "head",
	};
}

/** A family's own definitions: its base and members (none for a key family, whose members are keys). */
function familyDefinitions(family: PatternFamily): DefRow[] {
	return family.kind === "class" || family.kind === "instances" ? [family.base, ...family.members] : [];
}

/** The names and files a family is known by, for its qualifiers. */
function familyTexts(family: PatternFamily): FamilyTexts {
	switch (family.kind) {
		case "keys":
			return {
				own: [family.trunk, family.noun],
				members: family.registers.map((r) => `${r.key ?? ""} ${r.file}`),
			};
		case "class":
		case "instances":
			return definitionTexts(family.base, family.members);
		default:
			return { own: [], members: [] };
	}
}

/**
 * "How do you use a database model to query data?": how code reaches and calls a member of the class
 * family the noun names (pattern/use.ts); the question's other words pick the member and call.
 */
function usageFamily(index: PatternIndex, question: string): UseFamily | null {
	const subject = useSubject(question);
	if (!subject) return null;
	const family = findFamily(index, subject, analyzeQuestion(subject).concepts);
	if (!family) return null;
	// The noun's other words ("Rooms" of "Rooms model") may name a member; its head names them all.
	const head = analyzeQuestion(subject).concepts.at(-1);
	const others = analyzeQuestion(question).concepts.filter((c) => c.word !== head?.word);
	return findUse(index, family, others);
}
