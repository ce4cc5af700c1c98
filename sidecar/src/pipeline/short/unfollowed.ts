/**
 * The calls a definition's body writes that the index could not resolve to a definition, read from
 * the stored text: `queryBus.register(handlers)` on an object whose type the index cannot follow.
 * "Calls no other code in this repository" was said of such a body (session 44's second reader): it
 * may be said only when the body calls no name the repository defines.
 */
import type { DefRow } from "../../index/types.js";
import { encloses } from "../encloses.js";
import type { PathIndex } from "../path/types.js";
import { codeOnly, isBlank } from "../source-lines.js";
import { callsOutside, moduleFile, type OriginCache } from "./call-origin.js";

/** Lines of a body read at most (a last step is seldom longer; past it a call says little of the step). */
const BODY_LINES = 200;

/**
 * A call as written: a name, perhaps on a receiver (`a.b?.c`), perhaps with type arguments, then `(`.
 * Not after a `.` or a name character (a member's inner part), nor after `new` (a construction).
 */
const CALL = /(?<![\w$.])((?:[\w$]+\s*\??\.\s*)*[\w$]+)\s*(?:<[^<>()]*>)?\s*\(/g;

/** Words that open parentheses without calling anything. */
const KEYWORDS = new Set([
	"if",
	"for",
	"while",
	"switch",
	"catch",
	"function",
	"return",
	"typeof",
	"await",
	"yield",
	"super",
	"import",
	"void",
	"delete",
	"in",
	"of",
	"async",
	"constructor",
]);

/**
 * Method names the language's own objects carry (arrays, maps, sets, strings, promises, `Object`,
 * `JSON`, `Math`, `console`): `cache.set(k, v)` is no call into the repository because a store there
 * also has a `set`.
 */
const BUILTIN_MEMBERS: ReadonlySet<string> = new Set(
	[
		Array.prototype,
		Map.prototype,
		Set.prototype,
		WeakMap.prototype,
		String.prototype,
		Number.prototype,
		Promise.prototype,
		Object.prototype,
		Function.prototype,
		Date.prototype,
		RegExp.prototype,
		Object,
		Array,
		Promise,
		JSON,
		Math,
		Number,
		console,
	].flatMap((o) => Object.getOwnPropertyNames(o)),
);

/**
 * Names the body binds itself: parameters (of the definition and of functions written in it) and
 * `const` / `let` / `var` names. A bare call of one runs what was handed in or made there
 * (`(bru, runRequest) => { … runRequest(x) }`), not the repository's definition of that name.
 */
function boundNames(code: string): Set<string> {
	const names = new Set<string>();
	const addList = (list: string) => {
		for (const part of list.split(",")) {
			const m = /^[\s.{[]*([\w$]+)/.exec(part);
			if (m) names.add(m[1] as string);
		}
	};
	for (const m of code.matchAll(/\(([^()]*)\)\s*(?::[^=;{}]*)?=>/g)) addList(m[1] as string);
	for (const m of code.matchAll(/\bfunction\b\s*\*?\s*[\w$]*\s*\(([^()]*)\)/g)) addList(m[1] as string);
	for (const m of code.matchAll(
		/^\s*(?:(?:public|private|protected|static|async|get|set)\s+)*[\w$#]+\s*\(([^()]*)\)\s*(?::[^{]*)?\{/gm,
	))
		addList(m[1] as string);
	for (const m of code.matchAll(/([\w$]+)\s*=>/g)) names.add(m[1] as string);
	for (const m of code.matchAll(/\b(?:const|let|var)\s+([\w$]+)/g)) names.add(m[1] as string);
	return names;
}

/** A call as written in a body and the line it is written on. */
export interface CallSite {
	written: string;
	line: number;
}

/** A module required and called where it is required: `require('./slug')(s)`, `require('x').make(s)`. */
const REQUIRE_CALL = /\brequire\s*\(\s*(['"])([^'"]+)\1\s*\)\s*(?:\.\s*([\w$]+)\s*)?\(/g;

/**
 * The calls `def`'s body writes, as written (`queryBus.register`), whose last name the repository
 * defines as a function or method though no edge of `def` reaches one so named: the code the body
 * goes on to that the index could not follow. A call on a package's value, the runtime's or a global
 * (`_.deburr` with `_` required from a package) is none, whatever its name (call-origin.ts); a module
 * of the repository required and called in place (`require('slug')(s)`) is one. In body order, each
 * once; none without `defsByName`.
 */
export function unfollowedCallSites(index: PathIndex, def: DefRow): CallSite[] {
	if (!index.defsByName || !def.file || def.startLine === null || def.endLine === null) return [];
	const file = def.file;
	const lines =
		index.fileLines(file, def.startLine, Math.min(def.endLine, def.startLine + BODY_LINES - 1)) ?? [];
	// Names the index resolved from this body or the definitions written inside it, and theirs (its own code).
	const known = new Set<string>([def.name]);
	const reachedFiles = new Set<string>();
	const note = (id: number) => {
		for (const e of index.edgesFrom(id)) {
			const dst = index.defById(e.dst);
			if (!dst) continue;
			known.add(dst.name);
			if (dst.file) reachedFiles.add(dst.file);
		}
	};
	note(def.id);
	for (const d of index.defsInFile(file)) {
		if (!encloses(index, def, d)) continue;
		known.add(d.name);
		note(d.id);
	}
	const code = lines.map(codeOnly);
	const bound = boundNames(code.join("\n"));
	const origins: OriginCache = new Map();
	const calls: CallSite[] = [];
	const seen = new Set<string>();
	code.forEach((text, i) => {
		if (isBlank(text)) return;
		const line = def.startLine as number;
		const required = /\brequire\s*\(\s*""\s*\)/.test(text) ? (lines[i] ?? "") : "";
		for (const m of required.matchAll(REQUIRE_CALL)) {
			const to = moduleFile(index, file, m[2] as string);
			if (!to || to === "outside" || reachedFiles.has(to)) continue;
			const written = `require('${m[2]}')${m[3] ? `.${m[3]}` : ""}`;
			if (seen.has(written)) continue;
			seen.add(written);
			calls.push({ written, line: line + i });
		}
		for (const m of text.matchAll(CALL)) {
			const written = (m[1] as string).replace(/\s+/g, "");
			const before = text.slice(0, m.index).trimEnd();
			if (/\bnew$/.test(before) || /\bfunction\s*\*?$/.test(before)) continue;
			const parts = written.split(/\??\./);
			const name = parts.at(-1) as string;
			if (KEYWORDS.has(name) || known.has(name) || seen.has(written)) continue;
			if (parts.length === 1 && bound.has(name)) continue;
			if (parts.length > 1 && BUILTIN_MEMBERS.has(name)) continue;
			if (!index.defsByName?.(name, 20).some((d) => d.file && (d.kind === "function" || d.kind === "method")))
				continue;
			if (callsOutside(index, def, written, origins)) continue;
			seen.add(written);
			calls.push({ written, line: line + i });
		}
	});
	return calls;
}

/** The calls of `unfollowedCallSites`, as written. */
export function unfollowedCalls(index: PathIndex, def: DefRow): string[] {
	return unfollowedCallSites(index, def).map((c) => c.written);
}
