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

/**
 * The answer as Rocket.Chat markdown: optional quoted question, the answer, then only the
 * citations the sidecar verified, each a link to the exact line range.
 */
export function formatAnswer(
	result: AskResponse,
	target: LinkTarget,
	asked?: { username: string; question: string },
): string {
	const verified = result.citations.filter((citation) => citation.verified);
	const sections: Array<string> = [];
	if (asked) {
		sections.push(formatQuestion(asked.username, asked.question));
	}
	sections.push(result.answer.trim());
	if (verified.length > 0) {
		sections.push(formatSources(verified, target, result.indexCommit));
	}
	sections.push(formatFooter(result));
	return sections.join("\n\n");
}
