/**
 * The short offline answer (the default): one chat message, at most `SHORT_ANSWER_CHARS` with its
 * sources list. "In short" tells the path in the order the code runs (at most 5 sentences); "The
 * path" lists its steps, each with its citation and the one line of code that makes the hop,
 * quoted from the index's stored file text; "Where to look" names the next best places. Every
 * citation is the narrowest range that holds what its sentence names: the hop line for a hop,
 * the definition's head for a place. Bold labels, no headings: it renders in Rocket.Chat as is.
 */
import type { DefRow } from "../../index/types.js";
import type { DraftAnswer } from "../citation-book.js";
import type { ConceptVector } from "../concept-vector.js";
import type { FolderIndex } from "../folder-places.js";
import { findPaths } from "../path/find.js";
import type { PathIndex, PathStep } from "../path/types.js";
import type { CitationRanking } from "../rank.js";
import type { ReadItem } from "../read.js";
import { compose, type Opening, PATH_STEPS, type Told } from "./compose.js";
import { closeFlows } from "./flows.js";
import type { ShortAnswerOptions } from "./places.js";
import { plainerTwinsFirst } from "./plainer-twin.js";
import { QUOTE_CHARS, SHORT_QUOTE_CHARS } from "./words.js";

const DEFAULT_SHORT_OPTIONS: ShortAnswerOptions = { contractBesideImplementation: true };

/** What the short answer's path search found: its path's steps and the places beside it. */
export type AnswerPaths = ReturnType<typeof findPaths>;

/**
 * The short answer's path search over the citation ranking (a file told through its plainer twin
 * first): run once per question, read by the short answer and by the material's join lines.
 */
export function answerPaths(
	index: PathIndex & FolderIndex,
	cited: CitationRanking,
	concepts?: ConceptVector,
): AnswerPaths {
	const ranking = concepts ? { ...cited, order: plainerTwinsFirst(cited.order, concepts) } : cited;
	return findPaths(index, ranking.order, { maxSteps: PATH_STEPS }, concepts);
}

/**
 * The definitions of the path the short answer tells (its steps, in order): the material's join
 * lines lead with the lines joining them (material/map-join-lines.ts).
 */
export function answerPathDefs(found: AnswerPaths): DefRow[] {
	return found.steps.map((s) => s.def);
}

export function shortAnswer(
	index: PathIndex & FolderIndex,
	question: string,
	read: readonly ReadItem[],
	cited: CitationRanking,
	concepts?: ConceptVector,
	options: ShortAnswerOptions = DEFAULT_SHORT_OPTIONS,
	searched?: AnswerPaths,
): DraftAnswer {
	// A file is told through the definition the question names most plainly (plainer-twin.ts).
	const ranking = concepts ? { ...cited, order: plainerTwinsFirst(cited.order, concepts) } : cited;
	// The search the material's join lines already ran for this ranking, when given.
	const found = searched ?? findPaths(index, ranking.order, { maxSteps: PATH_STEPS }, concepts);
	const flows = concepts ? closeFlows(index, found) : { path: found.steps, other: [] };
	// The opening line, naming the key the path fires, then the other flow, must not push a line out
	// of the message: each is left out in turn if it would.
	// (Naming what the path's last step calls goes before the opening line; shorter code quotes and
	// no closing line go before it too: the first line says what was found and how sure it is.)
	const tries: [readonly PathStep[], boolean, Opening, Told["onward"], number, boolean][] = [
		[flows.other, true, "full", "named", QUOTE_CHARS, true],
		[flows.other, true, "full", "named", QUOTE_CHARS, false],
		[flows.other, true, "full", "counted", QUOTE_CHARS, true],
		[flows.other, true, "brief", "counted", QUOTE_CHARS, true],
		[flows.other, true, "brief", "counted", SHORT_QUOTE_CHARS, false],
		[flows.other, true, "none", "counted", QUOTE_CHARS, true],
		[flows.other, false, "none", "counted", QUOTE_CHARS, true],
		[[], false, "none", "counted", QUOTE_CHARS, true],
	];
	const tell = ([other, fire, opening, onward, quote, footer]: (typeof tries)[number]) =>
		compose(index, question, read, ranking, found.steps, flows.path, other, options, {
			concepts,
			fire,
			opening,
			onward,
			quote,
			footer,
		});
	let last: DraftAnswer | null = null;
	for (const t of tries) {
		const told = tell(t);
		if (told.complete) return told.answer;
		last = told.answer;
	}
	// Lines had to go in every try (the places fill the message): the first line is still told when it
	// costs no citation the message would keep without it (a code quote is shortened, the closing
	// line left out first).
	const kept = citedRanges(last as DraftAnswer);
	const withOpening: (typeof tries)[number][] = [
		[[], false, "full", "counted", QUOTE_CHARS, true],
		[[], false, "brief", "counted", SHORT_QUOTE_CHARS, false],
	];
	for (const t of withOpening) {
		const { answer } = tell(t);
		if (citedRanges(answer) === kept) return answer;
	}
	return last as DraftAnswer;
}

/** The ranges an answer cites, in the order it cites them. */
function citedRanges(answer: DraftAnswer): string {
	const byMarker = new Map(answer.drafts.map((d) => [d.n, `${d.file}:${d.startLine}-${d.endLine}`]));
	const seen = new Set<string>();
	for (const m of answer.body.matchAll(/\[(\d+)\]/g)) {
		const range = byMarker.get(Number(m[1]));
		if (range) seen.add(range);
	}
	return [...seen].join("\n");
}
