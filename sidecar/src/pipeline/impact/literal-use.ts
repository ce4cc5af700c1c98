/**
 * Which lines that write a name as a whole word *use* it. The impact listing's literal channel finds
 * every line of a file holding the name as text; most are uses (`repo.insert(…)`, `import { insert }`),
 * but some only share the name: a local declared with it (`const insert = qb.insertInto(…)`) and the
 * lines using that local, an object key or a typed parameter (`{ from, to, insert: "" }`), the word in
 * a comment or in a message (`"not found after insert"`), a module path (`from './sendMessage'`).
 * Those are not counted as places a change reaches. Read line by line, without a parser (TypeScript's
 * scanner cuts a line into code, strings and comments; a line opening inside a block comment's `*` is a comment).
 */
import { createRequire } from "node:module";
import type { ts as Ts } from "ts-morph";
import { escapeRegExp } from "../../escape-regexp.js";
import { isBlank } from "../source-lines.js";

/** How one occurrence of the name stands in its line. */
export type Mention =
	/** A use: a member read or call (`x.insert(`), a reference to it, the name as a whole string (`'insert'`). */
	| "use"
	/** The bare name in code: a use, unless the file declares a local of that name. */
	| "bare"
	/** A declaration of a local, a parameter, or a type of that name (`const insert =`, `function insert(`). */
	| "declaration"
	/** An object key, an annotated field or parameter (`insert: ""`, `readonly insert: boolean`); a key's registration. */
	| "key"
	/** In a comment, in a string as a word of a message, or a module path: text, not code. */
	| "text";

export interface LiteralOptions {
	/** The name is a string key (an event, a method name): written in strings, it is used there. */
	key: boolean;
	/** The file is the target's own: its declarations of the name are the target itself. */
	ownFile: boolean;
	/** A test file: an object key of the name is a mock or stub of it (`vi.mock(…, () => ({ name: vi.fn() }))`). */
	test?: boolean;
	/** Any line of the file by its 1-based number: a parameter list written over several lines is read whole. */
	lineAt?: (n: number) => string | undefined;
}

/** Lines read on each side of a name standing alone on its line, for the parameter list around it. */
const AROUND = 12;

/** The lines around line `n` with their comments and strings blanked (brackets in them are no code). */
export interface Around {
	before: string;
	after: string;
}

function around(lineAt: (n: number) => string | undefined, n: number): Around {
	const read = (from: number, to: number) => {
		const out: string[] = [];
		for (let i = from; i <= to; i++) {
			const t = lineAt(i);
			if (t === undefined) continue;
			out.push(codeOnly(t));
		}
		return out;
	};
	const before = read(Math.max(1, n - AROUND), n - 1);
	const after = read(n + 1, n + AROUND);
	return {
		before: before.length ? `${before.join("\n")}\n` : "",
		after: after.length ? `\n${after.join("\n")}` : "",
	};
}

/** The line with its strings and comments turned to spaces. */
function codeOnly(line: string): string {
	return spans(line)
		.map((s) => (s.kind === "code" ? line.slice(s.start, s.end) : " ".repeat(s.end - s.start)))
		.join("");
}

/** A span of a line: code, a string (with where its quote opened), or a comment. */
interface Span {
	kind: "code" | "string" | "comment";
	start: number;
	end: number;
}

/**
 * ts-morph's TypeScript and one scanner for every line read (`spans` sets its text), loaded at the
 * first line: only impact questions read lines, and loading TypeScript costs ~0.4 s of CPU.
 */
let lexer: { ts: typeof Ts; scanner: Ts.Scanner } | undefined;
function loadLexer(): { ts: typeof Ts; scanner: Ts.Scanner } {
	if (!lexer) {
		const ts = (createRequire(import.meta.url)("ts-morph") as { ts: typeof Ts }).ts;
		lexer = { ts, scanner: ts.createScanner(ts.ScriptTarget.Latest, false, ts.LanguageVariant.Standard) };
	}
	return lexer;
}

