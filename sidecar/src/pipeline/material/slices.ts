/**
 * Slices of a long definition: the lines that matter for a question, instead of a fixed window
 * at its head. Its signature; the lines around each call or dispatch on the chain, with what
 * decides whether that hop happens: the `if` / `switch` / loop headers that enclose it (whole,
 * when a condition spans lines; for an `else`, the `if` it is the other branch of) and the early
 * exits before it (`if (…) return` / `throw` / `continue` guards at each enclosing level); and the
 * lines holding the question's words, most words first, with their own enclosing conditions. For
 * a definition the model asked for, also the local declarations the first hop and the conditions
 * deciding it read (`const isReady = …`). Pure: works on the definition's lines (indentation gives
 * the nesting).
 */
import { escapeRegExp } from "../../escape-regexp.js";
import { indentOf, isBlank } from "../source-lines.js";

export interface SliceInput {
	/** The definition's lines, `startLine` first. */
	lines: readonly string[];
	startLine: number;
	/** Absolute line numbers of the hops that matter (calls, dispatches on the chain), most important first. */
	sites: readonly number[];
	/** Lower-case words (or stems) of the question: a line holding one is worth reading. */
	words: readonly string[];
	/** Lines in all, at most. */
	maxLines: number;
	/** Also the local declarations a decision reads (for a definition asked for: more lines to spend). */
	inputs?: boolean;
	/** The signature runs down to the declaration line past the decorators above it. */
	decorated?: boolean;
	/**
	 * The name a function or method is declared by: when its range starts with overloads, the
	 * implementation's declaration is a slice too (the material's reach, not the citation pool's).
	 */
	overloadsOf?: string;
	/**
	 * A last slice that stops at most this many lines short of the definition's end runs to it (0:
	 * none): a function's last lines are its result and the hooks that run after the work.
	 */
	tailLines?: number;
}

/** Lines either side of a hop, and of the first (most important) one: the statement it sits in. */
const SITE_CONTEXT = 2;
const FIRST_SITE_CONTEXT = 6;
/** Enclosing headers kept per hop (innermost first), and per line holding the question's words. */
const MAX_CONDITIONS = 6;
const WORD_CONDITIONS = 2;
/** Early exits kept per hop (nearest first), and the longest guard block looked into. */
const MAX_GUARDS = 3;
const GUARD_BLOCK_LINES = 12;
/** Lines of one header (a condition written over several lines) at most. */
const HEADER_LINES = 6;
/** Lines holding the question's words, at most. */
const MAX_WORD_LINES = 8;
/**
 * Slices closer than this many lines are merged: a few lines between two slices cost less than a
 * second source's header (path, label, role, fences), and read as one piece (2 -> 6: run 9; 6 -> 10:
 * session 25, run 19's readers lacked a workflow's `sleep` until the publish date in the 9 lines
 * between two slices; offline figures alike, Rocket.Chat chain .792 -> .796).
 */
const MERGE_GAP = 10;

const CONTROL =
	/^\s*(?:\}\s*)?(?:if\b|else\b|switch\b|case\b|default\s*:|for\b|while\b|do\b|try\b|catch\b|finally\b|return\b.*\?)/;
const IF = /^\s*(?:\}\s*)?(?:else\s+)?if\b/;
const EXIT = /(?:^|[\s;{)])(?:return|throw|continue|break)\b/;

/** Paren and bracket balance of a line (strings and comments are not told apart: a heuristic). */
function balance(line: string): number {
	let n = 0;
	for (const ch of line) {
		if (ch === "(" || ch === "[") n++;
		else if (ch === ")" || ch === "]") n--;
	}
	return n;
}

