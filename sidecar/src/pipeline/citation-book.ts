/**
 * A draft answer and the book that numbers its citations: every answer shape (offline, short,
 * pattern, impact, convention, LLM) writes its body through one `CitationBook`, so a definition
 * keeps one number wherever it is cited.
 */

import type { DefRow } from "../index/types.js";
import type { Labels } from "./labels.js";
import { code } from "./markdown.js";
import type { CitationDraft } from "./verify.js";

export interface DraftAnswer {
	body: string;
	drafts: CitationDraft[];
	/** The labels of the definitions the body names, put in after verification (labels.ts). */
	labels?: Labels;
}

/** Longest range cited for a definition that was not read (its head: where it starts). */
const MAX_CITED_LINES = 40;

/** Numbers citations in order of first use; one number per definition. */
export class CitationBook {
	readonly drafts: CitationDraft[] = [];
	private readonly byDef = new Map<string, number>();

	/** `labels` remembers how each definition named or cited reads to a person (labels.ts). */
	constructor(
		private readonly max: number,
		readonly labels?: Labels,
	) {}

	/** A definition's name in the draft: its qualified name in code (its label is put in after verification). */
	name(def: DefRow): string {
		return this.labels ? this.labels.name(def) : code(def.qualifiedName);
	}

	/** How the sources list names a citation (ask.ts renders it with labels.ts sourceLabel): a label, else the symbol. */
	sourceName(d: CitationDraft): string {
		return this.labels?.labelOf(d.symbol) ?? d.symbol;
	}

	/** Marker `[n]` for a definition, or "" when it has no file or the book is full. */
	cite(def: DefRow, range?: { startLine: number; endLine: number }): string {
		const known = this.byDef.get(def.defId);
		if (known) return `[${known}]`;
		if (!def.file || def.startLine === null || def.endLine === null || this.drafts.length >= this.max)
			return "";
		const n = this.drafts.length + 1;
		this.byDef.set(def.defId, n);
		this.drafts.push({
			n,
			file: def.file,
			startLine: range?.startLine ?? def.startLine,
			endLine: range?.endLine ?? Math.min(def.endLine, def.startLine + MAX_CITED_LINES - 1),
			symbol: def.qualifiedName,
		});
		this.labels?.name(def);
		return `[${n}]`;
	}

	/** Marker `[n]` of a definition already cited, or "" (never adds one). */
	marker(def: DefRow): string {
		const known = this.byDef.get(def.defId);
		return known ? `[${known}]` : "";
	}

	/** Marker of an inline handler's range already cited, or "". */
	rangeMarker(file: string, startLine: number): string {
		const known = this.byDef.get(`${file}:${startLine}`);
		return known ? `[${known}]` : "";
	}

	/** Marker for a range that is no definition of its own (an inline handler), cited for `symbol`. */
	citeRange(file: string, startLine: number, endLine: number, symbol: string): string {
		const id = `${file}:${startLine}`;
		const known = this.byDef.get(id);
		if (known) return `[${known}]`;
		if (this.drafts.length >= this.max) return "";
		const n = this.drafts.length + 1;
		this.byDef.set(id, n);
		this.drafts.push({ n, file, startLine, endLine, symbol });
		return `[${n}]`;
	}
}