/**
 * The line cut into code, string and comment spans by TypeScript's scanner, on the line alone: a
 * string or comment left open ends at the line's end, a `/` is never read as a regular expression's
 * start, and a template substitution (`${x.insert()}`, with its `${` and `}`) is code.
 */
function spans(line: string): Span[] {
	if (isBlank(line)) return [{ kind: "comment", start: 0, end: line.length }];
	const { ts, scanner } = loadLexer();
	const out: Span[] = [];
	let from = 0;
	const push = (kind: Span["kind"], end: number) => {
		if (end > from) out.push({ kind, start: from, end });
		from = end;
	};
	// Per template substitution still open (innermost last): the braces opened in it and not closed.
	const open: number[] = [];
	scanner.setText(line);
	for (let token = scanner.scan(); token !== ts.SyntaxKind.EndOfFileToken; token = scanner.scan()) {
		const start = scanner.getTokenStart();
		switch (token) {
			case ts.SyntaxKind.SingleLineCommentTrivia:
			case ts.SyntaxKind.MultiLineCommentTrivia:
				push("code", start);
				push("comment", scanner.getTokenEnd());
				break;
			case ts.SyntaxKind.StringLiteral:
			case ts.SyntaxKind.NoSubstitutionTemplateLiteral:
				push("code", start);
				push("string", scanner.getTokenEnd());
				break;
			case ts.SyntaxKind.TemplateHead:
				push("code", start);
				push("string", templateTextEnd(scanner));
				open.push(0);
				break;
			case ts.SyntaxKind.OpenBraceToken: {
				const depth = open.pop();
				if (depth !== undefined) open.push(depth + 1);
				break;
			}
			case ts.SyntaxKind.CloseBraceToken: {
				const depth = open.pop();
				if (depth === undefined) break;
				if (depth > 0) {
					open.push(depth - 1);
					break;
				}
				// The substitution's `}`: the template's text resumes after it.
				const resumed = scanner.reScanTemplateToken(false);
				push("code", start + 1);
				push("string", templateTextEnd(scanner));
				if (resumed === ts.SyntaxKind.TemplateMiddle) open.push(0);
				break;
			}
		}
	}
	push("code", line.length);
	return out;
}

/** Where the template text just scanned ends: before its `${`, or at its end (closing quote or none). */
function templateTextEnd(scanner: Ts.Scanner): number {
	const end = scanner.getTokenEnd();
	return scanner.getTokenText().endsWith("${") ? end - 2 : end;
}

