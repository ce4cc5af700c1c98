/**
 * The other way at a fork a path step's hop is taken on. A path tells one call of its step as the
 * flow; when that call follows `if (user) { return loginKnownUser(…) }`, or sits in an `if` / `else`
 * whose other arm calls something else, the hop is one way of two. Readers took "`login` calls
 * `loginNewDirectoryUser`" for "LDAP login creates the user" (session 30, on RC): the step says the
 * other way in the code's own condition. A guard (`if (!x) return;`, `if (!x) throw …`) calls nothing
 * and is no fork.
 */
import { escapeRegExp } from "../escape-regexp.js";
import type { DefRow } from "../index/types.js";
import { enclosingHeaders } from "./material/slices.js";
import type { PathIndex } from "./path/types.js";
import { ifCondition, indentOf, isBlank } from "./source-lines.js";

export interface Fork {
	/** The `if` condition, as the code writes it. */
	condition: string;
	/** The hop is taken when the condition holds ("then") or when it does not ("otherwise"). */
	hopWhen: "then" | "otherwise";
	/** The repository function or method the other way calls. */
	other: DefRow;
	/** The line of that call. */
	line: number;
}

/** Lines between the hop and the other way's call at most for the step's one citation to hold both. */
export const FORK_SPAN = 25;
/** Lines of a block looked through. */
const BLOCK_LINES = 40;

const PLAIN_IF = /^\s*if\s*\(/;
const ELSE_OPEN = /^\s*(?:\}\s*)?else\s*\{\s*$/;
/** A call that only writes a log line: no way of the flow. */
const LOGGING = /\b(?:console|logger|log)\s*\.\s*\w+\s*\(/i;

/** One arm of an `if` / `else`: where its statements are and the first line of its last one. */
interface Arm {
	/** Its header (relative index). */
	head: number;
	/** Its last line before the closing brace (or its one statement's last line). */
	end: number;
	/** The first line of its last statement. */
	last: number;
	/** The closing line (`}`, `} else {`), or -1 for a one-statement arm without braces. */
	closer: number;
}

/**
 * The fork line `line` of `def` (a hop of a path step, calling `nextId`) is taken on, or null when
 * the call is on the step's one way.
 */
export function forkOf(
	index: Pick<PathIndex, "fileLines" | "edgesFrom" | "defById">,
	def: DefRow,
	line: number,
	nextId: number,
): Fork | null {
	if (!def.file || def.startLine === null || def.endLine === null) return null;
	if (line < def.startLine || line > def.endLine) return null;
	const lines = index.fileLines(def.file, def.startLine, def.endLine) ?? [];
	const at = line - def.startLine;
	const base = def.startLine;
	const calls = index
		.edgesFrom(def.id)
		.filter((e) => e.kind === "call" && e.line !== null && e.dst !== nextId && e.line !== line);
	// The repository function or method a statement (relative lines from..to) calls, when it is not logging.
	const callIn = (from: number, to: number): { other: DefRow; line: number } | null => {
		// The call the statement makes (right after its `return`, `await` or `x =`), not one its `if`
		// condition or an argument makes: `return pipe(…, sort(…))` calls `pipe`.
		const called = calleeOf(lines.slice(from, to + 1).join(" "));
		if (!called) return null;
		for (const e of calls) {
			const l = (e.line as number) - base;
			if (l < from || l > to || LOGGING.test(lines[l] ?? "")) continue;
			const dst = index.defById(e.dst);
			if (dst && (dst.kind === "function" || dst.kind === "method") && dst.name === called)
				return { other: dst, line: e.line as number };
		}
		return null;
	};
	// A way that calls the hop's own callee too is no other way: `if (c) { sync(a); x() } else { sync(b); y() }`
	// calls `sync` either way (session 44's second reader: "only when `c`" was said of such a hop).
	// Read from the text: the index keeps one edge per caller and callee, at the first call.
	const nextName = index.defById(nextId)?.name;
	const callsNext = nextName ? new RegExp(`(?:^|[^\\w$])${escapeRegExp(nextName)}\\s*\\(`) : null;
	const reachesNext = (from: number, to: number) =>
		callsNext !== null && lines.slice(from, to + 1).some((l) => !isBlank(l) && callsNext.test(l));
	const otherWay: CallIn = (from, to, way) => (reachesNext(way[0], way[1]) ? null : callIn(from, to));
	return armFork(lines, at, otherWay) ?? fallThroughFork(lines, at, otherWay);
}

/** The call a way's last statement (relative lines from..to) makes, the way spanning `way` (its header to its end). */
type CallIn = (
	from: number,
	to: number,
	way: readonly [number, number],
) => { other: DefRow; line: number } | null;

/** The hop follows an `if (cond) { … return y(…) }` at its own block level: it runs when `cond` does not hold. */
function fallThroughFork(lines: readonly string[], at: number, callIn: CallIn): Fork | null {
	const ind = indentOf(lines[at] ?? "");
	for (let i = at - 1; i >= 0; i--) {
		const l = lines[i] ?? "";
		if (isBlank(l)) continue;
		if (indentOf(l) < ind) return null;
		if (indentOf(l) > ind || !PLAIN_IF.test(l)) continue;
		const arm = armAt(lines, i);
		// An `if` with an `else` is a fork of its own, decided before the hop.
		if (!arm || arm.end >= at || (arm.closer >= 0 && /\belse\b/.test(lines[arm.closer] ?? ""))) continue;
		const exits = arm.last === i ? /\)\s*return\b/.test(l) : /^\s*return\b/.test(lines[arm.last] ?? "");
		if (!exits) continue;
		const call = callIn(arm.last, arm.end, [arm.head, arm.end]);
		// A guard that calls nothing on its way out is passed, not a fork: look further up.
		if (!call) continue;
		return { condition: conditionOf(lines, i), hopWhen: "otherwise", ...call };
	}
	return null;
}

/** The hop is in an arm of an `if` whose other arm (its `else`, or the `return` after it) calls another function. */
function armFork(lines: readonly string[], at: number, callIn: CallIn): Fork | null {
	const [header] = enclosingHeaders(lines, at, 1);
	if (!header) return null;
	const [s] = header;
	const head = lines[s] ?? "";
	if (PLAIN_IF.test(head)) {
		const arm = armAt(lines, s);
		if (!arm || arm.closer < 0) return null;
		let other: ReturnType<CallIn> = null;
		if (ELSE_OPEN.test(lines[arm.closer] ?? "")) {
			const otherArm = armAt(lines, arm.closer);
			if (otherArm) other = callIn(otherArm.last, otherArm.end, [otherArm.head, otherArm.end]);
		} else if (
			/^\s*(?:return|throw)\b/.test(lines[arm.last] ?? "") &&
			/^\s*\}\s*$/.test(lines[arm.closer] ?? "")
		) {
			// The arm ends the function: the statement after it is the other way when it returns a call.
			let n = arm.closer + 1;
			while (n < lines.length && isBlank(lines[n])) n++;
			if (/^\s*return\b/.test(lines[n] ?? "") && indentOf(lines[n] ?? "") === indentOf(head))
				other = callIn(n, statementEnd(lines, n), [n, statementEnd(lines, n)]);
		}
		return other ? { condition: conditionOf(lines, s), hopWhen: "then", ...other } : null;
	}
	if (!ELSE_OPEN.test(head)) return null;
	// An `else`: the plain `if` right above it at its indent (not a chain of `else if`s).
	const ind = indentOf(head);
	for (let j = s - 1; j >= 0; j--) {
		const l = lines[j] ?? "";
		if (isBlank(l) || indentOf(l) > ind) continue;
		if (indentOf(l) < ind || !PLAIN_IF.test(l)) return null;
		const arm = armAt(lines, j);
		if (!arm || arm.closer !== s) return null;
		const other = callIn(arm.last, arm.end, [arm.head, arm.end]);
		return other ? { condition: conditionOf(lines, j), hopWhen: "otherwise", ...other } : null;
	}
	return null;
}

