/**
 * Verify: every citation is checked against the index before it is shown. The file must be
 * indexed, the range inside it, and the range must hold the cited symbol (its name is written
 * there, or its definition starts there). Invalid citations are dropped, counted and their
 * markers removed from the answer text; survivors the text uses are renumbered 1..n in order of
 * appearance.
 */
import type { Citation } from "@codeask/shared";
import { escapeRegExp } from "../escape-regexp.js";
import type { IndexReader } from "../index/reader.js";

export type VerifyIndex = Pick<IndexReader, "file" | "fileLines" | "defsInFile">;

export interface CitationDraft {
	n: number;
	file: string;
	startLine: number;
	endLine: number;
	symbol: string;
}

/**
 * The name a symbol is written by in code: its last dotted segment, or for a callback named by its
 * call and key (`Billing.constructor.this.on(order.paid)`) the call's method, `on`
 * (the key may hold dots of its own).
 */
export const lastSegment = (symbol: string): string => {
	const open = symbol.indexOf("(");
	const head = open > 0 && symbol.endsWith(")") ? symbol.slice(0, open) : symbol;
	return head.split(/[#.]/).filter(Boolean).pop() ?? "";
};

export function namesIn(text: string, name: string): boolean {
	if (!name) return false;
	const escaped = escapeRegExp(name);
	return new RegExp(`(^|[^\\w$])${escaped}($|[^\\w$])`).test(text);
}

/** Is the citation true to the index? */
export function citationHolds(index: VerifyIndex, c: CitationDraft): boolean {
	const file = index.file(c.file);
	if (!file) return false;
	if (!Number.isInteger(c.startLine) || !Number.isInteger(c.endLine)) return false;
	if (c.startLine < 1 || c.endLine < c.startLine || c.endLine > file.lineCount) return false;
	const last = lastSegment(c.symbol);
	if (!last) return false;
	const text = (index.fileLines(c.file, c.startLine, c.endLine) ?? []).join("\n");
	if (namesIn(text, last)) return true;
	// The definition starts in the range, or the range is a slice of the definition (a long
	// body is given to the answer stage as slices: each is cited as the definition it lies in).
	return index
		.defsInFile(c.file)
		.some(
			(d) =>
				(d.qualifiedName === c.symbol || d.name === last) &&
				d.startLine !== null &&
				d.endLine !== null &&
				((d.startLine >= c.startLine && d.startLine <= c.endLine) ||
					(d.qualifiedName === c.symbol && d.startLine <= c.startLine && c.endLine <= d.endLine)),
		);
}

export interface VerifiedAnswer {
	answer: string;
	citations: Citation[];
	dropped: number;
}

/**
 * Check `drafts`, drop the invalid ones and the answer's markers that point at them (or at no
 * citation at all), and renumber the rest in order of first appearance in the answer.
 */
export function verifyAnswer(
	index: VerifyIndex,
	rawAnswer: string,
	drafts: readonly CitationDraft[],
): VerifiedAnswer {
	const byN = new Map<number, CitationDraft>(drafts.map((d) => [d.n, d]));
	const valid = new Map<number, CitationDraft>();
	let dropped = 0;
	for (const d of drafts) {
		if (citationHolds(index, d)) valid.set(d.n, d);
		else dropped++;
	}
	// A marker whose sentence names code the cited range does not hold points at the wrong place:
	// it is dropped. One whose sentence names something inside the range other than the cited
	// definition itself (a callee, a key) is narrowed to the line that holds it: the evidence.
	let nextN = Math.max(0, ...drafts.map((d) => d.n)) + 1;
	const narrowed = new Map<string, number>();
	const named = rewriteMarkers(
		rawAnswer,
		(n, names) => {
			const d = valid.get(n);
			if (!d || names.length === 0 || names.includes(lastSegment(d.symbol))) return n;
			const hit = nameLines(index, d, names);
			if (!hit) return loosely(index, d, names) ? n : null;
			if (hit === "ambiguous") return n;
			if (hit.start === d.startLine && hit.end === d.endLine) return n;
			const key = `${d.file}:${hit.start}-${hit.end}:${hit.name}`;
			let m = narrowed.get(key);
			if (m === undefined) {
				m = nextN++;
				narrowed.set(key, m);
				const line: CitationDraft = {
					n: m,
					file: d.file,
					startLine: hit.start,
					endLine: hit.end,
					symbol: hit.name,
				};
				valid.set(m, line);
				byN.set(m, line);
			}
			return m;
		},
		(n) => {
			// Only a marker dropped for naming what its range lacks: its file is real and on topic.
			const d = valid.get(n);
			return d ? `\`${d.file}\`` : null;
		},
	);
	const answer = named.text;
	dropped += named.dropped;
	// Markers in the text: [3] or [3, 5] or [3][5].
	const order: number[] = [];
	const note = (n: number) => {
		if (valid.has(n) && !order.includes(n)) order.push(n);
	};
	outsideCode(answer, (prose) =>
		prose.replace(/\[(\d+(?:\s*,\s*\d+)*)\]/g, (_m, list: string) => {
			for (const n of list.split(",").map((x) => Number(x.trim()))) note(n);
			return "";
		}),
	);
	// Valid citations the text never uses are not sources of this answer: they are left out, not counted as dropped.
	const renumber = new Map(order.map((n, i) => [n, i + 1]));
	let unknown = 0;
	const text = outsideCode(answer, (prose) =>
		prose
			.replace(/\[(\d+(?:\s*,\s*\d+)*)\]/g, (_m, list: string, at: number, whole: string) => {
				const ns = list.split(",").map((x) => Number(x.trim()));
				const kept = ns
					.filter((n) => {
						if (renumber.has(n)) return true;
						if (!byN.has(n)) unknown++;
						return false;
					})
					.map((n) => `[${renumber.get(n)}]`);
				if (kept.length > 0) return kept.join("");
				// A marker the sentence uses as its subject ("[7] is the image update") cannot just go:
				// the definition the model was shown under that number takes its place.
				const shown = byN.get(ns[0] as number);
				return shown && SUBJECT_AFTER.test(whole.slice(at + _m.length))
					? `\`${lastSegment(shown.symbol)}\``
					: "";
			})
			// Tidy the gaps a removed marker leaves, never touching indentation at a line start.
			.replace(/(\S) {2,}/g, "$1 ")
			.replace(/(\S) +([.,;:!?])/g, "$1$2"),
	).replace(/[ \t]+\n/g, "\n");
	const citations: Citation[] = order.map((n) => {
		const d = valid.get(n) as CitationDraft;
		return {
			n: renumber.get(n) as number,
			file: d.file,
			startLine: d.startLine,
			endLine: d.endLine,
			symbol: d.symbol,
			verified: true,
		};
	});
	return { answer: text, citations, dropped: dropped + unknown };
}

/** A verb right after a marker: the marker is the sentence's subject, not a trailing reference. */
const SUBJECT_AFTER = /^ (?:is|are|was|were|shows|holds|does|has|calls|returns|handles|sets|reads|writes)\b/;

/**
 * Inline code that names code: an identifier or a dotted / `#` path of them (not a file path or a line
 * of code). A segment may be hyphenated: a dispatch key (`internal.seal-document`, `user-created`)
 * names the code that writes it as much as an identifier does.
 */
const NAME_SPAN = /^[A-Za-z_$][\w$]*(?:-[\w$]+)*(?:[.#][A-Za-z_$][\w$]*(?:-[\w$]+)*)*(?:\(\))?$/;
const NOT_NAMES = new Set(["true", "false", "null", "undefined", "this"]);

/** The names a span of inline code gives (its last segment), if it names code at all. */
export function spanNames(span: string): string[] {
	const s = span.trim();
	if (!NAME_SPAN.test(s)) return [];
	const last = lastSegment(s.replace(/\(\)$/, ""));
	return last.length >= 2 && !NOT_NAMES.has(last) ? [last] : [];
}

/**
 * A name the range does not write as such but still vouches for: the class or owner the cited
 * definition belongs to (`Mailer` for `Mailer.render`), or a value the code writes in another case
 * (`urgent` for `URGENT`). Such a marker stays whole rather
 * than being dropped as the wrong place.
 */
function loosely(index: VerifyIndex, d: CitationDraft, names: readonly string[]): boolean {
	const owners = new Set(d.symbol.split(/[#.(]/));
	if (names.some((n) => owners.has(n))) return true;
	const text = (index.fileLines(d.file, d.startLine, d.endLine) ?? []).join("\n").toLowerCase();
	return names.some((n) => n.length >= 3 && namesIn(text, n.toLowerCase()));
}

/**
 * The narrowest part of the cited range that writes what the sentence names: the one line holding
 * its only name, or the lines from the first to the last of several names (a sentence listing a
 * job's fields is evidenced by all of them, not by whichever it named first), labelled with the name
 * for one line and with the definition for several. "ambiguous" when a name appears on several lines
 * (a common word such as `push` or `send` would be narrowed to whichever line wrote it first, often
 * not the evidence: the citation is kept whole); null when the range writes none of them.
 */
function nameLines(
	index: VerifyIndex,
	d: CitationDraft,
	names: readonly string[],
): { start: number; end: number; name: string } | "ambiguous" | null {
	const lines = index.fileLines(d.file, d.startLine, d.endLine) ?? [];
	const found: { at: number; name: string }[] = [];
	for (const name of names) {
		const hits = lines.flatMap((l, i) => (namesIn(l, name) ? [i] : []));
		if (hits.length > 1) return "ambiguous";
		if (hits.length === 1) found.push({ at: hits[0] as number, name });
	}
	if (found.length === 0) return null;
	const first = Math.min(...found.map((f) => f.at));
	const last = Math.max(...found.map((f) => f.at));
	const name = first === last ? (found[0] as { name: string }).name : d.symbol;
	return { start: d.startLine + first, end: d.startLine + last, name };
}

/** Words after which a citation marker is the sentence's object, and what may follow it then. */
const DANGLING_BEFORE = /\b(?:in|at|by|from|see|via|into|inside|within|under)$/i;
const DANGLING_AFTER = /^(?:[.,;:!?)]|$)/;

/**
 * For every marker `[n]` in prose, `decide(n, names)` with the code its sentence names before it
 * (inline code since the previous marker or the start of the sentence): the number to write
 * instead (the same, or a narrower citation's), or null to remove the marker (counted). A removed
 * marker its sentence needs as an object ("registered in [3].") becomes `instead(n)` when given.
 */
export function rewriteMarkers(
	markdown: string,
	decide: (n: number, names: readonly string[]) => number | null,
	instead?: (n: number) => string | null,
): { text: string; dropped: number } {
	let dropped = 0;
	const parts = markdown.split(/(```[\s\S]*?(?:```|$))/);
	const text = parts
		.map((part, i) => {
			if (i % 2 === 1) return part;
			return part
				.split("\n")
				.map((line) => {
					let names: string[] = [];
					return line.replace(
						/`[^`\n]*`|( ?)\[(\d+(?:\s*,\s*\d+)*)\]|[.!?;:](?=\s|$)/g,
						(m: string, space: string | undefined, list: string | undefined, at: number, whole: string) => {
							if (m.startsWith("`")) {
								names.push(...spanNames(m.slice(1, -1)));
								return m;
							}
							if (!list) {
								names = [];
								return m;
							}
							const kept: number[] = [];
							for (const n of list.split(",").map((x) => Number(x.trim()))) {
								const to = decide(n, names);
								if (to === null) dropped++;
								else if (!kept.includes(to)) kept.push(to);
							}
							names = [];
							if (kept.length) return `${space ?? ""}[${kept.join(", ")}]`;
							// A removed marker that was the object of a preposition ("registered in [3].") or the
							// subject of its sentence ("[3] is the image update") would leave the sentence hanging:
							// name the cited file instead, without a line range.
							const first = Number(list.split(",")[0]);
							const after = whole.slice(at + m.length);
							const hangs =
								(DANGLING_BEFORE.test(whole.slice(0, at)) && DANGLING_AFTER.test(after)) ||
								SUBJECT_AFTER.test(after);
							const text = hangs ? instead?.(first) : null;
							return text ? `${space ?? ""}${text}` : "";
						},
					);
				})
				.join("\n");
		})
		.join("");
	return { text, dropped };
}

/**
 * Apply `fn` to the prose of a Markdown text only: fenced code blocks and inline code spans are
 * left alone, so `items[1]` in an excerpt is never mistaken for a citation marker.
 */
export function outsideCode(markdown: string, fn: (prose: string) => string): string {
	return outsideFences(markdown, (text) =>
		text
			.split(/(`[^`\n]*`)/)
			.map((p, j) => (j % 2 === 1 ? p : fn(p)))
			.join(""),
	);
}

/**
 * Apply `fn` to a Markdown text outside its fenced code blocks (inline code spans included); an
 * unclosed fence runs to the end.
 */
export function outsideFences(markdown: string, fn: (text: string) => string): string {
	return markdown
		.split(/(```[\s\S]*?(?:```|$))/)
		.map((part, i) => (i % 2 === 1 ? part : fn(part)))
		.join("");
}