/** Words before a string that make it a module path (`from "./x"`, `require("./x")`, `import "./x"`). */
const MODULE_SPEC = /(?:\bfrom|^\s*import|\bimport\s*\(|\brequire\s*\()\s*$/;
/** Words that declare the name that follows them. */
const DECLARES =
	/(?:\b(?:const|let|var|function\*?|class|interface|type|enum|namespace)|\bfunction\s*\*)\s+$/;
/** What follows a name bound to a required or imported module (`= require(`, `= await import(`). */
const REQUIRED = /^\s*=\s*(?:await\s+)?(?:require|import)\s*\(/;
/** Modifiers of a class member or parameter written before its name. */
const MODIFIER = /\b(?:public|private|protected|readonly|static|declare|abstract|override|accessor)\s+$/;

/** Each whole-word occurrence of `name` in `line`, classified. */
export function mentions(line: string, name: string, key: boolean, context?: () => Around): Mention[] {
	const re = new RegExp(`(?<![\\w$])${escapeRegExp(name)}(?![\\w$])`, "g");
	const parts = spans(line);
	const out: Mention[] = [];
	for (const m of line.matchAll(re)) {
		const at = m.index ?? 0;
		const end = at + name.length;
		const span = parts.find((s) => at >= s.start && at < s.end);
		if (!span || span.kind === "comment") {
			out.push("text");
			continue;
		}
		if (span.kind === "string") {
			out.push(inString(line, span, at, end, name, key));
			continue;
		}
		const pre = line.slice(0, at);
		const post = line.slice(end);
		if (/(?:^|[^.])\.\s*$|\?\.\s*$/.test(pre)) out.push("use");
		// `const x = require("./x")` binds the module's export: an import, not a local of its own.
		else if (DECLARES.test(pre) && REQUIRED.test(post)) out.push("bare");
		else if (DECLARES.test(pre)) out.push("declaration");
		else if (/^\s*\??\s*:(?!:)/.test(post) && /\(\s*$/.test(pre)) out.push("declaration");
		else if (/^\s*\??\s*:(?!:)/.test(post) && (/(?:^|[{,;])\s*$/.test(pre) || MODIFIER.test(pre)))
			out.push("key");
		else if (untypedParameter(line, at, end) || splitParameter(line, at, end, context))
			out.push("declaration");
		else out.push("bare");
	}
	return out;
}

/** Words before a parenthesis that holds a condition or a value, not parameters (`if (x) {`). */
const NOT_PARAMETERS = /\b(?:if|while|for|switch|with|return|typeof|await|yield)\s*$/;
/** What follows a parameter list: an arrow or a body, after any return type. */
const AFTER_PARAMETERS = /^\s*(?::[^=;{]*(?:\{[^}]*\}[^=;{]*)?)?(?:=>|\{)/;

/**
 * Is the name at `at`…`end` a parameter without a type (`(insert) =>`, `insert => …`, `function f(a, insert = 1) {`)?
 * A local of that name, as a typed one is: its value is whatever is passed, not the subject. Read on the line
 * alone: a parameter list written over several lines is not told.
 */
function untypedParameter(line: string, at: number, end: number): boolean {
	const post = line.slice(end);
	if (/^\s*=>/.test(post)) return true;
	if (!/[(,]\s*$/.test(line.slice(0, at)) || !/^\s*(?:[,)]|=(?![=>]))/.test(post)) return false;
	const open = enclosingOpen(line, at);
	if (open < 0 || line[open] !== "(" || NOT_PARAMETERS.test(line.slice(0, open))) return false;
	const close = matchingClose(line, open);
	return close >= 0 && AFTER_PARAMETERS.test(line.slice(close + 1));
}

/**
 * The same for a parameter list over several lines (`function f(\n  a,\n  insert,\n) {`): the name
 * starts or ends its line's code (a list's item), read with the lines around it.
 */
function splitParameter(line: string, at: number, end: number, context?: () => Around): boolean {
	if (!context) return false;
	const alone = /^\s*$/.test(line.slice(0, at)) || /^\s*(?:,|\)|=(?![=>])[^;]*,?)?\s*$/.test(line.slice(end));
	if (!alone) return false;
	const { before, after } = context();
	return untypedParameter(before + line + after, before.length + at, before.length + end);
}

/** Where the bracket holding `at` opens on the line, or -1. */
function enclosingOpen(line: string, at: number): number {
	let depth = 0;
	for (let i = at - 1; i >= 0; i--) {
		const c = line[i] as string;
		if (")]}".includes(c)) depth++;
		else if ("([{".includes(c) && depth-- === 0) return i;
	}
	return -1;
}

/** Where the bracket opening at `open` closes on the line, or -1. */
function matchingClose(line: string, open: number): number {
	let depth = 0;
	for (let i = open + 1; i < line.length; i++) {
		const c = line[i] as string;
		if ("([{".includes(c)) depth++;
		else if (")]}".includes(c) && depth-- === 0) return i;
	}
	return -1;
}

/** An occurrence inside a string: a use when the string is the name, a key, or code (`"x.insert()"`). */
function inString(line: string, span: Span, at: number, end: number, name: string, key: boolean): Mention {
	// The quote opens at span.start unless the span resumes after a substitution.
	const quoted = /["'`]/.test(line[span.start] ?? "") ? span.start : -1;
	if (quoted >= 0 && MODULE_SPEC.test(line.slice(0, quoted))) return "text";
	const before = line[at - 1] ?? "";
	const after = line.slice(end);
	// A longer dotted name holds it as its last or inner part (`chat.sendMessage` is another key).
	if (before === "." || /^\.[\w$]/.test(after)) return "text";
	if (key) return "use";
	const content = line.slice(quoted >= 0 ? quoted + 1 : span.start, span.end).replace(/["'`]$/, "");
	if (content === name) return "use";
	// Code written in a string (a template's binding, `:src="attachment.url(x)"`): a call is a use.
	return /^\s*\(/.test(after) ? "use" : "text";
}

/**
 * Of a file's lines naming `name`, the line numbers that use it. `lines` maps a 1-based line number
 * to its text (the whole file, or only the lines naming it). A file declaring a local of the name
 * (and not importing it) means that local wherever it writes the bare name.
 */
export function usingLines(
	lines: ReadonlyMap<number, string>,
	name: string,
	options: LiteralOptions,
): number[] {
	const byLine = new Map<number, Mention[]>();
	let declares = false;
	let imports = false;
	const { lineAt } = options;
	for (const [n, text] of lines) {
		const ms = mentions(text, name, options.key, lineAt ? () => around(lineAt, n) : undefined);
		if (!ms.length) continue;
		byLine.set(n, ms);
		if (ms.includes("declaration")) declares = true;
		if (/^\s*import\b|\brequire\s*\(/.test(text) && ms.some((m) => m === "bare" || m === "use"))
			imports = true;
	}
	const shadowed = declares && !imports && !options.ownFile;
	// A key's name as an object's key registers it (`Meteor.methods({ sendMessage: … })`); in a test it mocks it.
	const uses = (m: Mention) =>
		m === "use" || (m === "bare" && !shadowed) || (m === "key" && (options.key || options.test === true));
	return [...byLine.entries()].filter(([, ms]) => ms.some(uses)).map(([n]) => n);
}

/**
 * How a line using the bare name runs it: `name(…)` / `name<T>(…)` is a call, `new Name(…)` a
 * creation; else null. The index's own call edges miss some of them (a second call in the same
 * caller, a function bound by `require`): told as calls, not as lines that merely name it.
 */
export function bareRun(line: string, name: string): "call" | "new" | null {
	const re = new RegExp(`(?<![\\w$.])${escapeRegExp(name)}\\s*(?:<[^<>()]*>)?\\s*\\(`, "g");
	const parts = spans(line);
	for (const m of line.matchAll(re)) {
		const at = m.index ?? 0;
		if (parts.find((s) => at >= s.start && at < s.end)?.kind !== "code") continue;
		const pre = line.slice(0, at);
		// Its declaration, or a method of that name defined on the line (`async name(a) {`), runs nothing.
		const defines = /\b(?:async|get|set|static)\s+$|^\s*$/.test(pre) && /\)\s*(?::[^{]*)?\{\s*$/.test(line);
		if (DECLARES.test(pre) || defines) continue;
		return /\bnew\s+$/.test(pre) ? "new" : "call";
	}
	return null;
}

/**
 * Does the line call a member of that name (`this.repo.insert(…)`, `x?.insert<T>(…)`) in code? The
 * index keeps one call edge per caller and callee: a second call of a method in the same caller
 * (`this.stock.level(ctx, a)` at one line, `.map((v) => this.stock.level(ctx, v))` lower down) has
 * no edge of its own, and is found here.
 */
export function memberRun(line: string, name: string): boolean {
	const re = new RegExp(`(?:\\?\\.|(?<!\\.)\\.)\\s*${escapeRegExp(name)}\\s*(?:<[^<>()]*>)?\\s*\\(`, "g");
	const parts = spans(line);
	for (const m of line.matchAll(re)) {
		const at = (m.index ?? 0) + m[0].indexOf(name);
		if (parts.find((s) => at >= s.start && at < s.end)?.kind === "code") return true;
	}
	return false;
}
