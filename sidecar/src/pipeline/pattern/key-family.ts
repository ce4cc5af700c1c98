/**
 * The family of string keys a pattern question's noun names: the trunk whose keys are its Xs ("endpoint",
 * "hook", "job"), with its register and dispatch sites (pattern/keys.ts tells it).
 */
import type { IndexReader } from "../../index/reader.js";
import type { DispatchSiteRow } from "../../index/types.js";
import { isAuxiliaryPath } from "../auxiliary-code.js";
import { namesKeyFamily, trunkNoun } from "../markdown.js";
import { conceptMatch, wordStems } from "../match.js";
import type { Concept } from "../query.js";

export type KeyFamilyIndex = Pick<
	IndexReader,
	| "trunkNames"
	| "dispatchSites"
	| "def"
	| "defById"
	| "edgesFrom"
	| "edgesTo"
	| "fileLines"
	| "defsByQualifiedName"
>;

export interface KeyFamily {
	kind: "keys";
	/** The noun asked for ("REST API endpoint"). */
	subject: string;
	trunk: string;
	/** What the trunk's keys are ("endpoint"). */
	noun: string;
	/** Its register sites with a key, outside tests. */
	registers: DispatchSiteRow[];
	dispatches: DispatchSiteRow[];
}

/** Register sites a trunk needs to be a family. */
const MIN_SITES = 3;

/**
 * The trunk whose keys the subject's head noun names: the noun its name gives its keys
 * ("endpoint", "hook", "job") or the last word of its name (`rest`, `method`); a further word of
 * the subject matching the name ("REST" of "REST API endpoint") and more sites decide between two.
 */
export function findKeyFamily(
	index: KeyFamilyIndex,
	subject: string,
	concepts: readonly Concept[],
	accept: (family: KeyFamily) => boolean = () => true,
): KeyFamily | null {
	const head = concepts.at(-1);
	if (!head) return null;
	let best: { family: KeyFamily; score: number } | null = null;
	for (const trunk of index.trunkNames()) {
		const noun = trunkNoun(trunk);
		const words = trunk
			.toLowerCase()
			.split(/[^a-z0-9]+/)
			.filter(Boolean);
		const headWords = wordStems([noun?.split(" ").at(-1) ?? "", words.at(-1) ?? ""].join(" "));
		if (conceptMatch(head, headWords) < 1 && !namesKeyFamily(head.word, trunk)) continue;
		const nameStems = wordStems(`${words.join(" ")} ${noun ?? ""}`);
		const others = concepts.filter((c) => c !== head && conceptMatch(c, nameStems) >= 1).length;
		const sites = index.dispatchSites(trunk).filter((s) => s.key !== null && !isAuxiliaryPath(s.file));
		const registers = sites.filter((s) => s.side === "register");
		if (registers.length < MIN_SITES) continue;
		const score = (1 + others) * Math.log2(1 + registers.length);
		if (best && score <= best.score) continue;
		const family: KeyFamily = {
			kind: "keys",
			subject,
			trunk,
			noun: noun ?? `${trunk} key`,
			registers,
			dispatches: sites.filter((s) => s.side === "dispatch"),
		};
		if (accept(family)) best = { family, score };
	}
	return best?.family ?? null;
}
