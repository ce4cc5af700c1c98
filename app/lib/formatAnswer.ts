import type { AskResponse, Citation } from "../../shared/src/contract";
import { chatSafe, chatSafeInline } from "./chatText";
import { lineRangeUrl, type RepoLinks } from "./links";
import { splitMessage } from "./splitMessage";

/** An answer as one chat message: the text, and the sources for a collapsed attachment. */
export interface ChatAnswer {
	text: string;
	sources?: { title: string; text: string };
	/** True when the text was cut to the budget (the full answer is one button away). */
	shortened: boolean;
}

/** Who asked, for the one deliberate mention (so the asker is notified of the answer). */
export interface AnswerContext {
	links?: RepoLinks;
	asker?: string;
}

function citationUrl(citation: Citation, links: RepoLinks | undefined): string | undefined {
	return links ? lineRangeUrl(links, citation.file, citation.startLine, citation.endLine) : undefined;
}

/** The public message that opens an answer thread: who asked what (nobody is mentioned). */
export function formatQuestion(username: string, question: string): string {
	const quoted = chatSafe(question.trim())
		.split("\n")
		.map((line) => `> ${line}`)
		.join("\n");
	return `*${chatSafeInline(username)}* asked:\n${quoted}`;
}

/** Citation numbers the text refers to as `[n]`. */
export function referencedNumbers(text: string): Set<number> {
	const numbers = new Set<number>();
	const pattern = /\[(\d+)\]/g;
	for (let match = pattern.exec(text); match; match = pattern.exec(text)) numbers.add(Number(match[1]));
	return numbers;
}

