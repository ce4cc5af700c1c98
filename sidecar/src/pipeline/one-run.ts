/**
 * Which of a body's calls run together on one way through it: a *sequence* (a job processor parsing,
 * then writing, then queueing) versus *dispatch to one of several* (a switch, an if / else chain, a
 * ternary or a table of handlers picking one). A caller of several places whose calls sit in
 * exclusive arms is a router, not a flow through all of them (session 36, reach36: an importer
 * creating a channel, a group or a direct message by type led a room question from the side).
 * Read from the body's lines by indentation alone, like the rest of the source-line readers.
 */
import { indentOf, isBlank } from "./source-lines.js";

/** A call of the body: what it reaches (a candidate's id) and its line (absolute), null when unknown. */
export interface BodyCall {
	to: number;
	line: number | null;
}

/** An arm header: an `if` / `else` / `case` / `default` / `catch` block, or a multi-line ternary's `?` / `:` line. */
const ARM = /^\s*(?:\}\s*)?(?:else\b|if\s*\(|case\b|default\s*:|catch\b|[?:](?!:))/;
/** A table entry: `key: (…) => …`, `'key': async function …`, `[Key.A]: x => …`. */
const TABLE_ENTRY =
	/^\s*(?:['"`][^'"`]*['"`]|[\w$]+|\[[^\]]+\])\s*:\s*(?:async\s+)?(?:\(|function\b|[\w$]+\s*=>)/;
/** A method written in an object literal: `name(…) {` whose enclosing line opens the object (`= {`, `({`, `return {`). */
const SHORTHAND = /^\s*(?:async\s+)?[\w$]+\s*\([^)]*\)\s*(?::[^{]*)?\{\s*$/;
const OPENS_OBJECT = /(?:=|\(|\breturn|:|,)\s*\{\s*$/;
/** A nested function's header (`async (x) => {`, `function name(…) {`): a callback runs when it is called, a way of its own. */
const NESTED_FUNCTION = /(?:=>\s*[{(]?|\bfunction\b[^{]*\{)\s*$/;
/** A call on a line holding an arrow function with an expression body (`hooks.on((m) => send(m))`) runs inside it. */
const INLINE_ARROW = /=>\s*[^\s{]/;
/** A line holding an inline ternary (`a ? f() : g()`): its calls are one another's alternatives. */
const INLINE_TERNARY = /\?[^?.:][^:]*:/;
const EXITS = /^\s*(?:\}\s*)?(?:return|throw)\b/;

/**
 * The largest set of reached ids the body (`lines`, starting at absolute line `start`) calls on one way
 * through it: the calls of one arm with those of the arms enclosing it, never two arms of one fork;
 * calls after an arm that returns or throws are not on that arm's way. A call with no line counts on
 * every way.
 */
export function oneRunCalls(
	lines: readonly string[],
	start: number,
	calls: readonly BodyCall[],
): Set<number> {
	const placed = calls.map((c, i) => {
		const at = c.line === null ? -1 : c.line - start;
		const chain = at < 0 || at >= lines.length ? [] : armsOf(lines, at, i, calls, start);
		return { ...c, at, chain, exits: at >= 0 && chain.length > 0 && armExits(lines, at) };
	});
	let best = new Set<number>();
	for (const c of placed) {
		const run = new Set<number>();
		for (const d of placed) {
			if (!d.chain.every((a) => c.chain.includes(a))) continue;
			// Code after an arm that returns or throws runs on the other ways, not on this one.
			if (d !== c && c.exits && d.at > c.at && d.chain.length < c.chain.length) continue;
			run.add(d.to);
		}
		if (run.size > best.size) best = run;
	}
	return best;
}

/** The arms (header line keys) line `at` runs in, innermost first. */
function armsOf(
	lines: readonly string[],
	at: number,
	self: number,
	calls: readonly BodyCall[],
	start: number,
): string[] {
	const out: string[] = [];
	const own = lines[at] ?? "";
	// One line holding the call and its own arm: `if (x) f();`, `case 'a': return f();`, `a: () => f(),`.
	// A call in an `if`'s condition (`if (await f()) {`) runs before the fork: the block's header is no arm of it.
	const condition = /^\s*(?:\}\s*)?if\s*\(/.test(own) && /\{\s*$/.test(own);
	if ((ARM.test(own) && !condition) || TABLE_ENTRY.test(own)) out.push(`${at}`);
	// Two calls on one ternary line are alternatives: each is its own arm.
	const sameLine = calls.filter((c) => c.line !== null && c.line - start === at).length;
	if (sameLine > 1 && INLINE_TERNARY.test(own)) out.push(`${at}:${self}`);
	else if (INLINE_ARROW.test(own)) out.push(`${at}`);
	let indent = indentOf(own);
	for (let i = at - 1; i > 0; i--) {
		const line = lines[i] ?? "";
		if (isBlank(line)) continue;
		const ind = indentOf(line);
		if (ind >= indent) continue;
		indent = ind;
		if (
			ARM.test(line) ||
			TABLE_ENTRY.test(line) ||
			NESTED_FUNCTION.test(line) ||
			(SHORTHAND.test(line) && opensObject(lines, i))
		)
			out.push(`${i}`);
	}
	return out;
}

/** Is the line enclosing line `i` (the first above it at a smaller indent) one that opens an object literal? */
function opensObject(lines: readonly string[], i: number): boolean {
	const indent = indentOf(lines[i] ?? "");
	for (let j = i - 1; j >= 0; j--) {
		const l = lines[j] ?? "";
		if (isBlank(l) || indentOf(l) >= indent) continue;
		return OPENS_OBJECT.test(l);
	}
	return false;
}

/** Does the innermost block line `at` is in end by returning or throwing (the line itself, or a later statement of its block)? */
function armExits(lines: readonly string[], at: number): boolean {
	const own = lines[at] ?? "";
	if (EXITS.test(own) || /(?:\)|:|=>)\s*(?:return|throw)\b/.test(own)) return true;
	const indent = indentOf(own);
	for (let i = at + 1; i < lines.length; i++) {
		const l = lines[i] ?? "";
		if (isBlank(l)) continue;
		const ind = indentOf(l);
		if (ind < indent) return false;
		if (ind === indent && EXITS.test(l)) return true;
	}
	return false;
}
