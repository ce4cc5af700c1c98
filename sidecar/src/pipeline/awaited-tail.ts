/**
 * Is a line of a function the call it ends on though it does not return it: `await X(…)` as its last
 * awaited call, with only checks before it (conditions, early returns, variable reads) and only
 * returns or logging after it, outside any `try` / `catch` / `finally`? Such a call is what the
 * function does (`if (room) { await Registry.translateMessage(…) }`), not a side step; a clean-up in
 * a `finally` or a write before the return is not (walk29's broader variants took `ldap.disconnect()`).
 */

/** A statement awaiting a call, its value assigned or not: `await x.y(…)`, `const r = await y(…)`. */
const AWAITED = /^\s*(?:(?:const|let|var)\s+[^=]+=\s*)?await\s+([\w$.?!]+)\s*\(/;
/** A check before the call: a condition, an early exit, a block's edge, a variable read (a `try`, `catch` or `finally` is none). */
const CHECK =
	/^\s*(?:\}?\s*(?:else\s+)?if\b|\}\s*else\b|return\b|throw\b|[{}()\];,\s]*$|(?:const|let|var)\s)/;
/** After the call: returns, logging, a block's edge. */
const AFTER = /^\s*(?:return\b|[{}()\];,\s]*$|(?:console|logger|log|this\.logger|this\.log)\.\w+\s*\()/;
const blank = (l: string) => !l.trim() || /^\s*(?:\/\/|\/?\*)/.test(l);

/**
 * `lines` are the function's (its header first, its closing brace last), `at` the call's line among
 * them, `callee` the called name: true when that line awaits `callee` as the function's tail call.
 */
export function isAwaitedTail(lines: readonly string[], at: number, callee: string): boolean {
	const m = AWAITED.exec(lines[at] ?? "");
	if (!m || m[1]?.split(/[.?!]+/).at(-1) !== callee) return false;
	for (let i = 1; i < at; i++) {
		const l = lines[i] ?? "";
		if (blank(l)) continue;
		if (!CHECK.test(l)) return false;
	}
	for (let i = at + 1; i < lines.length - 1; i++) {
		const l = lines[i] ?? "";
		if (blank(l)) continue;
		if (/\bawait\b/.test(l) || !AFTER.test(l)) return false;
	}
	return true;
}
