/**
 * Where a listed line starts when the code that says what it is sits above it: the head of the
 * register call a handler is written into (its key), the head of a call written over several lines.
 */
import type { DefRow } from "../../index/types.js";
import { isModuleLevel, type MaterialIndex } from "./material-index.js";

/**
 * Lines above a handler its register call's head may start at: room for a key and an options
 * object written over several lines (`api.addRoute(`, `'notes.share',`,
 * `{ auth: true, validate: … }` over 4 lines, `{`, then `async post() {`); 5 missed
 * those, 12, 16 and 24 found the same on the dev sets (Session 25, mat25).
 */
const HEAD_LINES = 12;
const HEAD_CALL = /^(?:await\s+|void\s+)?[A-Za-z_$][\w$]*(?:\s*\.\s*[A-Za-z_$][\w$]*)*\s*(?:<[^>]*>)?\(/;

/**
 * The first line of the module-level call a top-level definition is written into (a route,
 * method or callback registration: a statement at column 0 that is a call, the definition
 * indented inside it), when it starts at most `HEAD_LINES` above the definition; else null.
 */
export function registerHead(
	index: Pick<MaterialIndex, "fileLines" | "defById">,
	def: DefRow,
): number | null {
	if (!def.file || def.startLine === null || def.startLine <= 1) return null;
	if (!isModuleLevel(index, def)) return null;
	// Written into a call, the definition is indented; one at column 0 is a statement of its own.
	const own = index.fileLines(def.file, def.startLine, def.startLine)?.[0] ?? "";
	if (!/^\s/.test(own)) return null;
	const from = Math.max(1, def.startLine - HEAD_LINES);
	const lines = index.fileLines(def.file, from, def.startLine - 1) ?? [];
	for (let i = lines.length - 1; i >= 0; i--) {
		const line = lines[i] ?? "";
		if (!line.trim() || /^\s/.test(line)) continue;
		return HEAD_CALL.test(line) ? from + i : null;
	}
	return null;
}

/** Lines above a key argument its call's head may start at. */
const CALL_HEAD_LINES = 2;

/**
 * The line a call written over several lines starts at, for a key written on a line of its own
 * (`this.pubsub.publish(` above `` `team/${id}/added`, ``): the lines above `line` that leave a
 * call open (ending in `(` or `,`), at most CALL_HEAD_LINES and not above the definition's first
 * line; `line` itself when the key sits on the call's line.
 */
export function callHead(
	index: Pick<MaterialIndex, "fileLines">,
	file: string,
	line: number,
	floor: number,
): number {
	let from = line;
	while (from - 1 >= floor && line - (from - 1) <= CALL_HEAD_LINES) {
		const above = index.fileLines(file, from - 1, from - 1)?.[0]?.trimEnd() ?? "";
		if (!/[(,]$/.test(above)) break;
		from--;
	}
	return from;
}

/** A label's line span from a call's head to the line it names: `120-122`, or `122` on one line. */
export const lineSpan = (from: number, line: number): string => `${from < line ? `${from}-` : ""}${line}`;