/** The signature: from the first line to the one opening the body (at most 4 lines past `from`). */
function signatureEnd(lines: readonly string[], from = 0): number {
	for (let i = from; i < Math.min(lines.length, from + 4); i++) {
		if (/[{(]\s*$|=>\s*\{?\s*$|\{\s*$/.test(lines[i] ?? "")) return i;
	}
	return from;
}

/** Lines of decorators (and comments between them) looked past for a definition's declaration line. */
const DECORATOR_LINES = 16;
/** One decorator at the head of a line: `@Name`, `@a.b`, with its arguments when they close on that line. */
const DECORATOR = /^@[\w$.]+(?:\s*\((?:[^()]|\([^()]*\))*\))?\s*/;

/**
 * The line (relative index) where a definition's declaration starts, past the decorators written
 * above it (`@Subscription(() => Team, {` … `})`, `@UseGuards(GraphqlAuthGuard)`): the line that names
 * it. A decorated definition's range starts at its first decorator, whose line names only the
 * decorator. 0 when the first line is the declaration (or none is found within DECORATOR_LINES).
 */
export function declarationStart(lines: readonly string[]): number {
	let depth = 0;
	for (let i = 0; i < Math.min(lines.length, DECORATOR_LINES); i++) {
		const t = (lines[i] ?? "").trim();
		// Comment lines (`//`, `/*`, `* text`, `*/`); a generator method (`*items() {`) is a declaration.
		if (!t || /^(?:\/\/|\/\*|\*(?:\/|\s|$))/.test(t)) continue;
		if (depth === 0) {
			if (!t.startsWith("@")) return i;
			// Decorators on the declaration's own line (`@Get() list() {`): that line names it.
			let rest = t;
			for (let m = DECORATOR.exec(rest); m && rest.startsWith("@"); m = DECORATOR.exec(rest)) {
				rest = rest.slice(m[0].length);
			}
			if (rest !== t && /^[\w$#*[]/.test(rest)) return i;
		}
		depth = Math.max(0, depth + balance(t) + braces(t));
	}
	return 0;
}

/**
 * Lines of overload declarations looked past for an implementation's declaration: a handful of
 * overloads written over several lines (the longest run met on the dev sets took 22 lines,
 * benchmarks/answers.md run 15 — material).
 */
const OVERLOAD_LINES = 40;
const MODIFIER_WORDS =
	/(?:export|default|declare|public|private|protected|static|async|override|function)\s+/y;
const SPACES = /\s*/y;

/** Index past the whitespace (`\s*`) at `from`. */
function pastSpaces(line: string, from: number): number {
	SPACES.lastIndex = from;
	SPACES.test(line);
	return SPACES.lastIndex;
}

/**
 * Does `line` declare `name`: `^\s*(?:(?:export|default|…|function)\s+)*\*?<name>\s*[<(]`, matched
 * by walking the modifiers instead of compiling that pattern per name (compiling cost ~0.3 ms, for
 * each definition sliced). At most one modifier word fits at a place (a word is followed by space),
 * so the walk meets every place the pattern can try.
 */
export function declaresName(line: string, name: string): boolean {
	let at = pastSpaces(line, 0);
	for (;;) {
		for (const start of line[at] === "*" ? [at, at + 1] : [at]) {
			if (!line.startsWith(name, start)) continue;
			const next = line[pastSpaces(line, start + name.length)];
			if (next === "<" || next === "(") return true;
		}
		MODIFIER_WORDS.lastIndex = at;
		if (!MODIFIER_WORDS.test(line)) return false;
		at = MODIFIER_WORDS.lastIndex;
	}
}

/**
 * The line (relative index) where an overloaded function's implementation is declared, past the
 * overload declarations it starts with (`addRoute(path: string, action: A): void;` … then
 * `addRoute(path: string, a?: O | A, b?: A): void {`): each overload declares `name` and its
 * brackets close on a line ending in `;`, and the implementation declares `name` and opens a body.
 * `from` when the first declaration opens a body, when a declaration does not declare `name` (the
 * next statement of a module or of a function body is no overload), or when the window runs out.
 */
export function implementationStart(lines: readonly string[], from: number, name: string): number {
	const declares = (i: number) => declaresName(lines[i] ?? "", name);
	const limit = Math.min(lines.length, from + OVERLOAD_LINES);
	if (!declares(from)) return from;
	for (let i = from; ; ) {
		// The declaration ends where its parameter list has closed and the line ends in `;` or `{`.
		let parens = 0;
		let j = i;
		for (; j < limit; j++) {
			const t = lines[j] ?? "";
			parens += balance(t);
			if (parens <= 0 && /[;{]$/.test(t.trim())) break;
		}
		if (j >= limit) return from;
		// A declaration that opens a body is the implementation (the first one: no overloads).
		if ((lines[j] ?? "").trim().endsWith("{")) return i;
		let k = j + 1;
		while (k < limit && isBlank(lines[k])) k++;
		if (k >= limit || !declares(k)) return from;
		i = k;
	}
}

/** Brace balance of a line (a heuristic, as `balance`). */
function braces(line: string): number {
	let n = 0;
	for (const ch of line) {
		if (ch === "{") n++;
		else if (ch === "}") n--;
	}
	return n;
}

/** Where a header starting at `i` ends: the line its parentheses close on (at most HEADER_LINES). */
function headerEnd(lines: readonly string[], i: number): number {
	let open = 0;
	for (let j = i; j < Math.min(lines.length, i + HEADER_LINES); j++) {
		open += balance(lines[j] ?? "");
		if (open <= 0) return j;
	}
	return i;
}

/**
 * The header a closing line (`) {`, `}) => {`) belongs to: the nearest line above at the same
 * indent, where a condition written over several lines starts.
 */
function headerStart(lines: readonly string[], i: number): number {
	const line = lines[i] ?? "";
	if (!/^\s*[)\]]/.test(line)) return i;
	const ind = indentOf(line);
	for (let j = i - 1; j >= Math.max(0, i - HEADER_LINES); j--) {
		const l = lines[j] ?? "";
		if (isBlank(l)) continue;
		if (indentOf(l) === ind) return j;
		if (indentOf(l) < ind) break;
	}
	return i;
}

/** Control-flow headers above `at` (relative index) that enclose it, innermost first, as [start, end]. */
export function enclosingHeaders(
	lines: readonly string[],
	at: number,
	max = MAX_CONDITIONS,
): [number, number][] {
	const out: [number, number][] = [];
	let indent = indentOf(lines[at] ?? "");
	for (let i = at - 1; i > 0 && out.length < max; i--) {
		const line = lines[i] ?? "";
		if (isBlank(line)) continue;
		const ind = indentOf(line);
		if (ind >= indent) continue;
		indent = ind;
		const s = headerStart(lines, i);
		const head = lines[s] ?? "";
		if (!CONTROL.test(head)) continue;
		out.push([s, Math.max(i, headerEnd(lines, s))]);
		i = s;
		// An `else` branch is decided by the `if` (and `else if`s) above it at the same indent.
		if (/^\s*(?:\}\s*)?else\b/.test(head)) {
			for (let j = s - 1; j > 0 && out.length < max; j--) {
				const l = lines[j] ?? "";
				if (isBlank(l) || indentOf(l) > ind) continue;
				if (indentOf(l) < ind) break;
				if (!IF.test(l)) continue;
				out.push([j, headerEnd(lines, j)]);
				if (!/\belse\b/.test(l)) break;
			}
		}
	}
	return out;
}

/** Control-flow header lines above `at` that enclose it, innermost first (the first line of each). */
export function enclosingConditions(lines: readonly string[], at: number): number[] {
	return enclosingHeaders(lines, at).map(([s]) => s);
}

/**
 * Early exits before `at`: an `if` at any level enclosing it (a sibling of the path) whose short
 * block returns, throws, continues or breaks. Reaching `at` depends on its condition being false.
 * Nearest first, as [header start, header end, exit line].
 */
export function guardsBefore(
	lines: readonly string[],
	at: number,
	max = MAX_GUARDS,
): [number, number, number][] {
	const out: [number, number, number][] = [];
	let indent = indentOf(lines[at] ?? "");
	for (let i = at - 1; i > 0 && out.length < max; i--) {
		const line = lines[i] ?? "";
		if (isBlank(line)) continue;
		const ind = indentOf(line);
		if (ind < indent) {
			indent = ind;
			continue;
		}
		if (ind !== indent || !IF.test(line)) continue;
		const end = headerEnd(lines, i);
		if (EXIT.test((lines[end] ?? "").replace(/^.*?\)\s*/, " "))) {
			out.push([i, end, end]);
			continue;
		}
		for (let j = end + 1; j < Math.min(at, end + GUARD_BLOCK_LINES); j++) {
			const l = lines[j] ?? "";
			if (isBlank(l)) continue;
			if (indentOf(l) <= ind) break;
			if (EXIT.test(l)) {
				out.push([i, end, j]);
				break;
			}
		}
	}
	return out;
}

/** Lines above a use searched for a declaration, declarations kept per use, and their length at most. */
const DECLARATION_REACH = 200;
const DECLARATIONS_PER_USE = 2;
const HOP_DECLARATIONS = 4;
const DECLARATION_LINES = 6;
const KEYWORDS = new Set([
	"if",
	"else",
	"return",
	"await",
	"const",
	"let",
	"var",
	"new",
	"this",
	"true",
	"false",
	"null",
	"undefined",
	"typeof",
	"instanceof",
	"void",
	"for",
	"while",
	"switch",
	"case",
	"throw",
	"async",
]);

/**
 * The inputs of a decision: local declarations (`const isReady = …`) of the names the lines
 * [from, to] use, nearest above them, as [start, end] (the statement, at most DECLARATION_LINES).
 * A condition on `isReady` says nothing until the line computing it is read.
 */
export function declarationsUsed(
	lines: readonly string[],
	from: number,
	to: number,
	max = DECLARATIONS_PER_USE,
): [number, number][] {
	const text = lines.slice(from, to + 1).join(" ");
	const names = [
		...new Set(
			[...text.replace(/(["'`]).*?\1/g, " ").matchAll(/(?<![.\w$])([A-Za-z_$][\w$]*)/g)]
				.map((m) => m[1] as string)
				.filter((n) => n.length > 2 && !KEYWORDS.has(n)),
		),
	];
	const out: [number, number][] = [];
	for (let i = from - 1; i > 0 && i >= from - DECLARATION_REACH && out.length < max; i--) {
		const m = /^\s*(?:const|let|var)\s+(\{[^}]*\}|\[[^\]]*\]|[A-Za-z_$][\w$]*)/.exec(lines[i] ?? "");
		if (!m) continue;
		const declared = (m[1] as string).match(/[A-Za-z_$][\w$]*/g) ?? [];
		if (!declared.some((d) => names.includes(d))) continue;
		// The statement: until its brackets close and its line does not end in an operator.
		let end = i;
		let open = 0;
		for (let j = i; j < Math.min(lines.length, i + DECLARATION_LINES); j++) {
			const l = lines[j] ?? "";
			for (const ch of l) {
				if ("([{".includes(ch)) open++;
				else if (")]}".includes(ch)) open--;
			}
			end = j;
			if (open <= 0 && !/(?:=|&&|\|\||\?|:|\+|-)\s*$/.test(l)) break;
		}
		out.push([i, end]);
	}
	return out;
}

/** Merge [start, end] intervals (relative) that overlap or nearly touch. */
export function mergeIntervals(intervals: readonly [number, number][], gap = MERGE_GAP): [number, number][] {
	const sorted = [...intervals].sort((a, b) => a[0] - b[0]);
	const out: [number, number][] = [];
	for (const [s, e] of sorted) {
		const last = out.at(-1);
		if (last && s <= last[1] + gap + 1) last[1] = Math.max(last[1], e);
		else out.push([s, e]);
	}
	return out;
}

/** Slices of a definition as absolute [start, end] line ranges, in file order. */
export function sliceDefinition(input: SliceInput): [number, number][] {
	const { lines, startLine } = input;
	const last = lines.length - 1;
	const clamp = (i: number) => Math.max(0, Math.min(last, i));
	const taken = new Set<number>();
	const wanted: [number, number][] = [];
	/** Add lines [s, e] if the new ones fit; lines already taken cost nothing. */
	const add = (s: number, e: number): boolean => {
		const a = clamp(s);
		const b = clamp(e);
		let fresh = 0;
		for (let i = a; i <= b; i++) if (!taken.has(i)) fresh++;
		if (taken.size + fresh > input.maxLines) return false;
		for (let i = a; i <= b; i++) taken.add(i);
		wanted.push([a, b]);
		return true;
	};
	// The signature runs down to the declaration line: a decorated definition's first lines are its decorators.
	const declaration = input.decorated ? declarationStart(lines) : 0;
	add(0, signatureEnd(lines, declaration));
	// An overloaded function's range starts at its first overload: its implementation's own
	// declaration (the one with a body) is what runs.
	const implementation = input.overloadsOf
		? implementationStart(lines, declaration, input.overloadsOf)
		: declaration;
	if (implementation > declaration) add(implementation, signatureEnd(lines, implementation));
	/** What decides whether line `at` runs: its enclosing headers, then the early exits before it. */
	const deciding = (at: number, conditions: number, guards: number, inputs: boolean) => {
		for (const [s, e] of enclosingHeaders(lines, at, conditions)) {
			if (!add(s, e) || !inputs) continue;
			for (const [ds, de] of declarationsUsed(lines, s, e)) add(ds, de);
		}
		for (const [s, e, exit] of guardsBefore(lines, at, guards)) {
			if (add(s, e) && exit > e) add(exit, exit);
		}
	};
	let first = true;
	for (const site of input.sites) {
		const at = site - startLine;
		if (at < 0 || at > last) continue;
		const around = first ? FIRST_SITE_CONTEXT : SITE_CONTEXT;
		if (!add(at - around, at + around) && !add(at, at)) continue;
		// The first hop's own inputs (what it is passed) are read too.
		const inputs = first && input.inputs === true;
		// (a call's arguments often sit on the lines after it)
		if (inputs) {
			for (const [ds, de] of declarationsUsed(lines, at, Math.min(last, at + around), HOP_DECLARATIONS))
				add(ds, de);
		}
		deciding(at, MAX_CONDITIONS, MAX_GUARDS, inputs);
		first = false;
	}
	const words = input.words.filter((w) => w.length >= 4);
	if (words.length) {
		// Lines holding more of the question's words first; a condition holding them before a plain line.
		const scored: { i: number; score: number }[] = [];
		for (let i = 1; i <= last; i++) {
			const line = lines[i] ?? "";
			const text = line.toLowerCase();
			const hits = words.filter((w) => text.includes(w)).length;
			if (hits) scored.push({ i, score: hits + (CONTROL.test(line) ? 0.5 : 0) });
		}
		scored.sort((x, y) => y.score - x.score || x.i - y.i);
		for (const { i } of scored.slice(0, MAX_WORD_LINES)) {
			if (!add(i - 1, i + 1) && !add(i, i)) continue;
			deciding(i, WORD_CONDITIONS, 1, false);
		}
	}
	const slices = mergeIntervals(wanted);
	const tail = slices.at(-1);
	if (tail && tail[1] < last && last - tail[1] <= (input.tailLines ?? 0)) tail[1] = last;
	return slices.map(([s, e]) => [startLine + s, startLine + e]);
}

/**
 * A caller's glimpse runs past its last context line to the end of an `if` block a line from the call
 * on opens, when the block closes within this many lines (`if (canceled) {` … `}`: what the call's
 * result decides).
 */
const GLIMPSE_BLOCK_LINES = 10;
/**
 * The `if` that tests what the call returned (`const { passed } = await check(…)` … `if (!passed) {`):
 * looked for this many lines after the call, and taken whole when its block closes within RESULT_BLOCK_LINES.
 */
const RESULT_USE_LINES = 8;
const RESULT_BLOCK_LINES = 25;
/** An `if` header opening a block on its own line. */
const IF_BLOCK = /^\s*(?:\}\s*)?(?:else\s+)?if\b.*\{\s*$/;

/**
 * The last line of a caller's glimpse, as an offset in the caller's `lines`: `to` (the call at `at`
 * and its context), or further to the end of an `if` block a line from `at` to `to` opens when it
 * closes within GLIMPSE_BLOCK_LINES after `to`, or of the `if` testing what the call at `at` assigns.
 */
export function glimpseEnd(lines: readonly string[], at: number, to: number): number {
	let end = to;
	for (let i = at; i <= to && i < lines.length; i++) {
		if (!IF_BLOCK.test(lines[i] ?? "")) continue;
		const close = ifBlockClose(lines, i, to + GLIMPSE_BLOCK_LINES);
		if (close !== null) end = Math.max(end, close);
	}
	return Math.max(end, resultTest(lines, at));
}

/** The names a call's line assigns its result to: `const x =`, `const { a, b: c } =`, `let [d, e] =`. */
function assignedNames(text: string): string[] {
	const m = /\b(?:const|let|var)\s+(\{[^}]*\}|\[[^\]]*\]|[\w$]+)\s*(?::[^=]+)?=/.exec(text);
	if (!m) return [];
	const bound = (m[1] as string).replace(/[\w$]+\s*:/g, "");
	return [...bound.matchAll(/[A-Za-z_$][\w$]*/g)].map((x) => x[0]);
}

/**
 * The last line of the `if` block testing the result the call at `at` assigns, when one opens within
 * RESULT_USE_LINES lines and closes within RESULT_BLOCK_LINES more; else `at`.
 */
function resultTest(lines: readonly string[], at: number): number {
	const names = assignedNames(lines[at] ?? "");
	if (names.length === 0) return at;
	const reach = at + RESULT_USE_LINES + RESULT_BLOCK_LINES;
	for (let i = at + 1; i <= at + RESULT_USE_LINES && i < lines.length; i++) {
		const head = lines[i] ?? "";
		const tests = names.some((n) => new RegExp(`(?<![\\w$.])${escapeRegExp(n)}(?![\\w$])`).test(head));
		if (!IF_BLOCK.test(head) || !tests) continue;
		const close = ifBlockClose(lines, i, reach);
		return close !== null && close - i <= RESULT_BLOCK_LINES ? close : at;
	}
	return at;
}

/**
 * The line closing the block the `if` header at `i` opens: the first non-empty line at most `limit`
 * back at the header's indent, when it is a `}`; null otherwise (no block, or it runs past `limit`).
 */
function ifBlockClose(lines: readonly string[], i: number, limit: number): number | null {
	const indent = indentOf(lines[i] ?? "");
	for (let j = i + 1; j <= limit && j < lines.length; j++) {
		const l = lines[j] ?? "";
		if (l.trim() === "" || indentOf(l) > indent) continue;
		return /^\s*\}/.test(l) ? j : null;
	}
	return null;
}
