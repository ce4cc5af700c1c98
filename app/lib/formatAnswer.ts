import type { AskResponse, Citation } from "../../shared/src/contract";

export interface LinkTarget {
	/** Web URL of the repository, e.g. https://github.com/org/repo; empty = no links. */
	repoUrl: string;
	/** Branch or commit for links; empty = the commit the index was built from. */
	repoRef: string;
}

function encodePath(path: string): string {
	return path.split("/").map(encodeURIComponent).join("/");
}

/** `<repo URL>/blob/<commit>/<path>#L<start>-L<end>`, or undefined when no repository URL is set. */
export function citationLink(
	citation: Citation,
	target: LinkTarget,
	indexCommit: string | null,
): string | undefined {
	if (!target.repoUrl) {
		return undefined;
	}
	const ref = target.repoRef || indexCommit || "HEAD";
	return `${target.repoUrl}/blob/${encodeURIComponent(ref)}/${encodePath(citation.file)}#L${citation.startLine}-L${citation.endLine}`;
}

function quote(text: string): string {
	return text
		.trim()
		.split("\n")
		.map((line) => `> ${line}`)
		.join("\n");
}

/** The public message that opens an answer: who asked what. */
export function formatQuestion(username: string, question: string): string {
	return `@${username} asked:\n${quote(question)}`;
}

function formatSources(
	citations: ReadonlyArray<Citation>,
	target: LinkTarget,
	indexCommit: string | null,
): string {
	const lines = citations.map((citation) => {
		const label = `${citation.file}:${citation.startLine}-${citation.endLine}`;
		const link = citationLink(citation, target, indexCommit);
		const where = link ? `[${label}](${link})` : `\`${label}\``;
		const symbol = citation.symbol ? ` — \`${citation.symbol}\`` : "";
		return `[${citation.n}] ${where}${symbol}`;
	});
	return `*Sources*\n${lines.join("\n")}`;
}

function formatFooter(result: AskResponse): string {
	const parts: Array<string> = [];
	if (result.indexCommit) {
		parts.push(`index ${result.indexCommit.slice(0, 12)}`);
	}
	parts.push(
		result.provider === "none"
			? "offline extractive answer"
			: `${result.provider}, ${result.usage.requests} LLM requests`,
	);
	if (typeof result.timings.total === "number") {
		parts.push(`${(result.timings.total / 1000).toFixed(1)} s`);
	}
	if (result.droppedCitations > 0) {
		parts.push(
			`${result.droppedCitations} unverifiable citation${result.droppedCitations === 1 ? "" : "s"} removed`,
		);
	}
	return `_${parts.join(" · ")}_`;
}

/** Citation numbers the text refers to as `[n]`. */
function referencedNumbers(text: string): Set<number> {
	const numbers = new Set<number>();
	const pattern = /\[(\d+)\]/g;
	for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
		numbers.add(Number(match[1]));
	}
	return numbers;
}

function compose(
	body: string,
	citations: ReadonlyArray<Citation>,
	result: AskResponse,
	target: LinkTarget,
	asked: { username: string; question: string } | undefined,
	note?: string,
): string {
	const sections: Array<string> = [];
	if (asked) {
		sections.push(formatQuestion(asked.username, asked.question));
	}
	sections.push(body);
	if (note) {
		sections.push(note);
	}
	if (citations.length > 0) {
		sections.push(formatSources(citations, target, result.indexCommit));
	}
	sections.push(formatFooter(result));
	return sections.join("\n\n");
}

/** Closes a code fence left open by a cut. */
function balanceFences(text: string): string {
	return (text.match(/^\s*```/gm) ?? []).length % 2 === 1 ? `${text}\n\`\`\`` : text;
}

/**
 * The answer as Rocket.Chat markdown: optional quoted question, the answer, then only the
 * citations the sidecar verified, each a link to the exact line range. An answer longer than
 * `maxChars` is cut at a paragraph boundary, says so, and lists only the sources the kept text
 * cites, so a chat thread gets a few messages rather than a flood.
 */
export function formatAnswer(
	result: AskResponse,
	target: LinkTarget,
	asked?: { username: string; question: string },
	maxChars: number = Number.POSITIVE_INFINITY,
): string {
	const verified = result.citations.filter((citation) => citation.verified);
	const body = result.answer.trim();
	const full = compose(body, verified, result, target, asked);
	if (full.length <= maxChars) {
		return full;
	}
	const note = `_… shortened to fit the chat: the full answer has ${body.length.toLocaleString("en-US")} characters. Ask a narrower question, or run \`codeask ask\` beside the index for all of it._`;
	const paragraphs = body.split(/\n{2,}/);
	for (let keep = paragraphs.length - 1; keep >= 1; keep--) {
		const kept = balanceFences(paragraphs.slice(0, keep).join("\n\n"));
		const cited = referencedNumbers(kept);
		const text = compose(
			kept,
			verified.filter((citation) => cited.has(citation.n)),
			result,
			target,
			asked,
			note,
		);
		if (text.length <= maxChars || keep === 1) {
			return text;
		}
	}
	return full; // a single paragraph: nothing to cut at
}
