/**
 * Is a line of a function the call it ends on though it does not return it? Two shapes:
 * - isAwaitedTail: `await X(…)` as its last awaited call, with only checks before it (conditions,
 *   early returns, variable reads) and only returns or logging after it, outside any `try` / `catch` /
 *   `finally`, nested in an `if` or not (`if (room) { await Registry.renderTranslation(…) }`);
 * - isLastAwaited: the last call it awaits among its own statements (not in a block), writes before it
 *   or not (`await Messages.insertOne(m); await afterMessageSave(m, room)`).
 * Such a call is what the function does, not a side step; a clean-up in a `finally` is not
 * (walk29's broader variants took `ldap.disconnect()`), nor a call some other statement follows.
 */
import { indentOf, isBlank } from "./source-lines.js";

/** A statement awaiting a call, its value assigned or not: `await x.y(…)`, `const r = await y(…)`. */
const AWAITED = /^\s*(?:(?:const|let|var)\s+[^=]+=\s*)?await\s+([\w$.?!]+)\s*\(/;
/** A check before the call: a condition, an early exit, a block's edge, a variable read (a `try`, `catch` or `finally` is none). */
const CHECK =
	/^\s*(?:\}?\s*(?:else\s+)?if\b|\}\s*else\b|return\b|throw\b|[{}()\];,\s]*$|(?:const|let|var)\s)/;
/** After the call: returns, logging, a block's edge. */
const AFTER = /^\s*(?:return\b|[{}()\];,\s]*$|(?:console|logger|log|this\.logger|this\.log)\.\w+\s*\()/;

/**
 * `lines` are the function's (its header first, its closing brace last), `at` the call's line among
 * them, `callee` the called name: true when that line awaits `callee` as the function's tail call.
 */
export function isAwaitedTail(lines: readonly string[], at: number, callee: string): boolean {
	const m = AWAITED.exec(lines[at] ?? "");
	if (!m || m[1]?.split(/[.?!]+/).at(-1) !== callee) return false;
	for (let i = 1; i < at; i++) {
		const l = lines[i] ?? "";
		if (isBlank(l)) continue;
		if (!CHECK.test(l)) return false;
	}
	for (let i = at + 1; i < lines.length - 1; i++) {
		const l = lines[i] ?? "";
		if (isBlank(l)) continue;
		if (/\bawait\b/.test(l) || !AFTER.test(l)) return false;
	}
	return true;
}

/** A detached call after the awaited one: `void notify(…)` is not waited for, the step's own work is done. */
const DETACHED = /^\s*void\s+[\w$.?!]+\s*\(/;

/**
 * Is line `at` the last call the function awaits, written among its own statements (not inside an
 * `if`, a loop, a callback or a `try`), with only returns, logging and detached `void` calls after it?
 * What comes before it does not matter: after `await Messages.insertOne(message)` the save is done and
 * `await afterMessageSave(message, room)` is where the flow goes on (session 30, walk30: the stop it
 * ends was a core file each time on the dev sets). A clean-up in `finally` is inside a block: not taken.
 */
export function isLastAwaited(lines: readonly string[], at: number, callee: string): boolean {
	const m = AWAITED.exec(lines[at] ?? "");
	if (!m || m[1]?.split(/[.?!]+/).at(-1) !== callee) return false;
	const first = lines.slice(1, -1).find((l) => !isBlank(l));
	if (first === undefined) return false;
	const own = indentOf(first);
	if (indentOf(lines[at] ?? "") !== own) return false;
	for (let i = at + 1; i < lines.length - 1; i++) {
		const l = lines[i] ?? "";
		if (isBlank(l)) continue;
		if (/\bawait\b/.test(l)) return false;
		// A statement's continuation lines (a returned object's fields) sit deeper than the statement.
		if (indentOf(l) > own) continue;
		if (!AFTER.test(l) && !DETACHED.test(l)) return false;
	}
	return true;
}
