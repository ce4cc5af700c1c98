/** A hop taken on a side branch or at a fork, said in the code's own condition. */

import type { Branch } from "../branch.js";
import { FORK_SPAN, type Fork } from "../fork.js";
import { code } from "../markdown.js";
import type { Hop } from "../path/types.js";
import { CONDITION_CHARS, clip, type Label } from "./words.js";

/**
 * The other way of the fork a hop is taken on, in the code's condition: "only when `c` (otherwise it
 * calls `y`)", or "(if `c`, it calls `y` instead)" for a call that runs when `c` does not hold.
 */
export function forkWords(fork: Fork, label: Label): string {
	const condition = code(clip(fork.condition, CONDITION_CHARS));
	const other = label(fork.other);
	return fork.hopWhen === "then"
		? `only when ${condition} (otherwise it calls ${other})`
		: `(if ${condition}, it calls ${other} instead)`;
}

/** Is a fork's other way near enough its hop for one citation to hold both? */
export function nearFork(hop: Hop, fork: Fork): boolean {
	const end = hop.endLine ?? hop.line ?? fork.line;
	return Math.max(end, fork.line) - Math.min(hop.line ?? fork.line, fork.line) <= FORK_SPAN;
}

/** What a hop on a side branch is said to depend on (a path step's hop: where the flow goes on is not the point). */
export function sideWords(b: Branch | null): string {
	if (!b) return "";
	return b.kind === "catch"
		? "when it catches an error"
		: `only when ${code(clip(b.condition, CONDITION_CHARS))}`;
}
