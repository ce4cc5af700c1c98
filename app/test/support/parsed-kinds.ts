import { parse } from "@rocket.chat/message-parser";

/** Node types of Rocket.Chat's own message parser for a text, flattened (what a reader's client renders). */
export function parsedKinds(markdown: string): Array<string> {
	const found: Array<string> = [];
	const walk = (node: unknown): void => {
		if (Array.isArray(node)) node.forEach(walk);
		else if (node && typeof node === "object") {
			const record = node as Record<string, unknown>;
			if (typeof record.type === "string") found.push(record.type);
			Object.values(record).forEach(walk);
		}
	};
	walk(parse(markdown));
	return found;
}

/**
 * Whether a posted part is the last of an answer: it ends with the footer line (`_index <commit> ·
 * offline answer · 0.4 s_`). Other parts can end with an italic line too (the note on what the
 * admin's limit left out, or a paragraph of the answer), so "ends in italics" is not enough.
 */
export function endsWithAnswerFooter(text: string): boolean {
	return /(^|\n)_(index [0-9a-f]+ · )?(offline answer|[a-z]+, \d+ LLM requests)[^\n]*_( · for @\S+)?$/.test(
		text,
	);
}
