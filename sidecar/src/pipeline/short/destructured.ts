/**
 * A name bound by destructuring an object of its own file (`export const { add, remove } =
 * slice.actions`) is one entry of a list: cited there, it holds nothing of what the name does
 * (session 44's second reader: an export-list line cited for a reducer). Its member in that object
 * (`add: (state, action) => { … }`) is where it is written.
 */

import { escapeRegExp } from "../../escape-regexp.js";
import type { DefRow } from "../../index/types.js";
import type { PathIndex } from "../path/types.js";
import { indentOf, isBlank } from "../source-lines.js";
import { namesIn } from "../verify.js";

/** Lines of a destructuring list looked through, above and below the name. */
const LIST_LINES = 400;
/** Lines of the member cited at most (a place's head). */
const MEMBER_LINES = 12;

const LIST_ENTRY = /^\s*(?:\.\.\.)?[\w$]+(?:\s*:\s*[\w$]+)?(?:\s*=\s*[^,{}]+)?\s*,?\s*$/;
const LIST_OPEN = /\b(?:const|let|var)\s*\{([^}]*)$/;
const LIST_CLOSE = /^([^{]*)\}\s*=\s*([\w$]+)/;
const ONE_LINE = /\b(?:const|let|var)\s*\{[^{}]*\}\s*=\s*([\w$]+)/;

/**
 * Where the object `def` is destructured from writes it as a member, from its member line to the
 * member's end (MEMBER_LINES at most), or null when `def` is no such binding.
 */
export function destructuredMember(
	index: Pick<PathIndex, "fileLines" | "defsInFile">,
	def: DefRow,
): { startLine: number; endLine: number } | null {
	if (def.kind !== "variable" || !def.file || def.startLine === null || def.endLine !== def.startLine)
		return null;
	const at = def.startLine;
	const from = Math.max(1, at - LIST_LINES);
	const lines = index.fileLines(def.file, from, at + LIST_LINES) ?? [];
	const rel = at - from;
	const own = lines[rel] ?? "";
	if (!namesIn(own, def.name)) return null;
	const source = ONE_LINE.exec(own)?.[1] ?? listSource(lines, rel);
	if (!source) return null;
	const object = index
		.defsInFile(def.file)
		.find((d) => d.name === source && d.startLine !== null && d.endLine !== null && d.parentId === null);
	if (!object || object.startLine === null || object.endLine === null) return null;
	const body = index.fileLines(def.file, object.startLine, object.endLine) ?? [];
	const member = new RegExp(`^\\s*(?:async\\s+)?${escapeRegExp(def.name)}\\s*(?::|\\()`);
	const m = body.findIndex((l) => member.test(l));
	if (m < 0) return null;
	// The member runs until a line at its indent or less (a closing bracket there is its own).
	const ind = indentOf(body[m] ?? "");
	let end = m;
	for (let i = m + 1; i < Math.min(body.length, m + MEMBER_LINES); i++) {
		const l = body[i] ?? "";
		if (isBlank(l)) continue;
		if (indentOf(l) <= ind) {
			if (/^\s*[})\]]/.test(l)) end = i;
			break;
		}
		end = i;
	}
	return { startLine: object.startLine + m, endLine: object.startLine + end };
}

/** The object a list of many lines destructures (`} = source…`), the line `rel` one of its entries. */
function listSource(lines: readonly string[], rel: number): string | null {
	// The list's opening: this line or one above, every line between an entry of it.
	let open = -1;
	for (let i = rel; i >= 0; i--) {
		const l = lines[i] ?? "";
		if (LIST_OPEN.test(l)) {
			open = i;
			break;
		}
		if (i !== rel && !isBlank(l) && !LIST_ENTRY.test(l)) return null;
	}
	if (open < 0) return null;
	// Its closing: `} = source…` on this line or one below.
	for (let i = rel; i < lines.length; i++) {
		const l = lines[i] ?? "";
		const close = LIST_CLOSE.exec(l);
		if (close) return close[2] ?? null;
		if (i !== rel && !isBlank(l) && !LIST_ENTRY.test(l)) return null;
	}
	return null;
}
