/**
 * Makes Markdown safe to post in a Rocket.Chat room. Rocket.Chat's message parser turns `@word`
 * into a mention (package scopes such as `(@scope/pkg)` included), `a.b.c` into a link when the
 * last part looks like a top-level domain, and `#`-headings into large type. Outside code spans,
 * code fences and links this:
 *  - wraps package names (`@scope/pkg`) and dotted identifiers (`sdk.rest.post`) in backticks;
 *  - breaks every other `@name` with a word joiner (U+2060), so it reads the same and notifies nobody;
 *  - turns headings into bold lines.
 */
const WORD_JOINER = "\u2060";
const FENCE = /^\s*(```|~~~)/;

/** Code spans and Markdown links/URLs are kept as they are; the rest is `plain`. */
const PROTECTED = /(`+)[^`]*?\1|\[[^\]\n]*\]\([^)\s]*\)|<?https?:\/\/[^\s)>]+>?/g;

const PACKAGE_SCOPE = /(^|[^\w`@/])(@[a-z0-9][\w.-]*\/[a-z0-9][\w.-]*)/gi;
const CODE_OR_MENTION = /(`[^`]*`)|@(?=[\w.-])/g;
const CODE_OR_DOTTED = /(`[^`]*`)|(^|[^\w$.`/@\u2060-])([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+)(?![\w$`])/g;

function plain(text: string): string {
	return text
		.replace(PACKAGE_SCOPE, (_match, before: string, name: string) => `${before}\`${name}\``)
		.replace(CODE_OR_MENTION, (_match, code: string | undefined) => code ?? `@${WORD_JOINER}`)
		.replace(CODE_OR_DOTTED, (match, code: string | undefined, before: string, name: string) => {
			if (code) return code;
			// "e.g", "i.e": one-letter parts are prose, not code.
			return name.split(".").some((part) => part.length > 1) ? `${before}\`${name}\`` : match;
		});
}

function safeLine(line: string): string {
	const heading = /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
	const body = heading ? `*${(heading[1] ?? "").replace(/\*/g, "")}*` : line;
	let out = "";
	let last = 0;
	const pattern = new RegExp(PROTECTED.source, "g");
	for (let match = pattern.exec(body); match; match = pattern.exec(body)) {
		out += plain(body.slice(last, match.index)) + match[0];
		last = match.index + match[0].length;
	}
	return out + plain(body.slice(last));
}

export function chatSafe(markdown: string): string {
	let inFence = false;
	return markdown
		.split("\n")
		.map((line) => {
			if (FENCE.test(line)) {
				inFence = !inFence;
				return line;
			}
			return inFence ? line : safeLine(line);
		})
		.join("\n");
}

/** A one-line, mention-free rendering of user text (e.g. a question quoted in a notice). */
export function chatSafeInline(text: string): string {
	return safeLine(text.replace(/\s+/g, " ").trim());
}
