/**
 * How an impact answer writes X and its places: what X is (cited at its declaration's head) and one line
 * per place — who makes the reference and the line that makes it, cited by a name written there.
 */
import { keyLiteral } from "../../bus-key.js";
import { firstSentence } from "../../index/doc-comment.js";
import type { IndexReader } from "../../index/reader.js";
import type { DefRow } from "../../index/types.js";
import type { CitationBook } from "../citation-book.js";
import { encloses } from "../encloses.js";
import { code, keyWords, sentence } from "../markdown.js";
import { namesIn } from "../verify.js";
import type { Place } from "./groups.js";

export type LineIndex = Pick<IndexReader, "fileLines" | "defById">;

/** Characters of a quoted code line, of a doc sentence. */
export const QUOTE_CHARS = 70;
const DOC_CHARS = 120;
/** A site line shorter than this is quoted with the line before it. */
const SHORT_LINE = 30;
/** Lines of the declaration's head cited. */
const HEAD_LINES = 12;
/** Lines above a site searched for a name to cite it by (a call opened a line or two above its key). */
const LINES_ABOVE = 2;

/**
 * How a definition is named to the reader: its code name, whose label (labels.ts: "the `x` listener
 * (`emitter.on`) in `Foo.start`") the book's Labels put in after verification, as in the short answer.
 */
export function defName(def: DefRow, book: CitationBook): string {
	return book.labels ? book.labels.name(def) : code(def.qualifiedName);
}

/** "`X` (function) is defined in `file` [1]: doc." or, for a key, where its signature is declared. */
export function whatItIs(
	index: LineIndex,
	target: DefRow,
	declaration: DefRow | undefined,
	book: CitationBook,
): string {
	const marker = declaration ? citeHead(book, declaration) : "";
	const doc = declaration ? sentence(firstSentence(declaration.description, DOC_CHARS), DOC_CHARS) : "";
	if (target.defId.startsWith("literal:"))
		return `${code(target.name)} is no definition, and no trunk of the index registers or sends it as a key: the places below write it as a string (check each: a registration, a send, or only a name).`;
	if (target.kind === "dispatch-key") {
		// What the key is in a newcomer's words ("the hook `x`", "the endpoint `POST /x`"), not the index's trunk.
		const noun = keyWords(target).noun;
		if (!declaration?.file) return `The ${noun} is a string name, with no declaration of its own.`;
		return `The ${noun} is a string name, declared as ${defName(declaration, book)} in ${code(declaration.file)} ${marker}.${doc ? ` ${doc}` : ""}`.replace(
			/ +\./g,
			".",
		);
	}
	const where = target.file ? ` in ${code(target.file)}` : "";
	void index;
	return `${defName(target, book)} (${target.kind}) is defined${where} ${marker}.${doc ? ` ${doc}` : ""}`.replace(
		/ +\./g,
		".",
	);
}

/** A definition's head (its declaration line and at most HEAD_LINES - 1 more). */
function citeHead(book: CitationBook, def: DefRow): string {
	if (!def.file || def.startLine === null || def.endLine === null) return "";
	return book.cite(def, {
		startLine: def.startLine,
		endLine: Math.min(def.endLine, def.startLine + HEAD_LINES - 1),
	});
}

/**
 * One place: who makes the reference and the line that makes it, cited at that line by a name
 * written there (the key or name looked for, a member's name, the handler's) — up to LINES_ABOVE
 * lines above when the line itself holds none of them. The marker follows the quoted line: the
 * names before it (the enclosing definition) are not what the cited line writes.
 */
export function placeLine(index: LineIndex, p: Place, names: readonly string[], book: CitationBook): string {
	let marker = "";
	let from = p.line;
	const handler = p.handler ? lastName(p.handler) : null;
	const candidates = handler ? [...names, handler] : names;
	if (p.runs?.head) marker = citeHead(book, p.runs.def);
	for (let start = p.line; start >= Math.max(1, p.line - LINES_ABOVE) && !marker; start--) {
		const range = (index.fileLines(p.file, start, p.line) ?? []).join("\n");
		const name = candidates.find((n) => namesIn(range, n));
		if (name) {
			marker = book.citeRange(p.file, start, p.line, name);
			from = start;
		}
	}
	// A line holding only the key (`'created',` inside a call) is quoted with the line that opens the call.
	let text = (index.fileLines(p.file, from, p.line) ?? []).map((l) => l.trim()).join(" ");
	if (text.length < SHORT_LINE && from > 1)
		text = `${(index.fileLines(p.file, from - 1, from - 1)?.[0] ?? "").trim()} ${text}`.trim();
	const within = p.within ? `in ${defName(p.within, book)}` : "at module level";
	const more = p.alsoInFile ? ` (+${p.alsoInFile} more here)` : "";
	// The file (a path: no name the marker must hold) leads, its marker right after it.
	const where = `- ${code(shortPath(p.file))}${marker ? ` ${marker}` : ""}${more}`;
	if (p.group === "register") return `${where}: ${p.handler ? code(p.handler) : `inline ${within}`}`;
	// A caller written inside the definition it calls (a retry listener) calls it again, not in a loop.
	if (p.via && p.key)
		return `${where} ${within} dispatches the ${keyWords(p.key).noun}, handled by ${defName(p.via, book)}`;
	if (p.via && p.uses) return `${where} ${within} uses ${defName(p.via, book)}, an instance of it`;
	if (p.via)
		return `${where} ${within} calls ${defName(p.via, book)}${p.within && encloses(index, p.via, p.within) ? " again" : ""}`;
	if (p.group === "related") return `${where}: ${defName(p.runs?.def ?? (p.within as DefRow), book)}`;
	if (p.runs) {
		if (p.runs.of)
			return `${where}: ${defName(p.runs.def, book)}, ${p.runs.of.kind === "dispatch-key" ? `handles the ${keyWords(p.runs.of).noun}` : `implements ${defName(p.runs.of, book)}`}`;
		return `${where}: calls ${defName(p.runs.def, book)}${text && !p.runs.head ? ` — ${code(clip(text, QUOTE_CHARS))}` : ""}`;
	}
	return `${where} ${within}${text ? `: ${code(clip(text, QUOTE_CHARS))}` : ""}`;
}

/**
 * How a dispatch line may write a key: whole, a route's path without its verb (`POST /x` → `/x`), or
 * capitalised as an operation's name (`mutation DeleteUser { deleteUser }`).
 */
export const keyNames = (key: DefRow) => {
	// A bus-scoped key as the line writes it: its event (bus-key.ts).
	const name = keyLiteral(key.name);
	const path = name.replace(/^[A-Z]+ /, "");
	return [...new Set([name, path, path.charAt(0).toUpperCase() + path.slice(1)])];
};

const lastName = (qualified: string) => qualified.split(".").pop() ?? qualified;

/** The last two segments of a path (the full path is in the sources list). */
export function shortPath(file: string): string {
	const parts = file.split("/");
	return parts.length <= 2 ? file : `…/${parts.slice(-2).join("/")}`;
}

export function clip(text: string, max: number): string {
	return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}
