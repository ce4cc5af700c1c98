/** The short answer's "In short": the path told in order, and where the answer leaves it. */
import { firstSentence } from "../../index/doc-comment.js";
import type { ConceptVector } from "../concept-vector.js";
import { code, keyWords, listWords, sentence } from "../markdown.js";
import type { PathStep } from "../path/types.js";
import { type Match, unsure } from "./match.js";
import type { Onward } from "./onward.js";
import { aside, type Callee, type Doc, dispatchedWith, type Keyed, type Label, verbOf } from "./words.js";

/** Sentences of "In short" at most. */
export const IN_SHORT_SENTENCES = 5;

/** Hops told per "In short" sentence. */
const HOPS_PER_SENTENCE = 2;

/**
 * Concepts of the question the doc comment of the path's end must name to be quoted as its end
 * (fewer when the question has fewer): on the dev sets the docs naming one are helpers the path
 * ends in (email validation, an error object), those naming two say what the flow does.
 */
const QUESTION_CONCEPTS_NAMED = 2;

/** Does a doc sentence name at least two of the question's concepts (or its one)? */
export function namesOfQuestion(concepts: ConceptVector, doc: string): boolean {
	const shares = concepts.text(doc);
	return shares.filter((x) => x > 0).length >= Math.min(QUESTION_CONCEPTS_NAMED, shares.length);
}

/**
 * "In short": the path told in order, two hops per sentence, each hop's marker right after the
 * name its cited line holds. A path of one definition says where the best match is.
 */
export function inShortSentences(
	label: Label,
	keyed: Keyed,
	callee: Callee,
	path: readonly PathStep[],
	markers: readonly string[],
	lastImpl = "",
	max = IN_SHORT_SENTENCES,
	speaks: (doc: string) => boolean = () => true,
	onward: Onward | null = null,
	docOf: Doc = (def) => def.description,
	weak: Match | null = null,
	sides: readonly string[] = [],
): string[] {
	const first = path[0] as PathStep;
	const where = first.def.file ? ` (${code(first.def.file)})` : "";
	if (path.length === 1) {
		const doc = sentence(firstSentence(docOf(first.def), 160), 160);
		const lead = weak ? "The closest match found is" : "The best match is";
		const hedge = weak ? `; it is ${unsure(weak)}` : "";
		return [
			`${lead} ${label(first.def)}${where} ${markers[0] ?? ""}${lastImpl ? `, ${lastImpl}` : ""}${hedge}.`
				.replace(/ \./, ".")
				.replace(/ ,/, ",")
				.replace(/ ;/, ";"),
			...(doc ? [doc] : []),
		];
	}
	// A step after a key is named by what it is to the key when its label would name the key again.
	const name = (i: number) => keyed(path[i - 1], path[i]) ?? label((path[i] as PathStep).def);
	const clauses: string[] = [];
	for (let i = 0; i < path.length - 1; i++) {
		const s = path[i] as PathStep;
		const next = path[i + 1] as PathStep;
		const marker = markers[i] ?? "";
		const hop = s.hop;
		// The marker follows the name its cited range holds: the key or callee on a hop line, else the step itself.
		if (hop?.kind === "dispatch" && hop.key) {
			const keyMarker = hop.named ? marker : "";
			const self = `${name(i)}${i === 0 ? where : ""}${hop.named ? "" : ` ${marker}`}`;
			const subject = i === 0 ? `it starts in ${self}, which` : self;
			// A handler named by its key is the next clause's subject ("then the endpoint's `get` handler
			// calls …"), or where the path ends.
			const handler = keyed(s, next) ? "" : `, handled by ${label(next.def)}`;
			clauses.push(
				`${subject} ${keyWords(hop.key).sent}${dispatchedWith(hop)} ${keyMarker}${aside(sides[i])}${handler}`,
			);
		} else if (hop?.named) {
			const subject = i === 0 ? `it starts in ${label(s.def)}${where}, which` : name(i);
			clauses.push(`${subject} ${verbOf(s)} ${callee(s, next.def)} ${marker}${aside(sides[i])}`);
		} else {
			const self = i === 0 ? `${label(s.def)}${where} ${marker}, which` : `${name(i)} ${marker}`;
			clauses.push(
				`${i === 0 ? `It starts in ${self}` : self} ${verbOf(s)} ${callee(s, next.def)}${aside(sides[i])}`,
			);
		}
	}
	const last = path.at(-1) as PathStep;
	// The end's doc comment is quoted when it speaks of the question: a helper the path happens to
	// end in ("Checks to see if the email is valid") is no conclusion to the answer.
	const endDoc = sentence(firstSentence(docOf(last.def), 120), 120);
	const lastDoc = endDoc && speaks(endDoc) ? endDoc : "";
	const sentences: string[] = [];
	for (let i = 0; i < clauses.length; i += HOPS_PER_SENTENCE) {
		const group = clauses.slice(i, i + HOPS_PER_SENTENCE);
		const text = group.join("; then ").replace(/ +/g, " ").replace(/ ,/g, ",");
		sentences.push(`${text.charAt(0).toUpperCase()}${text.slice(1)}.`);
	}
	const lastMarker = markers.at(-1) ?? "";
	const end = name(path.length - 1);
	sentences.push(endSentence(end, lastMarker, lastImpl, lastDoc, onward));
	// At most five sentences: the last one (where the path ends) stays.
	if (sentences.length > max) {
		return [...sentences.slice(0, max - 1), sentences.at(-1) as string];
	}
	return sentences;
}

/**
 * Where "In short" leaves the flow, said so that a reader can tell the code's end from the answer's:
 * a last step that calls no other code of the repository is said to (a fact of the step, not a claim that
 * the feature ends there: readers took "the chain ends" so); one that does is where the answer stopped
 * following it, said without the ranking's words ("matches the question less" read as jargon). The
 * end's doc comment is quoted as its comment, not as the answer's conclusion.
 */
function endSentence(
	end: string,
	marker: string,
	lastImpl: string,
	doc: string,
	onward: Onward | null,
): string {
	const quoted = doc ? ` (“${doc.replace(/\.$/, "")}”)` : "";
	// An end named but not cited (a shared helper, short/shared-end.ts) has no marker after its name.
	const named = marker ? `${end} ${marker}` : end;
	if (lastImpl) return `It is followed as far as ${named}, ${lastImpl}.`;
	if (!onward || onward.names.length + onward.more === 0) {
		const after = onward?.after
			? `; after it, ${onward.after.caller} goes on to call ${listWords(onward.after.names)}`
			: "";
		if (onward?.declared)
			return `It is followed as far as ${named}${quoted}, declared in an interface${after}.`;
		return `Its last step, ${named}${quoted}, calls no other code in this repository${after}.`;
	}
	const past = `This answer follows it as far as ${named}${quoted}; its`;
	const count = onward.names.length + onward.more;
	if (onward.names.length === 0) return `${past} ${count} calls are not followed here.`;
	const calls = listWords([...onward.names, ...(onward.more > 0 ? [`${onward.more} more`] : [])]);
	return count === 1
		? `${past} call (${calls}) is not followed here.`
		: `${past} calls (${calls}) are not followed here.`;
}
