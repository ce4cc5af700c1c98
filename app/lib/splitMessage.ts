const FENCE = /^\s*(```+|~~~+)/;

/** Rocket.Chat's default `Message_MaxAllowedSize`; the margin leaves room for fence repairs. */
export const DEFAULT_MAX_MESSAGE_CHARS = 5000;
const MARGIN = 100;

/**
 * Splits markdown into messages of at most `maxChars` characters: between paragraphs when it
 * can, else between lines, else inside a line at a space. A code fence cut in two is closed at
 * the end of one part and reopened (with its language) at the start of the next.
 */
export function splitMessage(text: string, maxChars: number = DEFAULT_MAX_MESSAGE_CHARS): Array<string> {
	const limit = Math.max(200, maxChars - MARGIN);
	if (text.length <= limit) {
		return [text];
	}
	const parts: Array<string> = [];
	let current: Array<string> = [];
	let length = 0;
	let openFence: string | undefined;
	// Index in `current` just after the last blank line outside a fence: the preferred cut.
	let paragraphCut = -1;
	let fenceAtParagraphCut: string | undefined;

	const flush = (upTo: number, fenceAtCut: string | undefined): void => {
		const taken = current.slice(0, upTo);
		const rest = current.slice(upTo);
		let body = taken.join("\n").replace(/\n+$/, "");
		if (fenceAtCut) {
			body += "\n```";
		}
		if (body.trim()) {
			parts.push(body);
		}
		current = fenceAtCut ? [fenceAtCut, ...rest] : rest;
		length = current.reduce((sum, line) => sum + line.length + 1, 0);
		paragraphCut = -1;
		fenceAtParagraphCut = undefined;
	};

	for (const rawLine of text.split("\n")) {
		for (const line of hardWrap(rawLine, limit - 10)) {
			const reserve = openFence ? 4 : 0;
			if (length + line.length + 1 + reserve > limit && current.length > 0) {
				const useParagraph = paragraphCut > 0 && paragraphCut < current.length;
				flush(useParagraph ? paragraphCut : current.length, useParagraph ? fenceAtParagraphCut : openFence);
			}
			current.push(line);
			length += line.length + 1;
			const fence = FENCE.exec(line);
			if (fence) {
				openFence = openFence ? undefined : line.trim();
			} else if (!openFence && line.trim() === "") {
				paragraphCut = current.length;
				fenceAtParagraphCut = undefined;
			}
		}
	}
	if (current.join("\n").trim()) {
		parts.push(current.join("\n").replace(/\n+$/, ""));
	}
	return parts;
}

/** Cuts a line longer than `max` at spaces (or anywhere, for a single huge word). */
function hardWrap(line: string, max: number): Array<string> {
	if (line.length <= max) {
		return [line];
	}
	const pieces: Array<string> = [];
	let rest = line;
	while (rest.length > max) {
		const space = rest.lastIndexOf(" ", max);
		const cut = space > max / 2 ? space : max;
		pieces.push(rest.slice(0, cut));
		rest = rest.slice(cut).replace(/^ /, "");
	}
	pieces.push(rest);
	return pieces;
}
