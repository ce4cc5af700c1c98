/**
 * Whether a call the index did not resolve runs code from outside the repository: `_.deburr(s)` with
 * `_` required from a package, `prisma.post.update(…)` on a field typed by a package's class,
 * `document.querySelector(…)` on a global. Such a call shares its last name with a repository method
 * (`update`, `deburr`) by chance; it is no call "not followed into this repository" (session 45's
 * second reader). Read from the stored text and the indexer's module resolutions; no list of names.
 */
import type { DefRow } from "../../index/types.js";
import type { PathIndex } from "../path/types.js";

/** Classes walked through when typing a receiver (a member's declared type, a base class). */
const DEPTH = 6;

/** Type wrappers whose first argument is the type whose members the value has. */
const WRAPPERS = new Set(["Pick", "Omit", "Partial", "Readonly", "Required", "NonNullable", "Awaited"]);

/** Where a value comes from: a package or the runtime, a class of the repository, or unknown (null). */
type Origin = { outside: true } | { cls: DefRow } | null;

const OUTSIDE: Origin = { outside: true };

/** Files read while typing receivers, kept for the calls of one body. */
export type OriginCache = Map<string, FileFacts | null>;

/** A file's text, its import bindings, and the file itself, read once per question. */
interface FileFacts {
	file: string;
	text: string;
	/** Local name → module name as written (`import x from 'm'`, `const { x } = require('m')`). */
	imports: Map<string, string>;
}

