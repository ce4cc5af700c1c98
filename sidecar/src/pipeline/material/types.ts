/**
 * The material given to the answer stage: an ordered list of sources, each one line range of one
 * definition (whole, or a slice of a long one), or of one module-level block, labelled with what
 * it really holds and why it is there. Both answer modes read it: the LLM's prompt numbers the
 * sources in this order; the offline answer cites the definitions they hold.
 */
import type { ReadItem } from "../read.js";

/**
 * Why a source is in the material:
 * - `pick`: a node the LLM's select stage asked to read first;
 * - `seed`: a chain's starting definition;
 * - `chain`: a step along a chain (a hop from a seed);
 * - `key-hop`: the far end of a dispatch key a chosen definition dispatches (its handler) or
 *   registers (the dispatcher);
 * - `callee`: the body of a call hop on the chain out of a definition read (the next step of the
 *   path, often in another file), read right after its caller;
 * - `caller`: a few lines around the call of a seed (or pick) in its caller, when it has few: who
 *   starts the flow (a UI handler, a command, a route), not the caller's whole body;
 * - `wrapper`: the function a definition is wrapped in where it is defined
 *   (`export const f = withCheck(async () => …)`): its lines decide whether the body runs at all;
 * - `module`: a module-level block (top-level register call, startup block, config from the
 *   environment, header comment) of a file the material reads;
 * - `neighbour`: a direct caller or callee, or a chain step, that did not fit: its signature line only.
 */
export type SourceRole =
	| "pick"
	| "seed"
	| "chain"
	| "key-hop"
	| "callee"
	| "wrapper"
	| "caller"
	| "module"
	| "neighbour";

/** What part of its definition a source holds. */
export type SourceUnit = "whole" | "slice" | "signature" | "block";

export interface MaterialSource extends ReadItem {
	role: SourceRole;
	unit: SourceUnit;
	/** What the range holds, e.g. `sendMessage`, `sendMessage (lines 120-131 of 80-410)`, `module-level: callbacks.add(…)`. */
	label: string;
	/**
	 * A map line of a definition other than its declaration (a call, a key hop or a deciding `if`
	 * in its body, the module-level call registering it): the answer prompt numbers it as its own
	 * line, so several lines of one definition do not all read `[n]` with the number of its first.
	 */
	statement?: true;
}

/** Every reference, dispatch site and literal use of the thing an impact question asks about. */
export interface ImpactListing {
	/** The name looked for (a definition's or a key's). */
	target: string;
	/** Sites in all (each a file and line), and the files holding them. */
	sites: number;
	files: number;
	testSites: number;
	byPackage: { packageName: string; sites: number; files: number; testSites: number }[];
	/** The text given to the answer stage: counts per package, then one line per site (bounded). */
	text: string;
	tokens: number;
	/** Sites listed in `text` (all of them unless the listing was bounded). */
	listed: { file: string; line: number; kind: string }[];
	/** Every site counted (file, then line order): what the offline impact answer groups and counts. */
	all: { file: string; line: number; kind: string }[];
	/** False when test files the index leaves out could not all be read: the test counts are a floor. */
	testsComplete: boolean;
	/**
	 * False when no file was searched for the name as text (a name shorter than the literal channel's
	 * minimum, `url`): test files the index leaves out were then not read at all, and nothing can be
	 * said of them.
	 */
	testsSearched: boolean;
}

export interface Material {
	sources: MaterialSource[];
	impact: ImpactListing | null;
	/** Estimated tokens of everything in the material (sources and impact listing). */
	tokens: number;
	/** The budget it was assembled for. */
	budget: number;
}
