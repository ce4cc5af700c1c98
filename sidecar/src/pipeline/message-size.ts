/** How long a rendered offline answer runs once its sources list is added: what must fit one chat message. */
import type { CitationBook } from "./citation-book.js";

/** The characters a rendered answer takes with its sources list (as ask.ts renders it). */
export function messageSize(
	lines: readonly string[],
	book: CitationBook,
	apply: (s: string) => string,
): number {
	const body = lines.join("\n");
	const sources = book.drafts
		.filter((d) => body.includes(`[${d.n}]`))
		.reduce((sum, d) => sum + `[${d.n}] ${d.file}:${d.startLine}-${d.endLine} — ${d.symbol}\n`.length, 12);
	return apply(body).length + sources + 2;
}
