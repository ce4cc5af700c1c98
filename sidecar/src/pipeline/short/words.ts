/** How the short answer names what it tells: the namers it passes around and the small phrasings its parts share. */
import { keyLiteral } from "../../bus-key.js";
import type { DefRow } from "../../index/types.js";
import { code, keyWords } from "../markdown.js";
import type { Hop, PathStep } from "../path/types.js";
import { lastSegment } from "../verify.js";

/** How a definition is named to the reader (labels.ts). */
export type Label = (def: DefRow) => string;
/** A definition's doc comment as evidence of what it does: none for an empty function. */
export type Doc = (def: DefRow) => string | null;

/**
 * The next step named after a step's verb: its label, with "again" when the step is written inside
 * it (a listener defined in `loadInitialScene` that calls `loadInitialScene`): a re-entry, not a loop.
 */
export type Callee = (step: PathStep, next: DefRow) => string;
/**
 * The step after a dispatch as the key's handler, when its label would name the key the sentence
 * has just named ("the endpoint's `get` handler"); null otherwise.
 */
export type Keyed = (step: PathStep | undefined, next: PathStep | undefined) => string | null;

/** Characters of a quoted code line and of a doc sentence. */
export const QUOTE_CHARS = 110;
/** A quoted code line when the message is short of room for its first line. */
export const SHORT_QUOTE_CHARS = 60;
export const DOC_CHARS = 90;

/** Condition characters quoted for a side branch. */
export const CONDITION_CHARS = 60;

export function verbOf(step: PathStep): string {
	const hop = step.hop;
	if (!hop) return "";
	if (hop.kind === "dispatch" && hop.key) return `${keyWords(hop.key).sent}, handled by`;
	if (hop.kind === "implementation") return "is implemented by";
	if (hop.kind === "register") return "is run by";
	if (hop.kind === "new") return "creates";
	if (hop.kind === "jsx") return "renders";
	return "calls";
}

/**
 * " with `publish`" for a dispatch cited at the call that makes it rather than at its key (the key on
 * the next line, or given when its registry was made): the sentence names what the cited line holds.
 */
export function dispatchedWith(hop: Hop): string {
	if (
		!hop.named ||
		!hop.key ||
		hop.named === keyLiteral(hop.key.name) ||
		hop.named === lastSegment(hop.key.qualifiedName)
	)
		return "";
	return ` with ${code(hop.named)}`;
}

/** A hop made on a side branch, said after it: ", only when `cond`"; a fork's other way in parentheses. */
export function aside(side: string | undefined): string {
	if (!side) return "";
	return side.startsWith("(") ? ` ${side}` : `, ${side}`;
}

export function clip(text: string, max: number): string {
	return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}
