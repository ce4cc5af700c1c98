/**
 * The call a key is written inside of. A key is often not an argument of the registering or
 * dispatching call itself but a property of an object handed to it: `new Worker({ jobs: {
 * scheduleEmail: … } })` registers `scheduleEmail` through `Worker`, `commonWorker.enqueue({ job:
 * "scheduleEmail" })` dispatches it through `Worker.enqueue`, dozens of lines from the call's name.
 * The calls still open at the key (parentheses unclosed before it) are found by scanning the text of
 * the enclosing definition; the innermost one the index links to a repository definition is the one.
 */
import type { IndexReader } from "../index/reader.js";
import type { DefRow } from "../index/types.js";
import { isAuxiliaryPath } from "./auxiliary-code.js";

export type OpenCallIndex = Pick<IndexReader, "edgesFrom" | "defById" | "fileLines">;

/** Lines above the key looked through for the call's opening, at most. */
const LINES_ABOVE = 300;

const CALL_KINDS = new Set(["call", "new"]);

/**
 * The repository function, method or class whose call (`f(`, `a.b.f(`, `new C(`) is open at `line`,
 * `column` of `file` inside `within` — the innermost the index links `within` to by a call or `new`
 * edge, on the opening line or by the name written before the parenthesis — with the line the call
 * opens on, or null.
 */
export function openCallAt(
	index: OpenCallIndex,
	within: DefRow,
	file: string,
	line: number,
	column: number,
): { def: DefRow; line: number } | null {
	if (within.file !== file || within.startLine === null || within.startLine > line) return null;
	const from = Math.max(within.startLine, line - LINES_ABOVE);
	const lines = index.fileLines(file, from, line) ?? [];
	if (lines.length === 0) return null;
	lines[lines.length - 1] = (lines.at(-1) ?? "").slice(0, column);
	const callees = new Map<number, { def: DefRow; lines: Set<number> }>();
	for (const e of index.edgesFrom(within.id)) {
		if (!CALL_KINDS.has(e.kind)) continue;
		const def = callees.get(e.dst)?.def ?? index.defById(e.dst);
		if (!def?.file || isAuxiliaryPath(def.file) || def.id === within.id) continue;
		const entry = callees.get(e.dst) ?? { def, lines: new Set<number>() };
		if (e.line !== null) entry.lines.add(e.line);
		callees.set(e.dst, entry);
	}
	if (callees.size === 0) return null;
	for (const open of openParens(lines).reverse()) {
		const at = from + open.line;
		const named = /(?:\bnew\s+)?([\w$]+)\s*(?:<[^<>]*>)?\s*(?:\?\.)?\s*$/.exec(
			(lines[open.line] ?? "").slice(0, open.column),
		)?.[1];
		if (!named) continue;
		const byName = [...callees.values()].find((c) => c.def.name === named);
		const onLine = [...callees.values()].filter((c) => c.lines.has(at));
		const hit = byName ?? (onLine.length === 1 ? onLine[0] : undefined);
		if (hit) return { def: hit.def, line: at };
	}
	return null;
}

/**
 * The parentheses left open at the end of `lines`, outermost first (relative line and column). Strings,
 * template literals and comments are skipped (a template's `${…}` counts as part of the string).
 */
function openParens(lines: readonly string[]): { line: number; column: number }[] {
	const stack: { line: number; column: number }[] = [];
	let inBlockComment = false;
	let quote: string | null = null;
	for (let l = 0; l < lines.length; l++) {
		const text = lines[l] ?? "";
		// Only a template literal runs on past its line.
		if (quote !== "`") quote = null;
		for (let c = 0; c < text.length; c++) {
			const ch = text[c];
			if (inBlockComment) {
				if (ch === "*" && text[c + 1] === "/") {
					inBlockComment = false;
					c++;
				}
				continue;
			}
			if (quote) {
				if (ch === "\\") c++;
				else if (ch === quote) quote = null;
				continue;
			}
			if (ch === "/" && text[c + 1] === "/") break;
			if (ch === "/" && text[c + 1] === "*") {
				inBlockComment = true;
				c++;
			} else if (ch === '"' || ch === "'" || ch === "`") quote = ch;
			else if (ch === "(") stack.push({ line: l, column: c });
			else if (ch === ")") stack.pop();
		}
	}
	return stack;
}
