/** The short answer kept within one chat message, its sources list included. */
import type { CitationBook, DraftAnswer } from "../citation-book.js";
import type { Labels } from "../labels.js";

/** One Rocket.Chat message, sources included. */
export const SHORT_ANSWER_CHARS = 4000;

/**
 * Keep the message within SHORT_ANSWER_CHARS with its sources list (rendered after verification,
 * estimated here from the drafts): "Where to look" entries go first, then the path's last steps.
 */
export function fit(lines: string[], book: CitationBook, labels: Labels): DraftAnswer {
	const sourcesChars = (body: string) =>
		book.drafts
			.filter((d) => body.includes(`[${d.n}]`))
			.reduce(
				(n, d) => n + `[${d.n}] ${d.file}:${d.startLine}-${d.endLine} — ${book.sourceName(d)}\n`.length,
				12,
			);
	const size = (ls: readonly string[]) => {
		const body = ls.join("\n");
		return labels.apply(body).length + sourcesChars(body) + 2;
	};
	const kept = [...lines];
	const droppable = (l: string) => l.startsWith("- ") || /^\d+\. /.test(l);
	while (size(kept) > SHORT_ANSWER_CHARS) {
		let i = -1;
		for (let j = kept.length - 1; j >= 0; j--)
			if (droppable(kept[j] as string)) {
				i = j;
				break;
			}
		if (i < 0) break;
		kept.splice(i, 1);
	}
	return { body: kept.join("\n").trimEnd(), drafts: book.drafts, labels };
}