/** `[n]` markers outside code become links to the cited lines. */
function linkMarkers(markdown: string, urls: Map<number, string>): string {
	if (urls.size === 0) return markdown;
	let inFence = false;
	return markdown
		.split("\n")
		.map((line) => {
			if (/^\s*(```|~~~)/.test(line)) {
				inFence = !inFence;
				return line;
			}
			if (inFence) return line;
			return line
				.split(/(`[^`]*`)/)
				.map((piece) =>
					piece.startsWith("`")
						? piece
						: piece.replace(/\[(\d+)\](?![(\]])/g, (marker, n: string) => {
								const url = urls.get(Number(n));
								return url ? `[${marker}](${url})` : marker;
							}),
				)
				.join("");
		})
		.join("\n");
}

function sourceLine(citation: Citation, links: RepoLinks | undefined): string {
	const label = `${citation.file}:${citation.startLine}-${citation.endLine}`;
	const url = citationUrl(citation, links);
	const where = url ? `[${label}](${url})` : `\`${label}\``;
	const symbol = citation.symbol ? ` — \`${citation.symbol}\`` : "";
	return `[${citation.n}] ${where}${symbol}`;
}

function footer(result: AskResponse, asker?: string): string {
	const parts: Array<string> = [];
	if (result.indexCommit) parts.push(`index ${result.indexCommit.slice(0, 12)}`);
	if (result.provider === "none") {
		parts.push(result.fallbackReason ? "offline answer (LLM not used)" : "offline answer");
	} else {
		parts.push(`${result.provider}, ${result.usage.requests} LLM requests`);
	}
	if (typeof result.timings.total === "number") parts.push(`${(result.timings.total / 1000).toFixed(1)} s`);
	if (result.droppedCitations > 0) {
		parts.push(
			`${result.droppedCitations} unverifiable citation${result.droppedCitations === 1 ? "" : "s"} removed`,
		);
	}
	// The one deliberate mention: the asker, so they hear about the answer in a thread they do not
	// follow. Outside the italics: "_… @alice_" would mention "alice_".
	return `_${parts.join(" · ")}_${asker ? ` · for @${asker}` : ""}`;
}

/** Closes a code fence left open by a cut. */
function balanceFences(text: string): string {
	return (text.match(/^\s*```/gm) ?? []).length % 2 === 1 ? `${text}\n\`\`\`` : text;
}

function urlsOf(citations: ReadonlyArray<Citation>, links: RepoLinks | undefined): Map<number, string> {
	const urls = new Map<number, string>();
	for (const citation of citations) {
		const url = citationUrl(citation, links);
		if (url) urls.set(citation.n, url);
	}
	return urls;
}

/**
 * The answer without the sidecar's own "**Question:** …" opening line: in chat the question is
 * already on screen (the quoted thread root, the asker's DM or command), so it would stand twice.
 */
export function withoutQuestionLine(answer: string): string {
	const text = answer.trim();
	return /^\*\*Question:\*\*/.test(text) ? text.replace(/^[^\n]*(\n\s*)*/, "") : text;
}

const SHORTENED_NOTE =
	"_… shortened to fit one message: *Show the full answer* posts all of it in the thread._";

/**
 * The default answer: one message of at most `budget` characters (links included), with `[n]`
 * markers linked to the cited lines and the cited sources in a collapsed attachment, not listed a
 * second time in the text. A longer answer is cut at a paragraph boundary and says so.
 */
export function formatShortAnswer(result: AskResponse, context: AnswerContext, budget: number): ChatAnswer {
	const verified = result.citations.filter((citation) => citation.verified);
	const urls = urlsOf(verified, context.links);
	// Making text chat-safe and linking markers only lengthen it, so paragraphs past the budget in
	// the raw answer can never be kept: drop them first (an answer can be megabytes).
	const raw = withoutQuestionLine(result.answer);
	let cutAt = raw.length;
	if (budget > 0 && raw.length > budget) {
		const boundary = raw.indexOf("\n\n", budget);
		cutAt = boundary < 0 ? raw.length : boundary;
	}
	const body = chatSafe(raw.slice(0, cutAt));
	const tail = footer(result, context.asker);
	const compose = (kept: string, note?: string) =>
		[linkMarkers(kept, urls), ...(note ? [note] : []), tail].join("\n\n");

	let text = compose(body);
	let kept = body;
	let shortened = false;
	if (budget > 0 && (text.length > budget || cutAt < raw.length)) {
		shortened = true;
		// Linear in the answer's size (answers can be megabytes): link once, then keep as many
		// whole paragraphs as fit. Linking adds no blank lines, so both splits line up.
		const paragraphs = body.split(/\n{2,}/);
		const linked = linkMarkers(body, urls).split(/\n{2,}/);
		const room = budget - [SHORTENED_NOTE, tail].join("\n\n").length - 2 - 4; // 4: a closing fence
		let keep = 0;
		for (let length = 0; keep < linked.length; keep++) {
			const next = length + (keep > 0 ? 2 : 0) + (linked[keep] as string).length;
			if (next > room) break;
			length = next;
		}
		if (keep > 0) {
			kept = balanceFences(paragraphs.slice(0, keep).join("\n\n"));
			text = [balanceFences(linked.slice(0, keep).join("\n\n")), SHORTENED_NOTE, tail].join("\n\n");
		} else {
			// The first paragraph alone is over the budget: cut inside it, at a line or word boundary.
			const cut = body.slice(0, Math.max(200, room - 200));
			kept = balanceFences(
				cut.slice(0, Math.max(cut.lastIndexOf("\n"), cut.lastIndexOf(" "), cut.length / 2)),
			);
			text = compose(`${kept} …`, SHORTENED_NOTE);
			if (text.length > budget) text = text.slice(0, budget);
		}
	}
	const cited = referencedNumbers(kept);
	const listed = cited.size > 0 ? verified.filter((citation) => cited.has(citation.n)) : verified;
	return {
		text,
		shortened,
		...(listed.length > 0
			? {
					sources: {
						title: `Sources (${listed.length})`,
						text: listed.map((citation) => sourceLine(citation, context.links)).join("\n"),
					},
				}
			: {}),
	};
}

/**
 * The full answer for the thread, as messages of at most `maxChars`: the text (cut after
 * `maxMessages - 1` messages, with a note, when the admin set a limit), then its sources, once.
 */
export function formatFullAnswer(
	result: AskResponse,
	context: AnswerContext,
	maxChars: number,
	maxMessages: number,
): Array<string> {
	const verified = result.citations.filter((citation) => citation.verified);
	const body = linkMarkers(chatSafe(withoutQuestionLine(result.answer)), urlsOf(verified, context.links));
	const sources =
		verified.length > 0
			? splitMessage(
					`*Sources*\n${verified.map((citation) => sourceLine(citation, context.links)).join("\n")}`,
					maxChars,
				)
			: [];
	let parts = splitMessage(body, maxChars);
	if (maxMessages > 0 && parts.length + sources.length > maxMessages) {
		// Room for the note on what was left out, and for the sources.
		const room = Math.max(1, maxMessages - sources.length - 1);
		const left = parts.length - room;
		parts = [
			...parts.slice(0, room),
			`_… ${left} more message${left === 1 ? "" : "s"} of this answer left out (the admin's limit); \`codeask ask --detail full\` beside the index prints it all._`,
		];
	}
	const tail = footer(result);
	const withSources = [...parts, ...sources];
	withSources[withSources.length - 1] = `${withSources[withSources.length - 1]}\n\n${tail}`;
	return withSources;
}