/** The local names each import or `require` of the text binds, with the module name. */
export function importBindings(text: string): Map<string, string> {
	const out = new Map<string, string>();
	const names = (list: string, spec: string) => {
		for (const part of list.split(",")) {
			const m = /([\w$]+)\s*$/.exec(
				part
					.replace(/\s+as\s+/, " ")
					.replace(/:\s*/, " ")
					.trim(),
			);
			if (m) out.set(m[1] as string, spec);
		}
	};
	for (const m of text.matchAll(/\bimport\s+(?:type\s+)?([^'"`;]*?)\s*\bfrom\s*(['"])([^'"]+)\2/g)) {
		const clause = m[1] as string;
		const spec = m[3] as string;
		const star = /\*\s*as\s+([\w$]+)/.exec(clause);
		if (star) out.set(star[1] as string, spec);
		const braces = /\{([^}]*)\}/.exec(clause);
		if (braces) names(braces[1] as string, spec);
		const def = /^([\w$]+)/.exec(clause.trim());
		if (def && def[1] !== "type") out.set(def[1] as string, spec);
	}
	for (const m of text.matchAll(
		/\b(?:const|let|var)\s+([\w$]+|\{[^}]*\})\s*=\s*(?:await\s+)?(?:require|import)\s*\(\s*(['"])([^'"]+)\2/g,
	)) {
		const bound = m[1] as string;
		if (bound.startsWith("{")) names(bound.slice(1, -1), m[3] as string);
		else out.set(bound, m[3] as string);
	}
	for (const m of text.matchAll(/\bimport\s+([\w$]+)\s*=\s*require\s*\(\s*(['"])([^'"]+)\2/g))
		out.set(m[1] as string, m[3] as string);
	return out;
}

/** The package a bare module name is of (`@scope/name/sub` → `@scope/name`, `name/sub` → `name`). */
function packageOf(spec: string): string {
	const parts = spec.split("/");
	return spec.startsWith("@") ? parts.slice(0, 2).join("/") : (parts[0] as string);
}

/**
 * The repository file module `spec` (imported by `file`) is, "outside" for a package's or the
 * runtime's, null when unknown (a relative module not recorded, a workspace package unresolved).
 */
export function moduleFile(index: PathIndex, file: string, spec: string): string | "outside" | null {
	const known = index.moduleResolutions?.(file)?.get(spec);
	if (known && known !== "unresolved") return known;
	if (spec.startsWith(".") || spec.startsWith("/")) return null;
	// Not resolved (no installed packages): a package of this repository's workspace is its code.
	if (!index.packages) return null;
	const pkg = packageOf(spec.replace(/^node:/, ""));
	return index.packages().some((p) => p.name === pkg) ? null : "outside";
}

/** Names the text binds anywhere: declarations, parameters, destructured entries, imports. */
function boundInText(text: string, name: string): boolean {
	const n = name.replace(/\$/g, "\\$");
	const patterns = [
		`\\b(?:const|let|var|function\\*?|class|enum|namespace)\\s+${n}\\b`,
		// A parameter or a destructured entry: the name inside a list, followed by `,` `)` `}` `:` `=` `?`.
		`[(,{[]\\s*(?:\\.\\.\\.)?(?:(?:public|private|protected|readonly)\\s+)*${n}\\s*[,)}\\]:=?]`,
		`\\b${n}\\s*=>`,
		`\\bas\\s+${n}\\b`,
		`\\bimport\\s+${n}\\b`,
	];
	return patterns.some((p) => new RegExp(p).test(text));
}

/** The class a class declaration extends (`class A<T extends keyof B> extends C` → `C`), if any. */
function baseOf(cls: DefRow, body: string): string | null {
	let head = cls.signature ?? body.split("{")[0] ?? "";
	for (let i = 0; i < DEPTH && /<[^<>]*>/.test(head); i++) head = head.replace(/<[^<>]*>/g, "");
	return /\bextends\s+([\w$.]+)/.exec(head)?.[1] ?? null;
}

/** The class `def` is written in (itself, or the nearest class above it). */
function classOf(index: PathIndex, def: DefRow): DefRow | null {
	let d: DefRow | undefined = def;
	for (let i = 0; d && i < DEPTH; i++) {
		if (d.kind === "class") return d;
		d = d.parentId === null ? undefined : index.defById(d.parentId);
	}
	return null;
}

/** The file's text and import bindings. */
function factsOf(index: PathIndex, file: string, cache: OriginCache): FileFacts | null {
	const known = cache.get(file);
	if (known !== undefined) return known;
	const lines = index.fileLines(file, 1, Number.MAX_SAFE_INTEGER);
	const facts = lines ? { file, text: lines.join("\n"), imports: importBindings(lines.join("\n")) } : null;
	cache.set(file, facts);
	return facts;
}

/** A class of the repository named `name`, in `file` when given, else the only one so named. */
function repoClass(index: PathIndex, name: string, file: string | null): DefRow | null {
	if (file) return index.defsInFile(file).find((d) => d.kind === "class" && d.name === name) ?? null;
	const all = (index.defsByName?.(name, 5) ?? []).filter((d) => d.kind === "class" && d.file);
	return all.length === 1 ? (all[0] as DefRow) : null;
}

/**
 * Where a type written in `facts`' file comes from: `Pick<Service, "x">` is `Service`'s; a name
 * imported from a package is outside; one of the repository is its class.
 */
function typeOrigin(index: PathIndex, facts: FileFacts, type: string): Origin {
	let t = type.trim().replace(/^readonly\s+/, "");
	for (let i = 0; i < DEPTH; i++) {
		const w = /^([\w$]+)\s*</.exec(t);
		if (!w || !WRAPPERS.has(w[1] as string)) break;
		t = t.slice((w[0] as string).length);
	}
	const name = /^([A-Za-z_$][\w$]*)/.exec(t)?.[1];
	if (!name) return null;
	const spec = facts.imports.get(name);
	if (spec !== undefined) {
		const to = moduleFile(index, facts.file, spec);
		if (to === "outside") return OUTSIDE;
		if (to === null) return null;
		const cls = repoClass(index, name, to) ?? repoClass(index, name, null);
		return cls ? { cls } : null;
	}
	const cls = repoClass(index, name, facts.file);
	return cls ? { cls } : null;
}

/** The type a class writes for its member `name`: a field's annotation, a parameter property's, `= new X(`. */
function memberOrigin(
	index: PathIndex,
	cls: DefRow,
	name: string,
	cache: OriginCache,
	depth: number,
): Origin {
	if (!cls.file || cls.startLine === null || cls.endLine === null || depth >= DEPTH) return null;
	const facts = factsOf(index, cls.file, cache);
	const body = (index.fileLines(cls.file, cls.startLine, cls.endLine) ?? []).join("\n");
	if (!facts) return null;
	const n = name.replace(/\$/g, "\\$");
	const annotated = new RegExp(
		`(?:^|[\\s(,;{])(?:(?:public|private|protected|readonly|static|declare)\\s+)*${n}\\s*[?!]?\\s*:\\s*([^;=,)\\n{]+)`,
		"m",
	).exec(body);
	if (annotated) return typeOrigin(index, facts, annotated[1] as string);
	const made = new RegExp(`(?:^|[\\s.;{])${n}\\s*=\\s*new\\s+([\\w$]+)`, "m").exec(body);
	if (made) return typeOrigin(index, facts, made[1] as string);
	// Not written in the class: inherited from its base.
	const base = baseOf(cls, body);
	if (!base) return null;
	const from = typeOrigin(index, facts, base);
	if (!from || "outside" in from) return from;
	return memberOrigin(index, from.cls, name, cache, depth + 1);
}

/** Where the value named `root` comes from, in the body of `def`. */
function rootOrigin(index: PathIndex, def: DefRow, root: string, facts: FileFacts): Origin {
	if (root === "this") {
		const cls = classOf(index, def);
		return cls ? { cls } : null;
	}
	const spec = facts.imports.get(root);
	if (spec !== undefined) {
		const to = moduleFile(index, facts.file, spec);
		if (to === "outside") return OUTSIDE;
		if (to === null) return null;
		const cls = repoClass(index, root, to);
		return cls ? { cls } : null;
	}
	const n = root.replace(/\$/g, "\\$");
	// Made by a class: `const client = new S3Client(…)` runs its class's methods (a factory's result,
	// `create((set) => ({ … }))`, may hold the repository's own functions: not read).
	const made = new RegExp(`\\b(?:const|let|var)\\s+${n}\\s*=\\s*(?:await\\s+)?new\\s+([\\w$.]+)`).exec(
		facts.text,
	);
	if (made) return typeOrigin(index, facts, made[1] as string);
	// Declared with a type: a parameter or a variable (`client: SQSClient`).
	const typed = new RegExp(`(?:^|[\\s(,])${n}\\s*\\??\\s*:\\s*([A-Z][\\w$]*(?:\\s*<[^>]*>)?)`, "m").exec(
		facts.text,
	);
	if (typed) return typeOrigin(index, facts, typed[1] as string);
	// Bound nowhere in its file and no definition of the repository: a global of the runtime.
	if (!boundInText(facts.text, root) && index.defsByName && index.defsByName(root, 1).length === 0)
		return OUTSIDE;
	return null;
}

/**
 * Does the call `written` (`a.b.c`, `m`), written in the body of `def`, run code from outside the
 * repository? Only when its receiver's root or a member on the way is known to be a package's, the
 * runtime's or a global; unknown stays "could be the repository's".
 */
export function callsOutside(
	index: PathIndex,
	def: DefRow,
	written: string,
	cache: OriginCache = new Map(),
): boolean {
	if (!def.file) return false;
	const facts = factsOf(index, def.file, cache);
	if (!facts) return false;
	const parts = written.split(/\??\./);
	const root = parts[0] as string;
	if (parts.length === 1) {
		// A bare call of an imported name runs the module's code.
		const spec = facts.imports.get(root);
		return spec !== undefined && moduleFile(index, facts.file, spec) === "outside";
	}
	let origin = rootOrigin(index, def, root, facts);
	for (const member of parts.slice(1, -1)) {
		if (!origin || "outside" in origin) break;
		origin = memberOrigin(index, origin.cls, member, cache, 0);
	}
	if (origin && "cls" in origin) {
		// A method the class (or a base of the repository) does not write, on a base from a package.
		const name = parts.at(-1) as string;
		return memberIsOutside(index, origin.cls, name, cache, 0);
	}
	return origin !== null;
}

/** A member the class does not write, nor any base of the repository, inherited from a package's class. */
function memberIsOutside(
	index: PathIndex,
	cls: DefRow,
	name: string,
	cache: OriginCache,
	depth: number,
): boolean {
	if (!cls.file || cls.startLine === null || cls.endLine === null || depth >= DEPTH) return false;
	const body = (index.fileLines(cls.file, cls.startLine, cls.endLine) ?? []).join("\n");
	if (new RegExp(`\\b${name.replace(/\$/g, "\\$")}\\b`).test(body)) return false;
	const facts = factsOf(index, cls.file, cache);
	const base = baseOf(cls, body);
	if (!facts || !base) return false;
	const from = typeOrigin(index, facts, base);
	if (!from) return false;
	return "outside" in from || memberIsOutside(index, from.cls, name, cache, depth + 1);
}
