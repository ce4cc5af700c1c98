/** A pattern answer fitted to one chat message: rendered with fewer further items until it and its sources fit. */
import { CitationBook, type DraftAnswer } from "../citation-book.js";
import { type LabelIndex, Labels } from "../labels.js";
import { messageSize } from "../message-size.js";
import { SHORT_ANSWER_CHARS } from "../short/fit.js";

/** Room kept for what verification and the sources heading add. */
const MARGIN = 40;

/** An answer rendered with `most` further items at most (fitted). */
export type Fit = (
	most: number,
	render: (book: CitationBook, items: number) => string[],
) => DraftAnswer | null;

/** The note after the question's line (`**Question:** …` and a blank line open every answer). */
export function noted(lines: string[], note: string | null): string[] {
	return note && lines.length > 0 ? [...lines.slice(0, 2), note, "", ...lines.slice(2)] : lines;
}

/**
 * The answer rendered with `most` further items (examples, files, packages), fewer while it and its
 * sources do not fit one chat message; null when there is nothing to tell.
 */
export function fitted(
	index: LabelIndex,
	most: number,
	render: (book: CitationBook, items: number) => string[],
): DraftAnswer | null {
	const labels = new Labels(index);
	for (let items = most; ; items--) {
		const book = new CitationBook(Number.MAX_SAFE_INTEGER, labels);
		const lines = render(book, items);
		if (lines.length === 0) return null;
		if (items <= 0 || messageSize(lines, book, (t) => labels.apply(t)) <= SHORT_ANSWER_CHARS - MARGIN)
			return { body: lines.join("\n").trimEnd(), drafts: book.drafts, labels };
	}
}