/** The name a statement calls first: `return await this.login(…)` → `login`. */
function calleeOf(statement: string): string | null {
	const m =
		/^\s*(?:\}\s*)?(?:(?:else\s+)?if\s*\(.*?\)\s*)?(?:return\s+|(?:const|let|var)\s+[^=]+=\s*|[\w$.]+\s*=\s*)?(?:await\s+)?((?:[\w$]+\s*\??\.\s*)*[\w$]+)\s*[(<]/.exec(
			statement,
		);
	return m?.[1]?.split(/\s*\??\.\s*/).pop() ?? null;
}

/** The arm opened by header line `h` (an `if (…)` or an `else {`), read by indentation. */
function armAt(lines: readonly string[], h: number): Arm | null {
	const head = lines[h] ?? "";
	const outer = indentOf(head);
	const headEnd = PLAIN_IF.test(head) ? parenEnd(lines, h) : h;
	if (headEnd < 0) return null;
	// One statement on the header's own line: `if (x) return y();`.
	if (PLAIN_IF.test(head) && headEnd === h && /\)\s*(?:return|throw)\b/.test(head))
		return { head: h, end: statementEnd(lines, h), last: h, closer: -1 };
	let inner = -1;
	let last = -1;
	for (let i = headEnd + 1; i < Math.min(lines.length, headEnd + 1 + BLOCK_LINES); i++) {
		const l = lines[i] ?? "";
		if (isBlank(l)) continue;
		const ind = indentOf(l);
		if (ind <= outer)
			return last < 0 ? null : { head: h, end: i - 1, last, closer: /^\s*\}/.test(l) ? i : -1 };
		if (inner < 0) inner = ind;
		if (ind === inner && !/^\s*[)}\]]/.test(l)) last = i;
	}
	return null;
}

/** The line a header's parentheses close on (a condition written over a few lines), or -1. */
function parenEnd(lines: readonly string[], h: number): number {
	let depth = 0;
	for (let j = h; j < Math.min(lines.length, h + 6); j++) {
		for (const c of lines[j] ?? "") {
			if (c === "(") depth++;
			else if (c === ")") depth--;
		}
		if (depth <= 0) return j;
	}
	return -1;
}

/** The last line of the statement starting at `i`: where its brackets close and it ends. */
function statementEnd(lines: readonly string[], i: number): number {
	let depth = 0;
	for (let j = i; j < Math.min(lines.length, i + BLOCK_LINES); j++) {
		for (const c of lines[j] ?? "") {
			if (c === "(" || c === "{" || c === "[") depth++;
			else if (c === ")" || c === "}" || c === "]") depth--;
		}
		if (depth <= 0) return j;
	}
	return i;
}

/** What the parentheses of the `if` at line `h` hold, on one line. */
function conditionOf(lines: readonly string[], h: number): string {
	const end = parenEnd(lines, h);
	return ifCondition(
		lines
			.slice(h, (end < 0 ? h : end) + 1)
			.map((l) => l.trim())
			.join(" "),
	);
}
