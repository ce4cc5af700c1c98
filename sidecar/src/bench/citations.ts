/**
 * Re-checks an answer's citations against the index, independently of the pipeline's own
 * `verified` flag: the file is indexed, the range lies inside it, and the range holds the cited
 * symbol (its name is written there, or its definition starts there, or the range is a slice
 * inside its definition: long bodies reach the answer stage as slices).
 */
import type { Citation } from "@codeask/shared";
import type { IndexReader } from "../index/reader.js";
import { lastSegment, namesSymbol, symbolName } from "./symbols.js";

export interface CitationCheck {
	valid: boolean;
	reason: string;
}

export type CheckedCitation = Pick<Citation, "n" | "file" | "startLine" | "endLine" | "symbol"> & {
	check: CitationCheck;
};

/** The slice of the index the check needs (an IndexReader satisfies it). */
export type CitationIndex = Pick<IndexReader, "file" | "fileLines" | "defsInFile">;

export function checkCitation(
	index: CitationIndex,
	c: Pick<Citation, "file" | "startLine" | "endLine" | "symbol">,
): CitationCheck {
	const file = index.file(c.file);
	if (!file) return { valid: false, reason: `${c.file} is not in the index` };
	if (c.startLine < 1 || c.endLine < c.startLine || c.endLine > file.lineCount) {
		return {
			valid: false,
			reason: `range ${c.startLine}-${c.endLine} is outside ${c.file} (1-${file.lineCount})`,
		};
	}
	const name = symbolName(c.symbol);
	const last = lastSegment(c.symbol);
	if (!last) return { valid: false, reason: "the citation names no symbol" };
	const text = (index.fileLines(c.file, c.startLine, c.endLine) ?? []).join("\n");
	if (namesSymbol(text, name) || namesSymbol(text, last))
		return { valid: true, reason: "symbol named in range" };
	const defined = index
		.defsInFile(c.file)
		.some(
			(d) =>
				(d.qualifiedName === name || d.name === last) &&
				d.startLine !== null &&
				d.startLine >= c.startLine &&
				d.startLine <= c.endLine,
		);
	if (defined) return { valid: true, reason: "symbol's definition starts in range" };
	const inside = index
		.defsInFile(c.file)
		.some(
			(d) =>
				d.qualifiedName === name &&
				d.startLine !== null &&
				d.endLine !== null &&
				d.startLine <= c.startLine &&
				c.endLine <= d.endLine,
		);
	return inside
		? { valid: true, reason: "range is a slice of the symbol's definition" }
		: { valid: false, reason: `${c.file}:${c.startLine}-${c.endLine} does not contain ${name}` };
}

export function checkCitations(index: CitationIndex, citations: readonly Citation[]): CheckedCitation[] {
	return citations.map((c) => ({
		n: c.n,
		file: c.file,
		startLine: c.startLine,
		endLine: c.endLine,
		symbol: c.symbol,
		check: checkCitation(index, c),
	}));
}
