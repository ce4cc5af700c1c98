/** "The flow, step by step": one numbered line per step. */
import { firstSentence } from "../../index/doc-comment.js";
import type { DefRow } from "../../index/types.js";
import { code, keyWords, sentence } from "../markdown.js";
import type { MountHop, PathStep } from "../path/types.js";
import {
	aside,
	type Callee,
	clip,
	DOC_CHARS,
	type Doc,
	dispatchedWith,
	type Label,
	QUOTE_CHARS,
	verbOf,
} from "./words.js";

/** One step: what it does next, its citation, and the line of code that makes the hop. */
export function stepLine(
	label: Label,
	callee: Callee,
	step: PathStep,
	next: DefRow | null,
	marker: string,
	keyedNext: string | null,
	quoteChars = QUOTE_CHARS,
	docOf: Doc = (def) => def.description,
	side = "",
): string {
	const name = label(step.def);
	const hop = step.hop;
	if (!hop || !next) {
		const doc = sentence(firstSentence(docOf(step.def), DOC_CHARS), DOC_CHARS);
		return `${[name, marker].filter(Boolean).join(" ")}${doc ? ` — ${doc}` : ""}`;
	}
	const quoted = hop.text && hop.named ? `: ${code(clip(hop.text, quoteChars))}` : "";
	// A handler named by its key: the marker after the key its hop line holds. What handles it is the
	// next step's line ("The `k` callback passed to `Meteor.methods` calls …"), not said twice.
	if (hop.kind === "dispatch" && hop.key && keyedNext) {
		const sent = `${keyWords(hop.key).sent}${dispatchedWith(hop)}`;
		const words = hop.named ? [name, sent, marker] : [name, marker, sent];
		return `${words.filter(Boolean).join(" ")}${aside(side)}${quoted}`;
	}
	const target =
		hop.kind === "dispatch" && hop.key
			? `${keyWords(hop.key).sent}${dispatchedWith(hop)} → ${label(next)}`
			: callee(step, next);
	const verb = hop.kind === "dispatch" && hop.key ? "" : verbOf(step);
	// The marker goes after the name the cited line holds (the callee or key), else after the step's own name.
	const words = hop.named ? [name, verb, target, marker] : [name, marker, verb, target];
	return `${words.filter(Boolean).join(" ")}${aside(side)}${quoted}`;
}

/**
 * A request's mount hop, between its step and the route handler: the line mounting the handler's router
 * under the path the request joined on, named by its callee (the name its citation is checked against).
 */
export function mountStepLine(
	label: Label,
	mount: MountHop,
	next: DefRow,
	marker: string,
	quoteChars = QUOTE_CHARS,
): string {
	const where = mount.def.kind === "module" ? code(mount.file) : `${label(mount.def)} in ${code(mount.file)}`;
	const words = [
		`${where} mounts the router of ${label(next)} at ${code(mount.path)} with ${code(mount.named)}`,
		marker,
	];
	return `${words.filter(Boolean).join(" ")}: ${code(clip(mount.text, quoteChars))}`;
}
